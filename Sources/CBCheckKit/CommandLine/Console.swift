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

    private static func write(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                #if canImport(Glibc)
                    let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                #else
                    let written = Darwin.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                #endif
                if written < 0 && errno == EINTR { continue }
                if written <= 0 { return }
                offset += written
            }
        }
    }

    func out(_ text: String) { writeOut(text) }
    func error(_ text: String) { writeError(text) }
}
