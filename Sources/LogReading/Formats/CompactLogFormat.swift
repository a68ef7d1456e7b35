/// The unified log as `log show --style compact` and `log stream --style compact` print it:
/// `2026-03-14 09:26:53.599 Df Downloader[4101:1b2c3] [com.acme:transfer] msg`.
///
/// A two-letter type (`Df`, `In`, `Db`, `Er`, `Ft`, `A`) sits between the time and
/// `Process[pid:thread]`; the thread is hex. Tried before NSLog, which would read `Df Downloader`
/// as a process name.
public struct CompactLogFormat: LogFormat {
    public static let identifier = "compact"
    public static let description = "log show --style compact: time, type code, Process[pid:hex thread], message"

    public init() {}

    public func parsePrefix(_ line: UnsafeRawBufferPointer) -> PrefixParse {
        var cursor = ByteCursor(line)
        guard line.count >= 10, cursor.isDate() else { return .continuation }
        guard let time = cursor.readTimestamp() else { return .malformed(cursor.brokenDateReason()) }
        guard cursor.skipSpaces(), let type = cursor.readWord(), Self.isTypeCode(type, cursor), cursor.skipSpaces()
        else { return .malformed("no type code (Df, In, Db, Er, Ft) after the time stamp") }
        let processStart = cursor.position
        guard let bracket = cursor.findProcessBracket(), let threadRange = bracket.thread else {
            return .malformed("no Process[pid:thread] after the type code")
        }
        var threadCursor = ByteCursor(line)
        threadCursor.position = threadRange.lowerBound
        let thread = threadCursor.readHex()
        cursor.position = bracket.messageStart
        let sender = cursor.readParenthesized()
        cursor.skipSubsystemAndCategory()
        return .record(
            RecordPrefix(
                time: time, process: processStart..<bracket.open, pid: bracket.pid, thread: nil, threadNumber: thread,
                sender: sender, messageStart: cursor.position))
    }

    static func isTypeCode(_ range: Range<Int>, _ cursor: ByteCursor) -> Bool {
        cursor.matches(range, "Df") || cursor.matches(range, "In") || cursor.matches(range, "Db")
            || cursor.matches(range, "Er") || cursor.matches(range, "Ft") || cursor.matches(range, "Fa")
            || cursor.matches(range, "A") || cursor.matches(range, "E")
    }
}
