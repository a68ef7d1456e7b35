/// `NSLog` output as Xcode and device consoles print it:
/// `2026-03-14 09:26:53.599 App[4101:1200001] message`, with optional microseconds and time zone
/// (`09:26:53.599000+0800`), and process names that may contain spaces (`My App[4101:1200001]`).
public struct NSLogFormat: LogFormat {
    public static let identifier = "nslog"
    public static let description = "NSLog lines: date, time, Process[pid:thread], message"

    public init() {}

    public func parsePrefix(_ line: UnsafeRawBufferPointer) -> PrefixParse {
        var cursor = ByteCursor(line)
        guard line.count >= 10, cursor.isDate() else { return .continuation }
        guard let time = cursor.readTimestamp() else { return .malformed(cursor.brokenDateReason()) }
        guard cursor.skip(0x20) else {
            return .malformed("no space after the time stamp")
        }
        let processStart = cursor.position
        guard let bracket = cursor.findProcessBracket() else {
            return .malformed("no Process[pid:thread] after the time stamp")
        }
        return .record(
            RecordPrefix(
                time: time, process: processStart..<bracket.open, pid: bracket.pid, thread: bracket.thread,
                messageStart: bracket.messageStart))
    }
}
