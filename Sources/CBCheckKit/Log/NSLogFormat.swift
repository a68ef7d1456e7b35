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
        guard let time = cursor.readTimestamp() else { return .malformed(ByteCursor.brokenDate) }
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

extension NSLogFormat {
    /// Where a record line's process name and message lie, when its time stamp has the common
    /// shape (`parsePrefix` would read the line as a record with the same ranges): found without
    /// decoding the time, pid and thread, which only records that are events need. `nil` for every
    /// other line (a rarer time shape, a continuation, a malformed prefix): `parsePrefix` reads it.
    static func recordShape(_ line: UnsafeRawBufferPointer) -> (process: Range<Int>, messageStart: Int)? {
        var cursor = ByteCursor(line)
        guard cursor.skipCommonTimestamp(), cursor.skip(0x20), let bracket = cursor.findProcessBracket() else {
            return nil
        }
        return (cursor.position..<bracket.open, bracket.messageStart)
    }
}
