/// Lines with no prefix at all: what Swift's `print` writes to Xcode's console (and Flutter's
/// `flutter: …`, React Native's `[info][tid:…]` lines when nothing else wraps them).
///
/// Each line is a record of one unnamed process with no time, pid or thread; a line starting
/// with white space or a closing `)`, `}`, `]` continues the record before it (a dump, an
/// `NSError` description), and so does a line that only opens one (`{(`, an `NSSet` printed on
/// the lines after "…has active assertions beyond permitted time:"; `(`, `{`, `[`), except
/// XCTest's activity lines in xcodebuild's output (`    t =     3.90s Terminate com.acme.App:4410`),
/// each a step of its own. Only order is known, so rules that need a time or a thread are not
/// checkable in such a file, and the check says so.
/// Never detected from one line (any line reads as plain): a file is plain when none of its first
/// `HeldLines.windowLines` lines is a record in another format.
public struct PlainLogFormat: LogFormat {
    public static let identifier = "plain"
    public static let description = "lines with no prefix (Xcode's console showing print): order only"

    public init() {}

    public func parsePrefix(_ line: UnsafeRawBufferPointer) -> PrefixParse {
        if let first = line.first, first == 0x20 || first == 0x09 || first == 0x29 || first == 0x7D || first == 0x5D {
            guard let start = Self.activityStart(line) else { return .continuation }
            return .record(RecordPrefix(time: nil, process: 0..<0, pid: nil, thread: nil, messageStart: start))
        }
        if Self.onlyOpensADump(line) { return .continuation }
        return .record(RecordPrefix(time: nil, process: 0..<0, pid: nil, thread: nil, messageStart: 0))
    }

    /// Whether `line` is nothing but the opening of a printed collection: `{(`, `(`, `{` or `[`,
    /// trailing white space aside.
    private static func onlyOpensADump(_ line: UnsafeRawBufferPointer) -> Bool {
        var end = line.count
        while end > 0, line[end - 1] == 0x20 || line[end - 1] == 0x09 { end -= 1 }
        switch end {
        case 1: return line[0] == 0x28 || line[0] == 0x7B || line[0] == 0x5B
        case 2: return line[0] == 0x7B && line[1] == 0x28
        default: return false
        }
    }

    /// Where an XCTest activity line's `t =` starts, after its indentation; `nil` for any other line.
    private static func activityStart(_ line: UnsafeRawBufferPointer) -> Int? {
        var index = 0
        while index < line.count, line[index] == 0x20 || line[index] == 0x09 { index += 1 }
        guard index > 0, index + 4 < line.count, line[index] == 0x74, line[index + 1] == 0x20, line[index + 2] == 0x3D,
            line[index + 3] == 0x20
        else { return nil }
        var digit = index + 4
        while digit < line.count, line[digit] == 0x20 { digit += 1 }
        guard digit < line.count, (0x30...0x39).contains(line[digit]) else { return nil }
        return index
    }
}
