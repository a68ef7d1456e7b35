#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The logs one `cbcheck check` reads: each argument as given, a directory replaced by the logs
/// under it (recursively, in path order), so `cbcheck logs/ more.log` checks in a fixed order
/// whatever the file system lists first.
enum LogInputs {
    /// File name endings a directory is searched for.
    static let extensions = [".log", ".txt", ".ndjson", ".log.gz", ".txt.gz", ".ndjson.gz"]

    /// One log to check, or a directory argument that held none (an input error, exit status 2).
    struct Input: Sendable, Equatable {
        var path: String
        var error: String?
    }

    /// The arguments in order, each directory expanded in place to its logs sorted by path.
    /// Hidden entries (`.git`) and symbolic links to directories are not followed; a file named
    /// on the command line is kept whatever its name, and a missing one is reported when read.
    static func expand(_ arguments: [String]) -> [Input] {
        arguments.flatMap { argument -> [Input] in
            guard argument != "-", isDirectory(argument, following: true) else { return [Input(path: argument)] }
            let found = logs(under: argument).sorted()
            guard !found.isEmpty else {
                let names = extensions.filter { !$0.hasSuffix(".gz") }.map { "*\($0)" }.joined(separator: ", ")
                return [Input(path: argument, error: "\(argument): no \(names) files (or .gz) in this directory")]
            }
            return found.map { Input(path: $0) }
        }
    }

    // MARK: - Private

    private static func logs(under directory: String) -> [String] {
        guard let stream = opendir(directory) else { return [] }
        defer { closedir(stream) }
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        var found: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(cString: $0.bindMemory(to: CChar.self).baseAddress!)
            }
            guard !name.hasPrefix(".") else { continue }
            let path = base + name
            if isDirectory(path, following: false) {
                found += logs(under: path)
            } else if extensions.contains(where: name.hasSuffix), !isDirectory(path, following: true) {
                found.append(path)
            }
        }
        return found
    }

    private static func isDirectory(_ path: String, following: Bool) -> Bool {
        var info = stat()
        let status = following ? stat(path, &info) : lstat(path, &info)
        return status == 0 && info.st_mode & S_IFMT == S_IFDIR
    }
}
