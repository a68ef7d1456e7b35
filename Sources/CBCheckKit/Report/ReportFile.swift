#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a report where a path says, in the way that path allows (`ReportTarget`): a regular file
/// atomically (a temporary file in the same directory, renamed over the target, so a CI step never
/// reads half a report and a failed write leaves the previous one in place); a FIFO or a character
/// device straight into it; standard output or error through its descriptor; a directory, socket
/// or block device not at all.
public enum ReportFile {
    /// - Throws: `ReportFileError` naming `path` as given and the reason: the system's, or why the
    ///   path is not written to.
    public static func write(_ text: String, to path: String) throws(ReportFileError) {
        let failure: String? =
            switch ReportTarget(path) {
            case .file(let target): replace(target, with: text)
            case .stream(let stream): writeInto(stream, text)
            case .descriptor(let descriptor): Console.write(text, to: descriptor)
            case .refused(let reason): reason
            }
        if let failure { throw ReportFileError(path: path, reason: failure) }
    }

    // MARK: - Private

    /// Writes a temporary file beside `path` and renames it over `path`.
    /// - Returns: `nil` on success, else the system's reason.
    private static func replace(_ path: String, with text: String) -> String? {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var template = Array("\(directory).\(name).cbcheck-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return systemReason() }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var failure = Console.write(text, to: descriptor)
        // mkstemp creates the file 0600; a report is for others to read, as a plain file would be.
        fchmod(descriptor, 0o644)
        if failure == nil, fsync(descriptor) != 0 { failure = systemReason() }
        if close(descriptor) != 0, failure == nil { failure = systemReason() }
        if failure == nil, rename(temporary, path) != 0 { failure = systemReason() }
        if failure != nil { unlink(temporary) }
        return failure
    }

    /// Opens the FIFO or device at `path` for writing (never creating or truncating anything) and
    /// writes `text` into it. No `fsync`: a device such as `/dev/null` refuses it.
    private static func writeInto(_ path: String, _ text: String) -> String? {
        let descriptor = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { return systemReason() }
        var failure = Console.write(text, to: descriptor)
        if close(descriptor) != 0, failure == nil { failure = systemReason() }
        return failure
    }

    private static func systemReason() -> String { String(cString: strerror(errno)) }
}

/// A report that could not be written; exit status 2.
public struct ReportFileError: Error, CustomStringConvertible, Sendable {
    public var path: String
    public var reason: String

    public var description: String { "\(path): cannot write the report: \(reason)" }
}
