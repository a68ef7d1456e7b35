#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What people paste from Console.app: the visible columns of each row, tab-separated, in the
/// order the window shows them (`default⇥09:26:53.599000 +0800⇥Downloader⇥message`: type, time,
/// process and message in any order, with or without a date, a zone column, subsystem and
/// category), and the two-line export where `Timestamp: … | Process: … | PID: …` precedes the
/// message line (a record whose message is the next line).
///
/// Columns are told apart by what they hold (`ConsoleColumns`). The process and message are
/// copied into the scratch buffer, since the process may come after the message. A time without
/// a date is placed on its day by `DatelessClock`.
public struct ConsoleLogFormat: LogFormat {
    public static let identifier = "console"
    public static let description =
        "Console.app pastes: tab-separated type, time, process, message columns; Timestamp: … | … exports"

    public init() {}

    /// For detection and tests only: the ranges of the result point into a buffer it discards.
    public func parsePrefix(_ line: UnsafeRawBufferPointer) -> PrefixParse {
        var scratch: [UInt8] = []
        return parse(line, scratch: &scratch)
    }

    public func parse(_ line: UnsafeRawBufferPointer, scratch: inout [UInt8]) -> PrefixParse {
        guard let base = line.baseAddress, !line.isEmpty else { return .continuation }
        var columns = ConsoleColumns()
        if line[0] == 0x54 {
            var cursor = ByteCursor(line)
            guard cursor.skip("Timestamp: ") else { return .continuation }
            Self.forEachField(of: line, from: cursor.position) { key, value in columns.take(value, of: line, key: key) }
            guard columns.time != nil else {
                return .malformed("a Timestamp: line without a time (expected Timestamp: YYYY-MM-DD HH:MM:SS | …)")
            }
        } else {
            guard memchr(base, 0x09, line.count) != nil else { return .continuation }
            var start = 0
            for index in 0...line.count where index == line.count || line[index] == 0x09 {
                columns.take(start..<index, of: line)
                start = index + 1
            }
            guard columns.time != nil else { return .continuation }
            // A row cut short (a paste missing its last columns) is no continuation of the row before.
            guard !columns.texts.isEmpty else {
                return .malformed(
                    "a Console.app row with a time but no message column (expected tab-separated columns)")
            }
        }
        return .record(columns.prefix(line, into: &scratch))
    }

    // MARK: - Private

    /// Calls `body` with each `Key: value` of an export's header line (fields split by ` | `).
    private static func forEachField(
        of line: UnsafeRawBufferPointer, from start: Int, _ body: (Range<Int>, Range<Int>) -> Void
    ) {
        var fieldStart = start
        var index = start
        while index <= line.count {
            let isEnd = index == line.count
            guard isEnd || (line[index] == 0x7C && line[index - 1] == 0x20 && index + 1 < line.count) else {
                index += 1
                continue
            }
            let fieldEnd = isEnd ? index : index - 1
            var cursor = ByteCursor(line)
            cursor.position = fieldStart
            if fieldStart == start {
                body(0..<0, fieldStart..<fieldEnd)  // the time, after "Timestamp: "
            } else if let colon = cursor.find(0x3A), colon < fieldEnd {
                body(fieldStart..<colon, min(colon + 2, fieldEnd)..<fieldEnd)
            }
            fieldStart = min(index + 2, line.count)
            index = fieldStart
            if isEnd { return }
        }
    }
}
