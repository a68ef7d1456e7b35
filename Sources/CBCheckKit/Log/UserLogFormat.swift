import Diagnostics
import LogReading
import PatternMatching

/// A line format a user described in a `.cbformat` file (docs/log-formats.md#your-own-formats),
/// as lnav's custom formats are: one or more PCRE2 patterns with named groups for the fields.
/// A line one of them matches starts a record: `message` is where its message starts (it runs
/// to the end of the line), `time`, `process`, `pid` and `thread` fill the prefix when present.
/// A line none matches continues the record before it, as NSLog's dumps do.
///
/// It holds compiled patterns, which are for one thread: each worker's `RuleLibrary` parses
/// its own (`CBCheck.makeSetup`), so no two threads share one.
public final class UserLogFormat: LogFormat, @unchecked Sendable {
    public static let identifier = "user"
    public static let description = "a format of your own, from a .cbformat file (--line-formats)"

    /// The name given after `format`, which `--log-format` takes.
    public let identifier: String
    /// The `about` line: what logs the format reads.
    public let about: String
    /// Where the format is defined (`acme.cbformat:3`).
    public let location: SourceLocation
    private let patterns: [FieldPattern]

    /// One `match` line: its pattern and the numbers of its field groups.
    struct FieldPattern {
        let pattern: Pattern
        let message: Int
        let time: Int?
        let process: Int?
        let pid: Int?
        let thread: Int?
    }

    init(identifier: String, about: String, location: SourceLocation, patterns: [FieldPattern]) {
        self.identifier = identifier
        self.about = about
        self.location = location
        self.patterns = patterns
    }

    /// The field groups' names, and the other names lnav's formats give them.
    static let fieldNames: [String: String] = [
        "message": "message", "body": "message", "time": "time", "timestamp": "time", "process": "process",
        "pid": "pid", "thread": "thread", "tid": "thread",
    ]

    public func parsePrefix(_ line: UnsafeRawBufferPointer) -> PrefixParse {
        for field in patterns {
            let matched: Bool
            do {
                matched = try field.pattern.matches(line)
            } catch {
                return .malformed("format \(identifier) (\(location)): its pattern hit the match limit on this line")
            }
            guard matched, let message = field.pattern.lastMatchRange(group: field.message) else { continue }
            return record(field, line, messageStart: message.lowerBound)
        }
        return .continuation
    }

    // MARK: - Private

    private func record(_ field: FieldPattern, _ line: UnsafeRawBufferPointer, messageStart: Int) -> PrefixParse {
        func range(_ group: Int?) -> Range<Int>? { group.flatMap { field.pattern.lastMatchRange(group: $0) } }
        var time: (time: Timestamp, isDateless: Bool)?
        if let text = range(field.time), !text.isEmpty {
            time = FieldTime.read(UnsafeRawBufferPointer(rebasing: line[text]))
            guard time != nil else {
                let shown = String(decoding: line[text].prefix(40), as: UTF8.self)
                return .malformed(
                    "format \(identifier) (\(location)): the time '\(shown)' is in no shape cbcheck reads "
                        + "(docs/log-formats.md#your-own-formats lists them)")
            }
        }
        let pid = range(field.pid).flatMap { Int(String(decoding: line[$0], as: UTF8.self)) }
        let thread = range(field.thread)
        var prefix = RecordPrefix(
            time: time?.time, process: range(field.process) ?? 0..<0, pid: pid, thread: thread,
            threadNumber: thread.flatMap { ByteCursor.hexNumber(UnsafeRawBufferPointer(rebasing: line[$0])) },
            messageStart: messageStart,
            isDateless: time?.isDateless ?? false)
        if thread?.isEmpty == true { prefix.thread = nil }
        return .record(prefix)
    }
}
