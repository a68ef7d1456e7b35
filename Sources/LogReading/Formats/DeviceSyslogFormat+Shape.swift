extension DeviceSyslogFormat {
    /// Where a record line's process name and message lie, for the shape idevicesyslog prints:
    /// `Mon DD HH:MM:SS ` (the day two digits or padded with a space, no fraction), then
    /// `[Device ]Process[(Library)][pid][ <Level>]:` at the first `[`.
    ///
    /// Only records that are events need their pid and sender (`parsePrefix` reads them then);
    /// the time of every record is placed in its year at once (`placeShapedTime`), since chatter
    /// moves the clock too. Whatever it accepts `parsePrefix` reads as a record with the same
    /// ranges and the same month, day and clock; every other line (`nil`: `Mar 4`, a fraction, a
    /// second 60, a day the month does not have such as `Apr 31`, a first `[` that is no
    /// `[pid]:`, a continuation, a malformed prefix) is left to `parsePrefix`.
    static func recordShape(_ line: UnsafeRawBufferPointer) -> (process: Range<Int>, messageStart: Int)? {
        let count = line.count
        guard count > 16, let base = line.baseAddress else { return nil }
        let bytes = base.assumingMemoryBound(to: UInt8.self)
        guard bytes[3] == 0x20, bytes[6] == 0x20, bytes[15] == 0x20, let month = month(bytes),
            let day = day(bytes), day <= Timestamp.daysIn(month: month, year: 2000), hasClock(bytes)
        else { return nil }
        let start = 16
        guard let open = ByteWords.firstIndex(of: 0x5B, bytes, from: start, count),
            let messageStart = pidBracketEnd(bytes, open: open, count)
        else { return nil }
        var end = open
        if end > start, bytes[end - 1] == 0x29, let paren = ByteWords.lastIndex(of: 0x28, bytes, start..<end) {
            end = paren
        }
        let processStart = ByteWords.lastIndex(of: 0x20, bytes, start..<end).map { $0 + 1 } ?? start
        guard processStart < end else { return nil }
        return (processStart..<end, messageStart)
    }

    /// The time of a line `recordShape` accepted, placed in its year by `clock` (`DatelessClock`);
    /// its first 16 bytes (`Mon DD HH:MM:SS `) are read only when they differ from the last time's.
    package static func placeShapedTime(_ line: UnsafeRawBufferPointer, in clock: inout DatelessClock) -> Timestamp? {
        guard let base = line.baseAddress, line.count > 16 else { return nil }
        let stamp = base.loadUnaligned(as: UInt128.self)
        if let again = clock.placedAgain(stamp) { return again }
        let bytes = base.assumingMemoryBound(to: UInt8.self)
        guard let month = month(bytes), let day = day(bytes), let seconds = clockSeconds(bytes) else { return nil }
        return clock.placeInYear(month: month, day: day, microsecondOfDay: Int64(seconds) * 1_000_000, stamp: stamp)
    }

    /// The month named by the first three bytes (`Jan` … `Dec`, as `ByteCursor.readMonthName`
    /// reads them).
    @inline(__always)
    private static func month(_ bytes: UnsafePointer<UInt8>) -> Int? {
        switch UInt32(bytes[0]) << 16 | UInt32(bytes[1]) << 8 | UInt32(bytes[2]) {
        case 0x4A_616E: 1  // Jan
        case 0x46_6562: 2  // Feb
        case 0x4D_6172: 3  // Mar
        case 0x41_7072: 4  // Apr
        case 0x4D_6179: 5  // May
        case 0x4A_756E: 6  // Jun
        case 0x4A_756C: 7  // Jul
        case 0x41_7567: 8  // Aug
        case 0x53_6570: 9  // Sep
        case 0x4F_6374: 10  // Oct
        case 0x4E_6F76: 11  // Nov
        case 0x44_6563: 12  // Dec
        default: nil
        }
    }

    /// The day in bytes 4 and 5: two digits, or a space and a digit; 1 to 31.
    @inline(__always)
    private static func day(_ bytes: UnsafePointer<UInt8>) -> Int? {
        let ones = bytes[5] &- 0x30
        guard ones < 10 else { return nil }
        let tens = bytes[4] == 0x20 ? 0 : bytes[4] &- 0x30
        guard tens < 10 else { return nil }
        let day = Int(tens) * 10 + Int(ones)
        return (1...31).contains(day) ? day : nil
    }

    /// `HH:MM:SS` in bytes 7 to 14 as seconds since midnight; `nil` unless hour, minute and second
    /// are in range (second 60, which `readClock` takes, is left to the full parse).
    @inline(__always)
    private static func clockSeconds(_ bytes: UnsafePointer<UInt8>) -> Int? {
        guard bytes[9] == 0x3A, bytes[12] == 0x3A else { return nil }
        func pair(_ offset: Int) -> Int? {
            let tens = bytes[offset] &- 0x30
            let ones = bytes[offset + 1] &- 0x30
            return tens < 10 && ones < 10 ? Int(tens) * 10 + Int(ones) : nil
        }
        guard let hour = pair(7), let minute = pair(10), let second = pair(13), hour < 24, minute < 60, second < 60
        else { return nil }
        return hour * 3600 + minute * 60 + second
    }

    /// Whether bytes 7 to 14 are a clock `clockSeconds` reads, checked as one 8-byte word: digits
    /// where digits belong (`0x30`…`0x39` keep their high nibble 3 when 6 is added, `0x3A`…`0x3F`
    /// do not), the two colons, then each field's two digits against its largest value.
    @inline(__always)
    private static func hasClock(_ bytes: UnsafePointer<UInt8>) -> Bool {
        let word = UnsafeRawPointer(bytes + 7).loadUnaligned(as: UInt64.self)
        let digitMask: UInt64 = 0xFFFF_00FF_FF00_FFFF
        let highNibbles = 0xF0F0_F0F0_F0F0_F0F0 & digitMask
        let zeros = 0x3030_3030_3030_3030 & digitMask
        guard word & ~digitMask == 0x0000_3A00_003A_0000, word & highNibbles == zeros,
            (word &+ (0x0606_0606_0606_0606 & digitMask)) & highNibbles == zeros
        else { return false }
        /// The two ASCII digits at `offset` as one number that orders like theirs (`"09"` < `"10"`).
        func pair(_ offset: Int) -> UInt16 { UInt16(bytes[offset]) &<< 8 | UInt16(bytes[offset + 1]) }
        return pair(7) <= 0x3233 && pair(10) <= 0x3539 && pair(13) <= 0x3539
    }

    /// Where the message starts after `[pid]`, an optional ` <Level>` and `:` (and one space) at
    /// `open`, as `processAndPid` reads its first bracket; `nil` when that bracket is no such.
    private static func pidBracketEnd(_ bytes: UnsafePointer<UInt8>, open: Int, _ count: Int) -> Int? {
        var index = open + 1
        while index < count, bytes[index] &- 0x30 < 10 { index += 1 }
        guard index > open + 1, index - open - 1 <= 18, index < count, bytes[index] == 0x5D else { return nil }
        index += 1
        if index + 1 < count, bytes[index] == 0x20, bytes[index + 1] == 0x3C {
            guard let close = ByteWords.firstIndex(of: 0x3E, bytes, from: index + 2, count) else { return nil }
            index = close + 1
        }
        guard index < count, bytes[index] == 0x3A else { return nil }
        index += 1
        return index < count && bytes[index] == 0x20 ? index + 1 : index
    }
}
