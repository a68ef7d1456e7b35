extension NSLogFormat {
    /// Where a record line's process name and message lie, for the shape nearly every NSLog line
    /// has: `YYYY-MM-DD HH:MM:SS[.fraction] ` (no zone) and `Process[pid:thread]` at the first `[`.
    ///
    /// Only records that are events need their time, pid and thread (`parsePrefix` reads them
    /// then); chatter needs no more than this check, every field's digits and ranges at fixed
    /// offsets. Whatever it accepts `parsePrefix` reads as a record with the same ranges; every
    /// other line (`nil`: a zone, a rarer time shape, a `[` in the process name, a continuation,
    /// a malformed prefix) is left to `parsePrefix`.
    ///
    /// `recent` holds the start of the last line taken: a line in its minute has only its seconds
    /// checked, one with its `Process[pid:` only its thread.
    @inline(__always)
    static func recordShape(
        _ line: UnsafeRawBufferPointer, recent: inout CheckedLineStart
    ) -> (process: Range<Int>, messageStart: Int)? {
        guard let (bytes, count, clockEnd) = clockLed(line, recent: &recent), bytes[clockEnd] == 0x20 else {
            return nil
        }
        let processStart = clockEnd + 1
        let open: Int
        var threadStart: Int?
        if let known = recent.processBracket(bytes, at: processStart, count) {
            (open, threadStart) = known
        } else {
            guard let found = ByteWords.firstIndex(of: 0x5B, bytes, from: processStart, count) else { return nil }
            open = found
            if let colon = decimalPidEnd(bytes, open: open, count) {
                recent.rememberProcess(bytes, from: processStart, open: open, colon: colon)
                threadStart = colon + 1
            }
        }
        guard
            let messageStart = threadStart.flatMap({ decimalThreadEnd(bytes, from: $0, count) })
                ?? ByteCursor(line).readBracket(at: open)?.messageStart
        else { return nil }
        return (processStart..<open, messageStart)
    }

    /// The prefix of a line `recordShape` took, as `parsePrefix` reads it (the same time, process,
    /// pid, thread and message start), without checking again what the shape check checked: the
    /// time's fields at their fixed offsets, the bracket at the first `[`. `nil` only for a line
    /// the shape check did not take.
    ///
    /// `recent` holds the start of the last event's minute: consecutive events mostly share it,
    /// so only the seconds and fraction are read again (`RecentFields.minuteStart`), and their
    /// `Process[pid:`, whose pid is then the event before's (`RecentFields.processBracket`). NSLog's own
    /// `[pid:thread] ` with a decimal thread is read here a word at a time; any other bracket by
    /// `readBracket`.
    @inline(__always)
    static func shapedPrefix(_ line: UnsafeRawBufferPointer, recent: inout RecentFields) -> RecordPrefix? {
        let count = line.count
        guard count > 20, let base = line.baseAddress else { return nil }
        let bytes = base.assumingMemoryBound(to: UInt8.self)
        func number(_ offset: Int, _ digits: Int) -> Int { decimal(bytes, offset, digits) }
        var clockEnd = 19
        var microsecond = 0
        if bytes[19] == 0x2E {
            // NSLog's own milliseconds and the space after them, else any fraction.
            if count > 23, bytes[23] == 0x20, bytes[20] &- 0x30 < 10, bytes[21] &- 0x30 < 10, bytes[22] &- 0x30 < 10 {
                (microsecond, clockEnd) = (number(20, 3) &* 1000, 23)
            } else {
                (microsecond, clockEnd) = ByteCursor.fraction(bytes, from: 20, count: count)
            }
        }
        let minuteStart = recent.minuteStart(base) {
            Timestamp(
                year: number(0, 4), month: number(5, 2), day: number(8, 2), hour: number(11, 2),
                minute: number(14, 2), second: 0, microsecond: 0
            ).microseconds
        }
        let time = Timestamp(microseconds: minuteStart &+ Int64(number(17, 2)) &* 1_000_000 &+ Int64(microsecond))
        let processStart = clockEnd + 1
        let open: Int
        var decimalPid: (colon: Int, pid: Int)?
        if let known = recent.processBracket(bytes, at: processStart, count) {
            open = known.open
            decimalPid = (known.threadStart - 1, known.pid)
        } else {
            guard let found = ByteWords.firstIndex(of: 0x5B, bytes, from: processStart, count) else { return nil }
            open = found
            if let colon = decimalPidEnd(bytes, open: open, count) {
                decimalPid = (colon, number(open + 1, colon - open - 1))
                recent.rememberProcess(bytes, from: processStart, open: open, colon: colon, pid: decimalPid!.pid)
            }
        }
        if let (colon, pid) = decimalPid {
            let threadEnd = digitRunEnd(bytes, from: colon + 1, count)
            if threadEnd > colon + 1, threadEnd < count, bytes[threadEnd] == 0x5D,
                threadEnd + 1 == count || bytes[threadEnd + 1] == 0x20
            {
                return RecordPrefix(
                    time: time, process: processStart..<open, pid: pid,
                    thread: colon + 1..<threadEnd, messageStart: min(threadEnd + 2, count))
            }
        }
        guard let bracket = ByteCursor(line).readBracket(at: open) else { return nil }
        return RecordPrefix(
            time: time, process: processStart..<open, pid: bracket.pid, thread: bracket.thread,
            messageStart: bracket.messageStart)
    }

    /// A line longer than 20 bytes that starts with `YYYY-MM-DD HH:MM:SS[.fraction]`, as bytes, and
    /// where that time stamp ends (`commonClockEnd`); `nil` for any other line. The start of the
    /// NSLog, unified and compact shape checks: a continuation (white space, `}`, a word) is
    /// refused at its first byte.
    @inline(__always)
    static func clockLed(
        _ line: UnsafeRawBufferPointer, recent: inout CheckedLineStart
    ) -> (bytes: UnsafePointer<UInt8>, count: Int, clockEnd: Int)? {
        let count = line.count
        guard count > 20, let base = line.baseAddress else { return nil }
        let bytes = base.assumingMemoryBound(to: UInt8.self)
        guard bytes[0] &- 0x30 < 10, let clockEnd = commonClockEnd(bytes, count, recent: &recent) else { return nil }
        return (bytes, count, clockEnd)
    }

    /// The offset of the first byte after `YYYY-MM-DD HH:MM:SS[.fraction]` (a space or a zone,
    /// below `count`) with every field in the ranges `ByteCursor.readTimestamp` checks; `nil` for
    /// anything else, such as CocoaLumberjack's `:599` (`count` > 20). Shared with the unified log.
    ///
    /// The 19 bytes are checked as three 8-byte words (digits where digits belong, the
    /// separators between), then each field's range on its two ASCII digits: a few dozen
    /// instructions where reading the fields one by one took a hundred and fifty. When the first
    /// 16 bytes are `recent`'s minute (those of a line that passed), only the seconds are checked,
    /// with NSLog's milliseconds and the space after them as one word.
    @inline(__always)
    static func commonClockEnd(_ bytes: UnsafePointer<UInt8>, _ count: Int, recent: inout CheckedLineStart) -> Int? {
        let raw = UnsafeRawPointer(bytes)
        // `YYYY-MM-`, `DD HH:MM`, `HH:MM:SS` (the last overlaps the second), little-endian.
        let date = raw.loadUnaligned(fromByteOffset: 0, as: UInt64.self)
        let dayAndClock = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
        /// The two ASCII digits at `offset` as one number that orders like theirs (`"09"` < `"10"`).
        func pair(_ offset: Int) -> UInt16 { UInt16(bytes[offset]) &<< 8 | UInt16(bytes[offset + 1]) }
        if recent.holdsMinute(date, dayAndClock) {
            // NSLog's own `:SS.mmm ` as one word: the seconds, the milliseconds and the space after.
            if count >= 24,
                hasDigits(
                    raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self), at: 0x00FF_FFFF_00FF_FF00,
                    separators: 0x2000_0000_2E00_003A), pair(17) <= 0x3630
            {
                return 23
            }
            // What the third word's check below adds to the first two: `:SS`, at most 60.
            guard bytes[16] == 0x3A, bytes[17] &- 0x30 < 10, bytes[18] &- 0x30 < 10, pair(17) <= 0x3630 else {
                return nil
            }
        } else {
            let clock = raw.loadUnaligned(fromByteOffset: 11, as: UInt64.self)
            guard hasDigits(date, at: 0x00FF_FF00_FFFF_FFFF, separators: 0x2D00_002D_0000_0000),
                hasDigits(dayAndClock, at: 0xFFFF_00FF_FF00_FFFF, separators: 0x0000_3A00_0020_0000),
                hasDigits(clock, at: 0xFFFF_00FF_FF00_FFFF, separators: 0x0000_3A00_003A_0000)
            else { return nil }
            let month = pair(5)
            let day = pair(8)
            guard month >= 0x3031, month <= 0x3132, day >= 0x3031, day <= 0x3331, pair(11) <= 0x3233,
                pair(14) <= 0x3539, pair(17) <= 0x3630, day <= 0x3238 || isDayOfItsMonth(bytes)
            else { return nil }
            recent.rememberMinute(date, dayAndClock)
        }
        if bytes[19] != 0x2E { return bytes[19] == 0x3A ? nil : 19 }
        guard bytes[20] &- 0x30 < 10 else { return nil }
        let end = digitRunEnd(bytes, from: 21, count)
        return end < count ? end : nil
    }

    /// Whether the day of `YYYY-MM-DD` (fields whose digits are checked) falls within its month:
    /// asked only of days after the 28th, once a minute.
    private static func isDayOfItsMonth(_ bytes: UnsafePointer<UInt8>) -> Bool {
        Timestamp.isDate(year: decimal(bytes, 0, 4), month: decimal(bytes, 5, 2), day: decimal(bytes, 8, 2))
    }

    /// The number the `digits` ASCII digits at `offset` write (checked to be digits already).
    @inline(__always)
    private static func decimal(_ bytes: UnsafePointer<UInt8>, _ offset: Int, _ digits: Int) -> Int {
        (offset..<offset + digits).reduce(0) { $0 &* 10 &+ Int(bytes[$1] &- 0x30) }
    }

    /// The colon after a decimal pid of 1 to 18 digits in `[pid:thread]` at `open` (NSLog's own
    /// shape), read a word at a time; `nil` for any other bracket, which `readBracket` reads
    /// (no thread) or refuses exactly as it would have.
    @inline(__always)
    private static func decimalPidEnd(_ bytes: UnsafePointer<UInt8>, open: Int, _ count: Int) -> Int? {
        let pidEnd = digitRunEnd(bytes, from: open + 1, count)
        guard pidEnd > open + 1, pidEnd - open - 1 <= 18, pidEnd < count, bytes[pidEnd] == 0x3A else { return nil }
        return pidEnd
    }

    /// Where the message starts after a decimal thread at `start` and its `]`; `nil` for any
    /// other thread (hex), which `readBracket` reads or refuses exactly as it would have.
    @inline(__always)
    private static func decimalThreadEnd(_ bytes: UnsafePointer<UInt8>, from start: Int, _ count: Int) -> Int? {
        let threadEnd = digitRunEnd(bytes, from: start, count)
        guard threadEnd > start, threadEnd < count, bytes[threadEnd] == 0x5D else { return nil }
        let end = threadEnd + 1
        if end == count { return end }
        return bytes[end] == 0x20 ? end + 1 : nil
    }

    /// The offset of the first byte at or after `start` that is no ASCII digit (`count` if none).
    /// A byte `b` is a digit when `t = b ^ 0x30` is below 10: `(t & 0x7F) + 0x76` sets the high
    /// bit of every other `t` below 0x80 without carrying into the next byte, `| t` of the rest.
    @inline(__always)
    private static func digitRunEnd(_ bytes: UnsafePointer<UInt8>, from start: Int, _ count: Int) -> Int {
        let raw = UnsafeRawPointer(bytes)
        var offset = start
        while offset + 8 <= count {
            let folded = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) ^ 0x3030_3030_3030_3030
            let others = ((folded & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7676_7676_7676_7676 | folded) & 0x8080_8080_8080_8080
            if others != 0 { return offset + others.trailingZeroBitCount / 8 }
            offset += 8
        }
        while offset < count, bytes[offset] &- 0x30 < 10 { offset += 1 }
        return offset
    }

    /// Whether `word`'s bytes under `digitMask` are ASCII digits and its others are `separators`.
    @inline(__always)
    private static func hasDigits(_ word: UInt64, at digitMask: UInt64, separators: UInt64) -> Bool {
        let highNibbles: UInt64 = 0xF0F0_F0F0_F0F0_F0F0
        let zeros = 0x3030_3030_3030_3030 & digitMask
        let digits = word & digitMask
        // 0x30…0x39 has the high nibble 3, and keeps it when 6 is added (0x3A…0x3F do not).
        return word & ~digitMask == separators && digits & highNibbles == zeros
            && (digits &+ (0x0606_0606_0606_0606 & digitMask)) & highNibbles == zeros
    }
}
