#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a report file atomically: the text goes to a temporary file in the same directory, which
/// is then renamed over the target. A CI step that reads the report never sees half of one, and a
/// failed write leaves the previous report in place.
public enum ReportFile {
    /// - Throws: `ReportFileError` naming the path and the system's reason.
    public static func write(_ text: String, to path: String) throws(ReportFileError) {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var template = Array("\(directory).\(name).cbcheck-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw ReportFileError(path: path, reason: String(cString: strerror(errno))) }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var failure = Console.write(text, to: descriptor)
        // mkstemp creates the file 0600; a report is for others to read, as a plain file would be.
        fchmod(descriptor, 0o644)
        if failure == nil, fsync(descriptor) != 0 { failure = String(cString: strerror(errno)) }
        close(descriptor)
        if failure == nil, rename(temporary, path) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary)
            throw ReportFileError(path: path, reason: failure)
        }
    }
}

/// A report that could not be written; exit status 2.
public struct ReportFileError: Error, CustomStringConvertible, Sendable {
    public var path: String
    public var reason: String

    public var description: String { "\(path): cannot write the report: \(reason)" }
}
