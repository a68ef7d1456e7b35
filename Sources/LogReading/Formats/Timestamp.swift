/// A point in time as microseconds since 1970-01-01 00:00:00 UTC.
///
/// Logs without a time zone are read as if their wall clock were UTC: only differences between
/// timestamps of one log matter to the rules, and those come out right either way.
public struct Timestamp: Comparable, Hashable, Sendable {
    public var microseconds: Int64
    /// The zone offset the log wrote (seconds east of UTC), kept so times print as the log said
    /// them; it plays no part in comparing or hashing.
    public var zoneOffsetSeconds = 0

    public init(microseconds: Int64, zoneOffsetSeconds: Int = 0) {
        self.microseconds = microseconds
        self.zoneOffsetSeconds = zoneOffsetSeconds
    }

    public static func == (lhs: Timestamp, rhs: Timestamp) -> Bool { lhs.microseconds == rhs.microseconds }

    public func hash(into hasher: inout Hasher) { hasher.combine(microseconds) }

    /// Builds a timestamp from calendar fields; `offsetSeconds` is the zone's offset east of UTC.
    public init(
        year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, microsecond: Int,
        offsetSeconds: Int = 0
    ) {
        let days = Self.daysSinceEpoch(year: year, month: month, day: day)
        let seconds = Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second - offsetSeconds)
        microseconds = seconds * 1_000_000 + Int64(microsecond)
        zoneOffsetSeconds = offsetSeconds
    }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool { lhs.microseconds < rhs.microseconds }

    /// Seconds from `self` to `later`, as a Double for messages and comparisons with rule bounds.
    public func seconds(until later: Timestamp) -> Double {
        Double(later.microseconds - microseconds) / 1_000_000
    }

    /// `HH:MM:SS.mmm` of the wall clock as the log wrote it, for traces.
    public var clockText: String {
        let local = microseconds + Int64(zoneOffsetSeconds) * 1_000_000
        let daySeconds = local.dividedFloor(by: 1_000_000) - local.dividedFloor(by: 86_400_000_000) * 86_400
        let millis = (local - local.dividedFloor(by: 1_000_000) * 1_000_000) / 1000
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let milliText = millis < 10 ? "00\(millis)" : millis < 100 ? "0\(millis)" : "\(millis)"
        return "\(two(daySeconds / 3600)):\(two(daySeconds / 60 % 60)):\(two(daySeconds % 60)).\(milliText)"
    }

    /// The calendar fields of the wall clock (UTC), for rewriting time stamps.
    public var components: (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        let seconds = Int(microseconds.dividedFloor(by: 1_000_000))
        let days = seconds.dividedFloor(by: 86_400)
        let daySeconds = seconds - days * 86_400
        let (year, month, day) = Self.civil(fromDays: days)
        return (year, month, day, daySeconds / 3600, daySeconds / 60 % 60, daySeconds % 60)
    }

    /// The date `days` after 1970-01-01 (Howard Hinnant's algorithm, the inverse of `daysSinceEpoch`).
    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// The number of days `month` (1 to 12) has in `year`, so a reader can refuse February 30
    /// instead of taking it for March 1.
    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Whether `year-month-day` is a day of the calendar (month 1 to 12, day within the month).
    static func isDate(year: Int, month: Int, day: Int) -> Bool {
        (1...12).contains(month) && day >= 1 && day <= daysIn(month: month, year: year)
    }

    /// Days from 1970-01-01 to the given proleptic Gregorian date (Howard Hinnant's algorithm).
    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}

extension BinaryInteger {
    /// Division rounding toward negative infinity, for times before the epoch.
    package func dividedFloor(by divisor: Self) -> Self {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
