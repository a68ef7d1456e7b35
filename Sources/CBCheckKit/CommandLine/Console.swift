import Diagnostics

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where commands write: standard output for results, standard error for diagnostics and
/// summaries. Tests pass a console that collects the text instead.
///
/// Everything written goes through `TerminalText.lines`, so no command shows a raw control byte
/// from a log, a file name or a rule file; only a report already escaped for its own format
/// (`outVerbatim`) and the progress line's own cursor moves (`terminalControl`) pass as they are.
///
/// A write that fails (a full disk, `>/dev/full`, a closed standard output) is remembered, not
/// dropped: the command's exit status becomes 2 and standard error says once what could not be
/// written, so CI never takes half a report for a result. Used from the calling thread only.
public final class Console {
    private let writeOut: (String) -> String?
    private let writeError: (String) -> String?
    /// The system's reason for the first failed write to standard output; later output is dropped.
    private var outFailure: String?
    private var isOutFailureReported = false
    /// Whether a write to standard error failed: nowhere is left to say so but the exit status.
    private var errorFailed = false

    /// A console whose writes cannot fail (tests collecting the text).
    public convenience init(out: @escaping (String) -> Void, error: @escaping (String) -> Void) {
        self.init(
            writingOut: {
                out($0)
                return nil
            },
            error: {
                error($0)
                return nil
            })
    }

    /// - Parameters: each writer returns `nil` when all was written, else the reason it was not.
    init(writingOut: @escaping (String) -> String?, error: @escaping (String) -> String?) {
        writeOut = writingOut
        writeError = error
    }

    /// The process's standard output and error, written with `write(2)` so output and errors
    /// interleave in order. Nothing is buffered, so nothing is left to flush (or lost) at exit.
    public static func standard() -> Console {
        Console(writingOut: { write($0, to: 1) }, error: { write($0, to: 2) })
    }

    /// Writes all of `text` to `descriptor`, retrying short writes, `EINTR` and, on a descriptor
    /// left non-blocking by whoever opened it, `EAGAIN` once it can take more; shared with
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
                if written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                    var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&ready, 1, -1)
                    continue
                }
                if written < 0 { return String(cString: strerror(errno)) }
                if written == 0 { return "nothing was written" }
                offset += written
            }
            return nil
        }
    }

    /// Says once, on standard error, that standard output could not be written and why. A command
    /// calls this before its closing summary; `CBCheck.main` calls it again at the end, which then
    /// says nothing more.
    /// - Returns: whether any write to standard output or error failed: the exit status must be 2.
    @discardableResult
    func reportFailedWrites() -> Bool {
        if let outFailure, !isOutFailureReported {
            isOutFailureReported = true
            error("error: standard output: cannot write: \(outFailure)\n")
        }
        return outFailure != nil || errorFailed
    }

    /// `status`, or 2 when a write failed (said on standard error if it still can be).
    func exitStatus(_ status: Int32) -> Int32 {
        reportFailedWrites() ? 2 : status
    }

    /// Writes `text` to standard output, control bytes escaped.
    func out(_ text: String) { outVerbatim(TerminalText.lines(text)) }

    /// Writes `text` to standard error, control bytes escaped.
    func error(_ text: String) { terminalControl(TerminalText.lines(text)) }

    /// Writes a report that is escaped for its own format already: text and github through
    /// `TerminalText`, JSON, SARIF, JUnit and HTML by their own rules.
    func outVerbatim(_ text: String) {
        guard outFailure == nil, !text.isEmpty else { return }
        outFailure = writeOut(text)
    }

    /// Writes cbcheck's own cursor control to standard error as it is: the progress line's `\r`
    /// and erase-line sequence.
    func terminalControl(_ text: String) {
        guard !text.isEmpty, writeError(text) != nil else { return }
        errorFailed = true
    }
}
