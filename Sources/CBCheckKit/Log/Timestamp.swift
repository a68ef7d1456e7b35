/// A point in time as microseconds since 1970-01-01 00:00:00 UTC.
///
/// Logs without a time zone are read as if their wall clock were UTC: only differences between
/// timestamps of one log matter to the rules, and those come out right either way.
public struct Timestamp: Comparable, Hashable, Sendable {
    public var microseconds: Int64

    public init(microseconds: Int64) { self.microseconds = microseconds }

    /// Builds a timestamp from calendar fields; `offsetSeconds` is the zone's offset east of UTC.
    public init(
        year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, microsecond: Int,
        offsetSeconds: Int = 0
    ) {
        let days = Self.daysSinceEpoch(year: year, month: month, day: day)
        let seconds = Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second - offsetSeconds)
        microseconds = seconds * 1_000_000 + Int64(microsecond)
    }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool { lhs.microseconds < rhs.microseconds }

    /// Seconds from `self` to `later`, as a Double for messages and comparisons with rule bounds.
    public func seconds(until later: Timestamp) -> Double {
        Double(later.microseconds - microseconds) / 1_000_000
    }

    /// `HH:MM:SS.mmm` of the wall clock, for traces.
    public var clockText: String {
        let daySeconds = ((microseconds / 1_000_000) % 86_400 + 86_400) % 86_400
        let millis = (microseconds % 1_000_000 + 1_000_000) % 1_000_000 / 1000
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let milliText = millis < 10 ? "00\(millis)" : millis < 100 ? "0\(millis)" : "\(millis)"
        return "\(two(daySeconds / 3600)):\(two(daySeconds / 60 % 60)):\(two(daySeconds % 60)).\(milliText)"
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
