/// Places times read without a date (Console.app's time column, SwiftyBeaver's stamp) on days:
/// the first is on 2000-01-01, and a time more than six hours earlier than the one before it is on
/// the next day (a capture running past midnight: `23:59:58` then `00:00:01`).
///
/// A smaller step back is a clock change (NTP, a zone change), not a new day: it is left as it is
/// and noted like any time going backwards. Six hours is the convention: no capture is silent
/// that long and no clock is set back that far.
struct DatelessClock {
    static let newDayAfterGoingBackMicroseconds: Int64 = 6 * 3600 * 1_000_000
    private static let dayMicroseconds: Int64 = 86_400 * 1_000_000

    private var days: Int64 = 0
    private var last: Int64?

    /// `time` (read on 2000-01-01) moved to its day.
    mutating func place(_ time: Timestamp) -> Timestamp {
        var placed = time
        placed.microseconds += days * Self.dayMicroseconds
        if let last, last - placed.microseconds > Self.newDayAfterGoingBackMicroseconds {
            days += 1
            placed.microseconds += Self.dayMicroseconds
        }
        last = placed.microseconds
        return placed
    }
}
