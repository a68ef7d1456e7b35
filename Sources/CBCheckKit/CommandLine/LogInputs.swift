#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The logs one `cbcheck check` reads: each argument as given, a directory replaced by the logs
/// under it (recursively, in path order), so `cbcheck logs/ more.log` checks in a fixed order
/// whatever the file system lists first.
///
/// What a search cannot look into is an input of its own with an error (exit status 2, the
/// other files still checked), never left out unseen: a folder with no logs, a subfolder that
/// cannot be opened, a symbolic link loop.
enum LogInputs {
    /// File name endings a directory is searched for.
    static let extensions = [".log", ".txt", ".ndjson", ".log.gz", ".txt.gz", ".ndjson.gz"]

    /// One log to check, or a path the search could not use, with why (an input error).
    struct Input: Sendable, Equatable {
        var path: String
        var error: String?
    }

    /// The arguments in order, each directory expanded in place to its logs sorted by path.
    /// Hidden entries (`.git`) and symbolic links to directories are not followed; a file named
    /// on the command line is kept whatever its name, and a missing one is reported when read.
    static func expand(_ arguments: [String]) -> [Input] {
        arguments.flatMap { argument -> [Input] in
            guard argument != "-", isDirectory(argument) else { return [Input(path: argument)] }
            let found = inputs(under: argument, realPath: realPath(argument)).sorted { $0.path < $1.path }
            guard !found.isEmpty else {
                let names = extensions.filter { !$0.hasSuffix(".gz") }.map { "*\($0)" }.joined(separator: ", ")
                return [Input(path: argument, error: "\(argument): no \(names) files (or .gz) in this directory")]
            }
            return found
        }
    }

    // MARK: - Private

    /// The logs under `directory`, and an error for each folder or link that could not be searched.
    /// - Parameter realPath: `directory` with every link resolved, to tell a link that leads back
    ///   into its own folder (or above it) from one that leads elsewhere.
    private static func inputs(under directory: String, realPath: String?) -> [Input] {
        guard let stream = opendir(directory) else {
            return [Input(path: directory, error: "\(directory): cannot be opened: \(reason(errno))")]
        }
        defer { closedir(stream) }
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        var found: [Input] = []
        while true {
            errno = 0
            guard let entry = readdir(stream) else {
                if errno != 0 {
                    found.append(Input(path: directory, error: "\(directory): read failed: \(reason(errno))"))
                }
                return found
            }
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(cString: $0.bindMemory(to: CChar.self).baseAddress!)
            }
            guard !name.hasPrefix(".") else { continue }
            let path = base + name
            var info = stat()
            guard lstat(path, &info) == 0 else {
                // A name that is not UTF-8 came back repaired (U+FFFD) and names nothing; one
                // that is gone since it was listed is no input at all.
                if name.unicodeScalars.contains("\u{FFFD}") {
                    found.append(
                        Input(path: path, error: "\(path): a name that is not UTF-8 cannot be opened; rename it"))
                } else if errno != ENOENT {
                    found.append(Input(path: path, error: "\(path): cannot be opened: \(reason(errno))"))
                }
                continue
            }
            let isLog = extensions.contains(where: name.hasSuffix)
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                found += inputs(under: path, realPath: realPath.map { $0 + "/" + name })
            case S_IFLNK:
                if let error = linkError(path, in: realPath) {
                    found.append(Input(path: path, error: error))
                } else if isLog, !isDirectory(path) {
                    found.append(Input(path: path))
                }
            default:
                if isLog { found.append(Input(path: path)) }
            }
        }
    }

    /// Why the symbolic link at `path` cannot be searched, or `nil` for a link to a file, to
    /// nothing (reported when read, if it is named like a log) or to a folder elsewhere (not
    /// followed, as documented).
    /// - Parameter folder: the real path of the folder the link is in.
    private static func linkError(_ path: String, in folder: String?) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            return errno == ELOOP ? "\(path): a symbolic link loop (\(reason(ELOOP))); not followed" : nil
        }
        guard info.st_mode & S_IFMT == S_IFDIR, let folder, let target = realPath(path) else { return nil }
        guard folder == target || folder.hasPrefix(target.hasSuffix("/") ? target : target + "/") else { return nil }
        return "\(path): a symbolic link loop (it leads back to \(target), which holds it); not followed"
    }

    private static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}
