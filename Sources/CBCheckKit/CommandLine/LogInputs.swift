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

    /// Which files a folder's search takes (`--include`, `--exclude`, and the same in `.cbcheck`).
    struct Filter: Sendable, Equatable {
        /// When not empty, the files taken are those matching one of these, whatever their ending.
        var includes: [PathGlob] = []
        /// Files and folders left out (a folder's files are not searched).
        var excludes: [PathGlob] = []
    }

    /// What the search found: the logs to check in order, and what `Filter.excludes` left out.
    struct Expansion: Sendable, Equatable {
        var inputs: [Input] = []
        /// The paths of the files and folders left out, in path order (a folder once, not its files).
        var leftOut: [String] = []
    }

    /// The arguments in order, each directory expanded in place to its logs sorted by path.
    /// Hidden entries (`.git`) and symbolic links to directories are not followed; a file named
    /// on the command line is kept whatever its name and whatever the filter, and a missing one
    /// is reported when read.
    static func expand(_ arguments: [String], filter: Filter = Filter()) -> Expansion {
        var expansion = Expansion()
        for argument in arguments {
            guard argument != "-", isDirectory(argument) else {
                expansion.inputs.append(Input(path: argument))
                continue
            }
            var search = Search(filter: filter)
            search.walk(argument, relative: "", realPath: realPath(argument))
            expansion.leftOut += search.leftOut.sorted()
            guard !search.found.isEmpty else {
                expansion.inputs.append(Input(path: argument, error: noLogsError(argument, filter, search.leftOut)))
                continue
            }
            expansion.inputs += search.found.sorted { $0.path < $1.path }
        }
        return expansion
    }

    // MARK: - Private

    /// Why a folder gave no log to check: the endings (or `--include` patterns) looked for, and
    /// how many entries `--exclude` left out.
    private static func noLogsError(_ folder: String, _ filter: Filter, _ leftOut: [String]) -> String {
        let wanted =
            filter.includes.isEmpty
            ? extensions.filter { !$0.hasSuffix(".gz") }.map { "*\($0)" }.joined(separator: ", ") + " files (or .gz)"
            : "files matching " + filter.includes.map { "'\($0.text)'" }.joined(separator: ", ")
        let excluded = leftOut.isEmpty ? "" : " (\(leftOut.count) left out by exclude)"
        return "\(folder): no \(wanted) in this directory\(excluded)"
    }

    /// One folder argument's search: the logs under it, an error for each folder or link that
    /// could not be searched, and what the filter left out.
    private struct Search {
        let filter: Filter
        var found: [Input] = []
        var leftOut: [String] = []

        /// - Parameters:
        ///   - relative: `directory`'s path below the folder searched (`""` for that folder),
        ///     which the filter's patterns are matched against.
        ///   - realPath: `directory` with every link resolved, to tell a link that leads back into
        ///     its own folder (or above it) from one that leads elsewhere.
        mutating func walk(_ directory: String, relative: String, realPath: String?) {
            guard let stream = opendir(directory) else {
                found.append(Input(path: directory, error: "\(directory): cannot be opened: \(reason(errno))"))
                return
            }
            defer { closedir(stream) }
            let base = directory.hasSuffix("/") ? directory : directory + "/"
            while true {
                errno = 0
                guard let entry = readdir(stream) else {
                    if errno != 0 {
                        found.append(Input(path: directory, error: "\(directory): read failed: \(reason(errno))"))
                    }
                    return
                }
                let name = withUnsafeBytes(of: entry.pointee.d_name) {
                    String(cString: $0.bindMemory(to: CChar.self).baseAddress!)
                }
                guard !name.hasPrefix(".") else { continue }
                let path = base + name
                let below = relative.isEmpty ? name : relative + "/" + name
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
                if filter.excludes.contains(where: { $0.matches(below) }) {
                    leftOut.append(path)
                    continue
                }
                let isLog =
                    filter.includes.isEmpty
                    ? extensions.contains(where: name.hasSuffix) : filter.includes.contains { $0.matches(below) }
                switch info.st_mode & S_IFMT {
                case S_IFDIR:
                    walk(path, relative: below, realPath: realPath.map { $0 + "/" + name })
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
