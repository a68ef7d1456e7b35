/// Reads the text of a time field that a user's line format cut out of a line (`.cbformat`'s
/// `(?<time>…)` group), in the shapes loggers print, so that a format file need not spell the
/// time's layout as well as its place:
///
/// - a date and a clock: `2026-03-14 09:26:53.599`, `2026/03/14 09:26:53:599`,
///   `2026-03-14T09:26:53.599Z`, `2026-03-14 09:26:53.599+0100`, `2026-03-14T09:26:53-05:00`;
/// - a clock alone: `09:26:53.599` (read on 2000-01-01 and placed on its day, as Xcode's are);
/// - seconds or milliseconds since 1970: `1710408413.599`, `1710408413599`.
package enum FieldTime {
    /// The time `text` says, and whether it had no date; `nil` for text of no shape above, or
    /// with anything after the time but spaces.
    package static func read(_ text: UnsafeRawBufferPointer) -> (time: Timestamp, isDateless: Bool)? {
        var cursor = ByteCursor(text)
        guard let first = cursor.peek(), ByteCursor.isDigit(first) else { return nil }
        if cursor.peek(2) == 0x3A {
            guard let clock = cursor.readClock(), endsAfterSpaces(cursor) else { return nil }
            let time = Timestamp(
                year: 2000, month: 1, day: 1, hour: clock.hour, minute: clock.minute, second: clock.second,
                microsecond: clock.microsecond)
            return (time, true)
        }
        if let separator = cursor.peek(4), separator == 0x2D || separator == 0x2F || separator == 0x2E {
            return readDated(&cursor, separator: separator).map { ($0, false) }
        }
        return readEpoch(text).map { ($0, false) }
    }

    /// A date (its parts split by `separator`), `T` or a space, a clock and an optional zone
    /// (`Z`, `+0100`, `-05:00`; with `zoneAfterSpace` also after one space, `… 09:26:53 +0100`)
    /// at the cursor, which is left after them; `nil` when the date or the clock is not there.
    /// The one reader of such stamps: a time field here, an ISO-stamped line for `applogger`.
    package static func readStamp(_ cursor: inout ByteCursor, separator: UInt8, zoneAfterSpace: Bool) -> Timestamp? {
        guard let year = cursor.readNumber(digits: 4), cursor.skip(separator), let month = cursor.readNumber(digits: 2),
            cursor.skip(separator), let day = cursor.readNumber(digits: 2),
            Timestamp.isDate(year: year, month: month, day: day),
            cursor.skip(0x20) || cursor.skip(0x54), let clock = cursor.readClock()
        else { return nil }
        var offset = 0
        if !cursor.skip(0x5A) {
            if zoneAfterSpace, cursor.peek() == 0x20, let sign = cursor.peek(1), sign == 0x2B || sign == 0x2D {
                cursor.position += 1
            }
            offset = cursor.readZoneOffset() ?? 0
        }
        return Timestamp(
            year: year, month: month, day: day, hour: clock.hour, minute: clock.minute, second: clock.second,
            microsecond: clock.microsecond, offsetSeconds: offset)
    }

    // MARK: - Private

    private static func readDated(_ cursor: inout ByteCursor, separator: UInt8) -> Timestamp? {
        guard let time = readStamp(&cursor, separator: separator, zoneAfterSpace: true), endsAfterSpaces(cursor) else {
            return nil
        }
        return time
    }

    /// Ten digits of seconds with an optional fraction, or thirteen of milliseconds.
    private static func readEpoch(_ text: UnsafeRawBufferPointer) -> Timestamp? {
        var cursor = ByteCursor(text)
        var digits = 0
        var value: Int64 = 0
        while let byte = cursor.peek(), ByteCursor.isDigit(byte) {
            value = value * 10 + Int64(byte - 0x30)
            digits += 1
            cursor.position += 1
        }
        switch digits {
        case 13:
            guard endsAfterSpaces(cursor) else { return nil }
            return Timestamp(microseconds: value * 1000)
        case 10:
            var microseconds = value * 1_000_000
            if cursor.skip(0x2E) {
                var scale: Int64 = 100_000
                while let byte = cursor.peek(), ByteCursor.isDigit(byte) {
                    microseconds += Int64(byte - 0x30) * scale
                    scale /= 10
                    cursor.position += 1
                }
            }
            guard endsAfterSpaces(cursor) else { return nil }
            return Timestamp(microseconds: microseconds)
        default:
            return nil
        }
    }

    private static func endsAfterSpaces(_ cursor: ByteCursor) -> Bool {
        var cursor = cursor
        while cursor.skip(0x20) {}
        return cursor.isAtEnd
    }
}
