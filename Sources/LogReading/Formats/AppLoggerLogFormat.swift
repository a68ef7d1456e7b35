/// App loggers' own lines when nothing else wraps them:
///
/// - CocoaLumberjack's `DDFileLogger` (`2026/03/14 09:26:53:599  message`) and any stamp with a
///   colon before the milliseconds and no process (`2026-03-14 09:26:53:599 message`);
/// - an ISO 8601 stamp and the message (`2026-03-14T09:26:53.599Z message`);
/// - SwiftyBeaver's console destination (`09:26:53.599 💙 INFO Type.method():73 - message`): a
///   time without a date;
/// - React Native's `RCTLog` (`[info][tid:com.facebook.react.JavaScript][RCTLog.m:362] message`):
///   no time, the thread named in `tid:`.
///
/// No process or pid: one unnamed app, one run per launch. The logger's wrapper is left in the
/// message here and skipped by `AppLoggerStamp`, as when an NSLog prefix wraps it.
public struct AppLoggerLogFormat: LogFormat {
    public static let identifier = "applogger"
    public static let description =
        "app loggers alone: CocoaLumberjack file stamps, SwiftyBeaver, React Native [info][tid:…] lines"

    public init() {}

    public func parsePrefix(_ line: UnsafeRawBufferPointer) -> PrefixParse {
        guard let first = line.first else { return .continuation }
        if first == 0x5B {
            guard let thread = AppLoggerStamp.reactNativeThread(in: line, from: 0),
                AppLoggerStamp.messageStart(in: line, from: 0) > 0
            else { return .continuation }
            return .record(RecordPrefix(time: nil, process: 0..<0, pid: nil, thread: thread, messageStart: 0))
        }
        guard ByteCursor.isDigit(first) else { return .continuation }
        if AppLoggerStamp.messageStart(in: line, from: 0) > 0 {
            var cursor = ByteCursor(line)
            guard let clock = cursor.readClock() else { return .continuation }
            let time = Timestamp(
                year: 2000, month: 1, day: 1, hour: clock.hour, minute: clock.minute, second: clock.second,
                microsecond: clock.microsecond)
            return .record(
                RecordPrefix(time: time, process: 0..<0, pid: nil, thread: nil, messageStart: 0, isDateless: true))
        }
        if line.count > 19, line[10] == 0x54 { return Self.isoStampedLine(line) }
        return Self.lumberjackFileLine(line)
    }

    // MARK: - Private

    /// An ISO 8601 stamp and the message (`2026-03-14T09:26:53.599Z message`, `…+01:00 message`),
    /// as server-side collectors, in-house loggers and `ISO8601DateFormatter` print it: no process.
    private static func isoStampedLine(_ line: UnsafeRawBufferPointer) -> PrefixParse {
        var cursor = ByteCursor(line)
        guard let time = FieldTime.readStamp(&cursor, separator: 0x2D, zoneAfterSpace: false), cursor.skipSpaces(),
            !cursor.isAtEnd
        else { return .continuation }
        return .record(RecordPrefix(time: time, process: 0..<0, pid: nil, thread: nil, messageStart: cursor.position))
    }

    /// `YYYY/MM/DD HH:MM:SS:mmm  message` or `YYYY-MM-DD HH:MM:SS:mmm message`, no process.
    private static func lumberjackFileLine(_ line: UnsafeRawBufferPointer) -> PrefixParse {
        var cursor = ByteCursor(line)
        guard line.count > 23, (0..<4).allSatisfy({ ByteCursor.isDigit(line[$0]) }), line[4] == 0x2F || line[4] == 0x2D,
            line[7] == line[4], line[19] == 0x3A, ByteCursor.isDigit(line[20])
        else { return .continuation }
        guard let year = cursor.readNumber(digits: 4), cursor.skip(line[4]), let month = cursor.readNumber(digits: 2),
            cursor.skip(line[4]), let day = cursor.readNumber(digits: 2),
            Timestamp.isDate(year: year, month: month, day: day), cursor.skip(0x20), let clock = cursor.readClock(),
            cursor.skipSpaces()
        else { return .continuation }
        let time = Timestamp(
            year: year, month: month, day: day, hour: clock.hour, minute: clock.minute, second: clock.second,
            microsecond: clock.microsecond)
        return .record(RecordPrefix(time: time, process: 0..<0, pid: nil, thread: nil, messageStart: cursor.position))
    }
}
