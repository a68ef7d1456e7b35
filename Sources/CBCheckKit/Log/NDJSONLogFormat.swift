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
        guard reader.startsObject() else { return .continuation }
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

        mutating func take(_ key: Range<Int>, _ value: FlatJSONReader.Value, _ cursor: ByteCursor) {
            if cursor.matches(key, "eventMessage") {
                message = value
            } else if cursor.matches(key, "timestamp") {
                timestamp = value
            } else if cursor.matches(key, "processImagePath") || (process == nil && cursor.matches(key, "process")) {
                process = value
            } else if cursor.matches(key, "senderImagePath") {
                sender = value
            } else if cursor.matches(key, "processID") {
                var number = ByteCursor(cursor.bytes)
                number.position = value.range.lowerBound
                pid = number.readDecimal()
            } else if cursor.matches(key, "threadID") {
                var number = ByteCursor(cursor.bytes)
                number.position = value.range.lowerBound
                let isHex = value.isString || value.range.count > 2 && cursor.bytes[value.range.lowerBound + 1] == 0x78
                thread = isHex ? number.readHex() : number.readDecimal().map(UInt64.init)
            }
        }
    }

    /// Unescapes `value` (a path) into `scratch` and returns the range of its last component.
    private static func lastPathComponent(
        appending value: FlatJSONReader.Value?, from line: UnsafeRawBufferPointer, to scratch: inout [UInt8]
    ) -> Range<Int>? {
        guard let value else { return nil }
        let start = scratch.count
        FlatJSONReader.appendUnescaped(value, of: line, to: &scratch)
        let slash = scratch[start...].lastIndex(of: 0x2F).map { $0 + 1 } ?? start
        return slash..<scratch.count
    }
}
