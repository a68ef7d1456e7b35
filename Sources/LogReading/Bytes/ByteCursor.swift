#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A forward reader over a line's bytes for hand-written prefix parsers (no regex, no `String`).
package struct ByteCursor {
    let bytes: UnsafeRawBufferPointer
    var position = 0

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    var isAtEnd: Bool { position >= bytes.count }

    func peek(_ ahead: Int = 0) -> UInt8? {
        position + ahead < bytes.count ? bytes[position + ahead] : nil
    }

    package static func isDigit(_ byte: UInt8?) -> Bool { byte.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }

    /// `YYYY-` at the cursor: enough to say the line means to start with a date.
    func isDate() -> Bool {
        (0..<4).allSatisfy { Self.isDigit(peek($0)) } && peek(4) == 0x2D
    }

    mutating func skip(_ byte: UInt8) -> Bool {
        guard peek() == byte else { return false }
        position += 1
        return true
    }

    /// Reads exactly `count` digits. One bounds check, then unchecked loads: every log line's
    /// time stamp goes through here.
    mutating func readNumber(digits count: Int) -> Int? {
        guard position + count <= bytes.count, let base = bytes.baseAddress else { return nil }
        let start = base.assumingMemoryBound(to: UInt8.self) + position
        var value = 0
        for index in 0..<count {
            let digit = start[index] &- 0x30
            guard digit < 10 else { return nil }
            value = value &* 10 &+ Int(digit)
        }
        position += count
        return value
    }

    mutating func readDate() -> (year: Int, month: Int, day: Int)? {
        guard let year = readNumber(digits: 4), skip(0x2D), let month = readNumber(digits: 2), skip(0x2D),
            let day = readNumber(digits: 2), Timestamp.isDate(year: year, month: month, day: day)
        else { return nil }
        return (year, month, day)
    }

    /// `HH:MM:SS` with an optional fraction after `.` (any number of digits, kept to microseconds),
    /// or three digits of milliseconds after `:` (CocoaLumberjack's `09:26:53:599`).
    mutating func readClock() -> (hour: Int, minute: Int, second: Int, microsecond: Int)? {
        guard let hour = readNumber(digits: 2), skip(0x3A), let minute = readNumber(digits: 2), skip(0x3A),
            let second = readNumber(digits: 2), hour < 24, minute < 60, second < 61
        else { return nil }
        var microsecond = 0
        if peek() == 0x3A, Self.isDigit(peek(1)), Self.isDigit(peek(2)), Self.isDigit(peek(3)), !Self.isDigit(peek(4)) {
            position += 1
            microsecond = readNumber(digits: 3)! * 1000
        } else if peek() == 0x2E, Self.isDigit(peek(1)) {
            position += 1
            var scale = 100_000
            while let byte = peek(), Self.isDigit(byte) {
                microsecond += Int(byte - 0x30) * scale
                scale /= 10
                position += 1
            }
        }
        return (hour, minute, second, microsecond)
    }

    /// `+0800`, `-05:00` or `Z` right after the clock; `nil` (and nothing read) when absent.
    mutating func readZoneOffset() -> Int? {
        if peek() == 0x5A, peek(1) == 0x20 {
            position += 1
            return 0
        }
        guard let sign = peek(), sign == 0x2B || sign == 0x2D else { return nil }
        let start = position
        position += 1
        guard let hours = readNumber(digits: 2) else {
            position = start
            return nil
        }
        _ = skip(0x3A)
        guard let minutes = readNumber(digits: 2) else {
            position = start
            return nil
        }
        let seconds = hours * 3600 + minutes * 60
        return sign == 0x2D ? -seconds : seconds
    }

    /// Finds `[pid:thread]` followed by a space or the end of the line, scanning past spaces in
    /// the process name. Leaves the cursor untouched.
    func findProcessBracket() -> (open: Int, pid: Int, thread: Range<Int>?, messageStart: Int)? {
        guard let base = bytes.baseAddress else { return nil }
        var index = position
        while index < bytes.count, let found = memchr(base + index, 0x5B, bytes.count - index) {
            let open = base.distance(to: UnsafeRawPointer(found))
            if let bracket = readBracket(at: open) { return bracket }
            index = open + 1
        }
        return nil
    }

    /// `[pid:thread]` or `[pid]` at `open`, read through a raw pointer (every record line of
    /// NSLog comes here): the loops test bytes without optionals or bounds checks per byte.
    func readBracket(at open: Int) -> (open: Int, pid: Int, thread: Range<Int>?, messageStart: Int)? {
        guard let base = bytes.baseAddress else { return nil }
        let line = base.assumingMemoryBound(to: UInt8.self)
        let count = bytes.count
        var index = open + 1
        var pid = 0
        let pidStart = index
        while index < count, line[index] &- 0x30 < 10 {
            pid = pid &* 10 &+ Int(line[index] &- 0x30)
            index += 1
        }
        // More than 18 digits is no pid (and would overflow): the fuzzer's first find.
        guard index > pidStart, index - pidStart <= 18, index < count else { return nil }
        var thread: Range<Int>?
        if line[index] == 0x3A {
            let threadStart = index + 1
            index = threadStart
            while index < count, Self.isHexDigit(line[index]) || line[index] == 0x78 { index += 1 }
            guard index > threadStart else { return nil }
            thread = threadStart..<index
        }
        guard index < count, line[index] == 0x5D else { return nil }
        index += 1
        if index == count { return (open, pid, thread, index) }
        guard line[index] == 0x20 else { return nil }
        return (open, pid, thread, index + 1)
    }

    package static func isHexDigit(_ byte: UInt8) -> Bool {
        byte &- 0x30 < 10 || (byte | 0x20) &- 0x61 < 6
    }

    // MARK: - Fields of the unified log and syslog

    /// What every format says of a date that breaks off.
    static let brokenDate = "a date without a complete time (expected YYYY-MM-DD HH:MM:SS)"

    /// Why `readTimestamp` refused the date at the cursor: no such day of the calendar
    /// (`2024-02-30`), or a date that breaks off (`brokenDate`).
    func brokenDateReason() -> String {
        var cursor = self
        guard let year = cursor.readNumber(digits: 4), cursor.skip(0x2D), let month = cursor.readNumber(digits: 2),
            cursor.skip(0x2D), let day = cursor.readNumber(digits: 2),
            !Timestamp.isDate(year: year, month: month, day: day)
        else { return Self.brokenDate }
        return Self.noSuchDate(year: year, month: month, day: day)
    }

    /// The reason given for a date that is no day of the calendar, with the rule it breaks, shown
    /// as the log wrote it: `2024-02-30`, or `Feb 30` when the log gives no year.
    static func noSuchDate(year: Int?, month: Int, day: Int) -> String {
        let written = year.map { "\($0)-\(Self.twoDigits(month))-\(Self.twoDigits(day))" }
        guard (1...12).contains(month) else {
            return "no such date: \(written ?? "month \(month)") (there is no month \(month))"
        }
        let name = Self.monthNames[month - 1]
        guard let year, let written else {
            // February of an unknown year has 29 days at most (2000, the year times are read in).
            let most = month == 2 ? "at most " : ""
            return
                "no such date: \(name.prefix(3)) \(day) (\(name) has \(most)\(Timestamp.daysIn(month: month, year: 2000)) days)"
        }
        let which = month == 2 ? "\(name) \(year)" : name
        return "no such date: \(written) (\(which) has \(Timestamp.daysIn(month: month, year: year)) days)"
    }

    private static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
        "December",
    ]

    private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    /// `YYYY-MM-DD HH:MM:SS[.fraction][zone]` at the cursor; `nil` (the cursor where it was) when
    /// the date is no day of the calendar or has no complete time.
    mutating func readTimestamp() -> Timestamp? {
        if let fast = readCommonTimestamp() { return fast }
        let start = position
        guard let date = readDate(), skip(0x20), let clock = readClock() else {
            position = start
            return nil
        }
        let offset = readZoneOffset() ?? 0
        return Timestamp(
            year: date.year, month: date.month, day: date.day, hour: clock.hour, minute: clock.minute,
            second: clock.second, microsecond: clock.microsecond, offsetSeconds: offset)
    }

    /// `YYYY-MM-DD HH:MM:SS` and an optional `.fraction` and zone, the shape nearly every line of
    /// NSLog and the unified log starts with, read with one bounds check and fixed offsets; `nil`
    /// (and nothing read) for any other shape, which `readTimestamp` then reads field by field.
    private mutating func readCommonTimestamp() -> Timestamp? {
        guard position + 19 <= bytes.count, let base = bytes.baseAddress else { return nil }
        let start = base.assumingMemoryBound(to: UInt8.self) + position
        guard start[4] == 0x2D, start[7] == 0x2D, start[10] == 0x20, start[13] == 0x3A, start[16] == 0x3A else {
            return nil
        }
        func digits(_ offset: Int, _ count: Int) -> Int? {
            var value = 0
            for index in offset..<offset + count {
                let digit = start[index] &- 0x30
                guard digit < 10 else { return nil }
                value = value &* 10 &+ Int(digit)
            }
            return value
        }
        guard let year = digits(0, 4), let month = digits(5, 2), let day = digits(8, 2), let hour = digits(11, 2),
            let minute = digits(14, 2), let second = digits(17, 2),
            Timestamp.isDate(year: year, month: month, day: day),
            hour < 24, minute < 60, second < 61
        else { return nil }
        var end = 19
        var microsecond = 0
        if position + end + 1 < bytes.count, start[end] == 0x2E, start[end + 1] &- 0x30 < 10 {
            (microsecond, end) = Self.fraction(start, from: end + 1, count: bytes.count - position)
        } else if position + end < bytes.count, start[end] == 0x3A {
            return nil  // CocoaLumberjack's `:599`: the field-by-field reader knows it
        }
        position += end
        let offset = readZoneOffset() ?? 0
        return Timestamp(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second,
            microsecond: microsecond, offsetSeconds: offset)
    }

    /// The microseconds of the fraction's digits at `from` (any number, the first six kept) and
    /// the offset after them, reading below `count`.
    static func fraction(_ bytes: UnsafePointer<UInt8>, from: Int, count: Int) -> (microsecond: Int, end: Int) {
        var end = from
        var microsecond = 0
        var kept = 0
        while end < count, bytes[end] &- 0x30 < 10 {
            if kept < 6 {
                microsecond = microsecond &* 10 &+ Int(bytes[end] &- 0x30)
                kept += 1
            }
            end += 1
        }
        for _ in kept..<6 { microsecond &*= 10 }
        return (microsecond, end)
    }

    /// Skips one or more spaces; `false` when there is none.
    mutating func skipSpaces() -> Bool {
        let start = position
        while peek() == 0x20 { position += 1 }
        return position > start
    }

    /// Skips `literal` when the bytes at the cursor are exactly it.
    mutating func skip(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        for index in 0..<count where bytes[position + index] != literal.utf8Start[index] { return false }
        position += count
        return true
    }

    /// Reads one or more decimal digits (up to 18).
    mutating func readDecimal() -> Int? {
        let start = position
        var value = 0
        while let byte = peek(), Self.isDigit(byte), position - start < 18 {
            value = value &* 10 &+ Int(byte &- 0x30)
            position += 1
        }
        return position > start ? value : nil
    }

    /// `field` as a number when it is `0x` (or `0X`) and hex digits and nothing else (a thread id
    /// as the unified log and Console.app write it); `nil` for any other text.
    package static func hexNumber(_ field: UnsafeRawBufferPointer) -> UInt64? {
        guard field.count > 2, field[0] == 0x30, field[1] | 0x20 == 0x78 else { return nil }
        var cursor = ByteCursor(field)
        cursor.position = 2
        guard let value = cursor.readHex(), cursor.isAtEnd else { return nil }
        return value
    }

    /// Reads one or more hex digits, after an optional `0x` (up to 16 digits).
    mutating func readHex() -> UInt64? {
        if peek() == 0x30, peek(1) == 0x78 { position += 2 }
        let start = position
        var value: UInt64 = 0
        while let byte = peek(), Self.isHexDigit(byte), position - start < 16 {
            let digit = byte <= 0x39 ? byte &- 0x30 : (byte | 0x20) &- 0x61 &+ 10
            value = value << 4 | UInt64(digit)
            position += 1
        }
        return position > start ? value : nil
    }

    /// Reads a run of ASCII letters (a message type such as `Default` or `Df`); its range.
    mutating func readWord() -> Range<Int>? {
        let start = position
        while let byte = peek(), (byte | 0x20) >= 0x61, (byte | 0x20) <= 0x7A { position += 1 }
        return position > start ? start..<position : nil
    }

    /// The offset of the first `byte` at or after the cursor, or `nil`.
    func find(_ byte: UInt8, from start: Int? = nil) -> Int? {
        let from = start ?? position
        guard from < bytes.count, let base = bytes.baseAddress,
            let found = memchr(base + from, Int32(byte), bytes.count - from)
        else { return nil }
        return base.distance(to: UnsafeRawPointer(found))
    }

    /// The bytes in `range` are exactly `literal`.
    func matches(_ range: Range<Int>, _ literal: StaticString) -> Bool {
        guard range.count == literal.utf8CodeUnitCount else { return false }
        for (index, offset) in range.enumerated() where bytes[offset] != literal.utf8Start[index] { return false }
        return true
    }
}
