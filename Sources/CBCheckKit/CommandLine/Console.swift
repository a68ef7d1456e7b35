#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where commands write: standard output for results, standard error for diagnostics and
/// summaries. Tests pass a console that collects the text instead.
public final class Console {
    public let writeOut: (String) -> Void
    public let writeError: (String) -> Void

    public init(out: @escaping (String) -> Void, error: @escaping (String) -> Void) {
        writeOut = out
        writeError = error
    }

    /// The process's standard output and error, written with `write(2)` so output and errors
    /// interleave in order.
    public static func standard() -> Console {
        Console(out: { write($0, to: 1) }, error: { write($0, to: 2) })
    }

    /// Writes all of `text` to `descriptor`, retrying short writes and `EINTR`; shared with
    /// `ReportFile`.
    /// - Returns: `nil` when everything was written, else the system's reason.
    @discardableResult
    static func write(_ text: String, to descriptor: Int32) -> String? {
        var text = text
        return text.withUTF8 { buffer -> String? in
            var offset = 0
            while offset < buffer.count {
                #if canImport(Glibc)
                    let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                #else
                    let written = Darwin.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                #endif
                if written < 0 && errno == EINTR { continue }
                if written <= 0 { return String(cString: strerror(errno)) }
                offset += written
            }
            return nil
        }
    }

    func out(_ text: String) { writeOut(text) }
    func error(_ text: String) { writeError(text) }
}
