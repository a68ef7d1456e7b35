/// Places times read without a date, or without a year, where they belong.
///
/// Without a date (Console.app's time column, SwiftyBeaver's stamp): the first time is on
/// 2000-01-01, and a time more than six hours earlier than the one before it is on the next day (a
/// capture running past midnight: `23:59:58` then `00:00:01`). A smaller step back is a clock
/// change (NTP, a zone change), not a new day: it is left as it is and noted like any time going
/// backwards. Six hours is the convention: no capture is silent that long and no clock is set back
/// that far.
///
/// Without a year (a device syslog's `Dec 31 23:59:58`): the first time is in 2000, and a time more
/// than half a year earlier than the one before it is in the next year (a capture running past New
/// Year: `Dec 31 23:59:58` then `Jan  1 00:00:01`). Each year is placed as itself, so `Feb 29` after
/// a New Year lands on Mar 1 of a common year: a day off, once, in a log that spans the leap day.
package struct DatelessClock {
    /// Empty: nothing read yet.
    package init() {}

    static let newDayAfterGoingBackMicroseconds: Int64 = 6 * 3600 * 1_000_000
    static let newYearAfterGoingBackMicroseconds: Int64 = 183 * dayMicroseconds
    private static let dayMicroseconds: Int64 = 86_400 * 1_000_000

    private var days: Int64 = 0
    private var last: Int64?
    private var years = 0
    private var lastYearless: Int64?
    /// The bytes the last yearless time was read from (`placeInYear(month:day:microsecondOfDay:stamp:)`)
    /// and where it was placed; `nil` once a time is placed without them.
    private var lastStamp: (bytes: UInt128, placed: Timestamp)?

    /// The prefix's time moved to its day (`isDateless`) or its year (`isYearless`).
    package mutating func place(_ prefix: inout RecordPrefix) {
        guard let time = prefix.time else { return }
        if prefix.isDateless {
            prefix.time = place(time)
        } else if prefix.isYearless {
            prefix.time = placeInYear(time)
        }
    }

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

    /// `time` (read in 2000) moved to its year.
    mutating func placeInYear(_ time: Timestamp) -> Timestamp {
        let fields = time.components
        let wallClock = Int64(fields.hour * 3600 + fields.minute * 60 + fields.second) * 1_000_000
        let microsecond = time.microseconds - time.microseconds.dividedFloor(by: 1_000_000) * 1_000_000
        return placeInYear(month: fields.month, day: fields.day, microsecondOfDay: wallClock + microsecond)
    }

    /// Where the time read from `stamp` is placed, when `stamp` is the bytes the time placed last
    /// was read from: a device syslog writes a hundred records in one second. The same bytes are
    /// the same month, day and clock, and placing the same time again moves nothing: it lands
    /// where it did (the year has not changed since), which is not earlier than the last.
    func placedAgain(_ stamp: UInt128) -> Timestamp? {
        guard let lastStamp, lastStamp.bytes == stamp else { return nil }
        return lastStamp.placed
    }

    /// A time read without a year, given as its month, day and microseconds since midnight, in its
    /// year (the same month, day and wall clock; Feb 29 in a common year is Mar 1): what
    /// `placeInYear(_:)` does with the fields of a `Timestamp` read in 2000, for the device
    /// syslog's shape check, which moves the clock for every record and decodes the rest of an
    /// event's prefix only later. One function for both, so both make the same New Year decision.
    /// - Parameter stamp: the bytes the time was read from, for `placedAgain`.
    mutating func placeInYear(month: Int, day: Int, microsecondOfDay: Int64, stamp: UInt128? = nil) -> Timestamp {
        func inYear(_ year: Int) -> Int64 {
            Int64(Timestamp.daysSinceEpoch(year: year, month: month, day: day)) * Self.dayMicroseconds
                + microsecondOfDay
        }
        var placed = inYear(2000 + years)
        if let lastYearless, lastYearless - placed > Self.newYearAfterGoingBackMicroseconds {
            years += 1
            placed = inYear(2000 + years)
        }
        lastYearless = placed
        let time = Timestamp(microseconds: placed)
        lastStamp = stamp.map { ($0, time) }
        return time
    }
}
