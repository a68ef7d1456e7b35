/// The columns of one Console.app row, told apart by what they hold: a time (`HH:MM:SS[.f]`,
/// optionally after a date and before a zone `+0800`, ` +0800`, `-05:00`), a zone alone, a
/// message type (`default`, `error`, …), a pid (digits), a thread (`0x…`), and text.
///
/// Of the text columns the message is the last one that does not look like a name (letters,
/// digits, spaces, `.`, `_`, `-`), else the last one with a space, else the last; the process is
/// a name after the message (Console's "process last" layout), or else the nearest name before it
/// that is no `com.acme`-like subsystem (so a category or subsystem column first is skipped).
struct ConsoleColumns {
    var time: Timestamp?
    var isDateless = false
    var zoneSeconds: Int?
    var pid: Int?
    var thread: UInt64?
    /// Text columns, in order (trimmed ranges into the line).
    var texts: [Range<Int>] = []
    /// Named by an export's `Process:` field.
    var process: Range<Int>?
    var sender: Range<Int>?

    /// Reads one tab-separated column.
    mutating func take(_ column: Range<Int>, of line: UnsafeRawBufferPointer) {
        let range = Self.trimmed(column, line)
        guard !range.isEmpty else { return }
        let bytes = UnsafeRawBufferPointer(rebasing: line[range])
        if time == nil, readTime(bytes) { return }
        var cursor = ByteCursor(bytes)
        if zoneSeconds == nil, let zone = cursor.readZoneOffset(), cursor.isAtEnd {
            zoneSeconds = zone
        } else if bytes.count > 2, bytes[0] == 0x30, bytes[1] == 0x78, let hex = cursor.readHex(), cursor.isAtEnd {
            thread = hex
        } else if pid == nil, let number = cursor.readDecimal(), cursor.isAtEnd {
            pid = number
        } else if !Self.isMessageType(bytes) {
            texts.append(range)
        }
    }

    /// Reads one `Key: value` field of an export's header line (`key` empty for the time).
    mutating func take(_ value: Range<Int>, of line: UnsafeRawBufferPointer, key: Range<Int>) {
        let range = Self.trimmed(value, line)
        let bytes = UnsafeRawBufferPointer(rebasing: line[range])
        let keys = ByteCursor(line)
        if key.isEmpty {
            _ = readTime(bytes)
        } else if keys.matches(key, "Process") || keys.matches(key, "Process Name") {
            process = range
        } else if keys.matches(key, "PID") || keys.matches(key, "Process ID") {
            var cursor = ByteCursor(bytes)
            pid = cursor.readDecimal()
        } else if keys.matches(key, "Thread") || keys.matches(key, "TID") || keys.matches(key, "Thread ID") {
            var cursor = ByteCursor(bytes)
            thread = cursor.readHex()
        } else if keys.matches(key, "Library") || keys.matches(key, "Sender") {
            sender = range
        }
    }

    /// The record: process (then sender) and message copied into `scratch`.
    func prefix(_ line: UnsafeRawBufferPointer, into scratch: inout [UInt8]) -> RecordPrefix {
        scratch.removeAll(keepingCapacity: true)
        let message = messageColumn(line)
        let processRange = process ?? message.flatMap { processColumn(line, message: $0) }
        let processInScratch = copy(processRange, line, &scratch)
        let senderInScratch = sender.map { copy($0, line, &scratch) }
        let messageStart = scratch.count
        _ = copy(message, line, &scratch)
        var stamp = time
        if let zoneSeconds, var shifted = stamp, shifted.zoneOffsetSeconds == 0 {
            shifted.microseconds -= Int64(zoneSeconds) * 1_000_000
            shifted.zoneOffsetSeconds = zoneSeconds
            stamp = shifted
        }
        return RecordPrefix(
            time: stamp, process: processInScratch, pid: pid, thread: nil, threadNumber: thread,
            sender: senderInScratch, messageStart: messageStart, isDecoded: true, isDateless: isDateless)
    }

    // MARK: - Private

    /// `[YYYY-MM-DD ]HH:MM:SS[.f][ ][zone]`, the whole column.
    private mutating func readTime(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var cursor = ByteCursor(bytes)
        var date: (year: Int, month: Int, day: Int)?
        if cursor.isDate() {
            guard let read = cursor.readDate(), cursor.skip(0x20) else { return false }
            date = read
        }
        guard let clock = cursor.readClock() else { return false }
        var offset = cursor.readZoneOffset()
        if offset == nil, cursor.peek() == 0x20 {
            cursor.position += 1
            offset = cursor.readZoneOffset()
        }
        guard cursor.isAtEnd else { return false }
        let day = date ?? (2000, 1, 1)
        time = Timestamp(
            year: day.year, month: day.month, day: day.day, hour: clock.hour, minute: clock.minute,
            second: clock.second, microsecond: clock.microsecond, offsetSeconds: offset ?? 0)
        isDateless = date == nil
        return true
    }

    private func messageColumn(_ line: UnsafeRawBufferPointer) -> Range<Int>? {
        texts.last { !Self.isName($0, line) } ?? texts.last { line[$0].contains(0x20) } ?? texts.last
    }

    private func processColumn(_ line: UnsafeRawBufferPointer, message: Range<Int>) -> Range<Int>? {
        if let after = texts.last(where: { $0.lowerBound > message.lowerBound && Self.isName($0, line) }) {
            return after
        }
        return texts.last { column in
            column.lowerBound < message.lowerBound && Self.isName(column, line)
                && !(line[column].contains(0x2E) && !line[column].contains(0x20))
        }
    }

    private func copy(_ range: Range<Int>?, _ line: UnsafeRawBufferPointer, _ scratch: inout [UInt8]) -> Range<Int> {
        let start = scratch.count
        if let range { scratch.append(contentsOf: line[range]) }
        return start..<scratch.count
    }

    private static func trimmed(_ range: Range<Int>, _ line: UnsafeRawBufferPointer) -> Range<Int> {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, line[lower] == 0x20 { lower += 1 }
        while upper > lower, line[upper - 1] == 0x20 { upper -= 1 }
        return lower..<upper
    }

    /// Letters, digits, spaces, `.`, `_`, `-` only, at most 64 bytes: a process, category or subsystem.
    private static func isName(_ range: Range<Int>, _ line: UnsafeRawBufferPointer) -> Bool {
        range.count <= 64
            && line[range].allSatisfy { byte in
                let lower = byte | 0x20
                return (lower >= 0x61 && lower <= 0x7A) || ByteCursor.isDigit(byte) || byte == 0x20 || byte == 0x2E
                    || byte == 0x5F || byte == 0x2D
            }
    }

    private static let messageTypes: [StaticString] = [
        "default", "Default", "info", "Info", "debug", "Debug", "error", "Error", "fault", "Fault", "notice",
        "Notice", "activity", "Activity",
    ]

    private static func isMessageType(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let cursor = ByteCursor(bytes)
        return messageTypes.contains { cursor.matches(0..<bytes.count, $0) }
    }
}
