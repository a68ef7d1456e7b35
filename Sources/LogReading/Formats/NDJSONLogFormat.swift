#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The unified log as `log stream --style ndjson` (and `log show --style ndjson`) print it: one
/// flat JSON object per line with `timestamp`, `processID`, `threadID`, `eventMessage`,
/// `processImagePath`, `senderImagePath`, `subsystem`, `category`, `messageType`.
///
/// Read by a small hand-written scanner, not `JSONSerialization`: every line of a long capture
/// goes through here. Strings are unescaped (`\/`, `\n`, `\uXXXX`) into the scratch buffer, so a
/// multi-line message reads as its lines joined by newlines, as in NSLog.
public struct NDJSONLogFormat: LogFormat {
    public static let identifier = "ndjson"
    public static let description = "log stream --style ndjson: one JSON object per line (eventMessage, processID, …)"

    public init() {}

    /// For detection and tests only: the ranges of the result point into a buffer it discards.
    public func parsePrefix(_ line: UnsafeRawBufferPointer) -> PrefixParse {
        var scratch: [UInt8] = []
        return parse(line, scratch: &scratch)
    }

    public func parse(_ line: UnsafeRawBufferPointer, scratch: inout [UInt8]) -> PrefixParse {
        var reader = FlatJSONReader(line)
        guard reader.startsObject(), reader.mayStartMembers() else { return .continuation }
        var fields = Fields()
        let keys = ByteCursor(line)
        let complete = reader.forEachMember { key, value in fields.take(key, value, keys) }
        guard complete else { return .malformed("a JSON object that breaks off (ndjson has one event per line)") }
        guard let message = fields.message else { return .malformed("a JSON object without eventMessage") }
        scratch.removeAll(keepingCapacity: true)
        let process = Self.lastPathComponent(appending: fields.process, from: line, to: &scratch)
        let sender = Self.lastPathComponent(appending: fields.sender, from: line, to: &scratch)
        let messageStart = scratch.count
        FlatJSONReader.appendUnescaped(message, of: line, to: &scratch)
        let time = fields.timestamp.flatMap { stamp in
            var cursor = ByteCursor(UnsafeRawBufferPointer(rebasing: line[stamp.range]))
            return cursor.readTimestamp()
        }
        return .record(
            RecordPrefix(
                time: time, process: process ?? 0..<0, pid: fields.pid, thread: nil, threadNumber: fields.thread,
                sender: sender, messageStart: messageStart, isDecoded: true))
    }

    // MARK: - Private

    /// The members cbcheck reads; the rest are skipped.
    private struct Fields {
        var timestamp: FlatJSONReader.Value?
        var message: FlatJSONReader.Value?
        var process: FlatJSONReader.Value?
        var sender: FlatJSONReader.Value?
        var pid: Int?
        var thread: UInt64?

        /// Keys told apart by their length first, then compared whole: most members of Apple's
        /// objects (`traceID`, `backtrace`, `machTimestamp`, …) are no key cbcheck reads.
        mutating func take(_ key: Range<Int>, _ value: FlatJSONReader.Value, _ cursor: ByteCursor) {
            switch key.count {
            case 12 where Self.is(key, "eventMessage", cursor): message = value
            case 9 where Self.is(key, "timestamp", cursor): timestamp = value
            case 16 where Self.is(key, "processImagePath", cursor): process = value
            case 7 where process == nil && Self.is(key, "process", cursor): process = value
            case 15 where Self.is(key, "senderImagePath", cursor): sender = value
            case 9 where Self.is(key, "processID", cursor):
                var number = ByteCursor(cursor.bytes)
                number.position = value.range.lowerBound
                pid = number.readDecimal()
            case 8 where Self.is(key, "threadID", cursor):
                var number = ByteCursor(cursor.bytes)
                number.position = value.range.lowerBound
                let isHex = value.isString || value.range.count > 2 && cursor.bytes[value.range.lowerBound + 1] == 0x78
                thread = isHex ? number.readHex() : number.readDecimal().map(UInt64.init)
            default: break
            }
        }

        /// The key's bytes are `name` (of the key's length: `take` checked it).
        private static func `is`(_ key: Range<Int>, _ name: StaticString, _ cursor: ByteCursor) -> Bool {
            memcmp(cursor.bytes.baseAddress! + key.lowerBound, name.utf8Start, key.count) == 0
        }
    }

    /// Appends the last component of the path `value` to `scratch`, unescaped, and returns its
    /// range. Only the bytes after the last raw `/` (found from the end) are decoded: a raw `/`,
    /// alone or as `\/`, is always a `/` of the path and ends any escape. The decoded tail is
    /// searched again for a `/` an `\u002F` wrote.
    private static func lastPathComponent(
        appending value: FlatJSONReader.Value?, from line: UnsafeRawBufferPointer, to scratch: inout [UInt8]
    ) -> Range<Int>? {
        guard let value else { return nil }
        var tail = value
        var slash = value.range.upperBound
        while slash > value.range.lowerBound, line[slash - 1] != 0x2F { slash -= 1 }
        if slash > value.range.lowerBound {
            tail.range = slash..<value.range.upperBound
            tail.hasEscapes = value.hasEscapes && memchr(line.baseAddress! + slash, 0x5C, tail.range.count) != nil
        }
        let start = scratch.count
        FlatJSONReader.appendUnescaped(tail, of: line, to: &scratch)
        guard tail.hasEscapes else { return start..<scratch.count }
        var component = scratch.count
        while component > start, scratch[component - 1] != 0x2F { component -= 1 }
        return component..<scratch.count
    }
}
