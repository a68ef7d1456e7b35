/// The unified log as `log show --style syslog` and `log stream --style syslog` print it:
/// `2026-03-14 09:26:53.599000+0800  localhost Downloader[4101]: (CFNetwork) [com.apple.CFNetwork:Summary] msg`.
///
/// Time stamp with zone, two spaces, the host (`localhost` for the machine's own log), then
/// `Process[pid]: (Library) [subsystem:category] message`; no thread. The shape is the one
/// `log show --style syslog` output quoted in HackTricks' macOS sandbox page shows
/// (`2023-05-26 13:42:44.136082+0200  localhost kernel[0]: (Sandbox) Sandbox: …`).
public struct UnifiedSyslogLogFormat: LogFormat {
    public static let identifier = "unified-syslog"
    public static let description =
        "log show --style syslog: time, host, Process[pid]: (Library) [subsystem:category] message"

    public init() {}

    public func parsePrefix(_ line: UnsafeRawBufferPointer) -> PrefixParse {
        var cursor = ByteCursor(line)
        guard line.count >= 10, cursor.isDate() else { return .continuation }
        guard let time = cursor.readTimestamp() else { return .malformed(cursor.brokenDateReason()) }
        guard cursor.skipSpaces(), let host = cursor.find(0x20), host > cursor.position else {
            return .malformed("no host after the time stamp")
        }
        cursor.position = host + 1
        let processStart = cursor.position
        guard let (open, pid, messageStart) = Self.pidBracket(cursor) else {
            return .malformed("no Process[pid]: after the host")
        }
        cursor.position = messageStart
        let sender = cursor.readParenthesized()
        cursor.skipSubsystemAndCategory()
        return .record(
            RecordPrefix(
                time: time, process: processStart..<open, pid: pid, thread: nil, sender: sender,
                messageStart: cursor.position))
    }

    /// The first `[digits]:` after the cursor: where it opens, the pid, and where the message starts.
    private static func pidBracket(_ cursor: ByteCursor) -> (Int, Int, Int)? {
        var from = cursor.position
        while let open = cursor.find(0x5B, from: from) {
            from = open + 1
            var inner = cursor
            inner.position = open + 1
            guard open > cursor.position, let pid = inner.readDecimal(), inner.skip(0x5D), inner.skip(0x3A) else {
                continue
            }
            _ = inner.skip(0x20)
            return (open, pid, inner.position)
        }
        return nil
    }
}
