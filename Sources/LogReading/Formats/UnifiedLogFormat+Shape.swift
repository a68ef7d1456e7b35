#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension UnifiedLogFormat {
    /// Where a record line's process name and message lie, for the shape nearly every line of
    /// `log show` / `log stream` has: `YYYY-MM-DD HH:MM:SS[.fraction][±HHMM]`, then the thread
    /// (`0x…`), type, activity, pid and TTL columns, then `Process: `.
    ///
    /// Only records that are events need their time, thread and pid (`parsePrefix` reads them
    /// then); chatter needs no more than this check of each column's bytes. Whatever it accepts
    /// `parsePrefix` reads as a record with the same ranges; every other line (`nil`: `Z` or
    /// `-05:00` zones, a rarer time shape, a column too long, a `:` in the process name, a
    /// continuation, a malformed prefix) is left to `parsePrefix`.
    static func recordShape(
        _ line: UnsafeRawBufferPointer, recent: inout CheckedLineStart
    ) -> (process: Range<Int>, messageStart: Int)? {
        guard let (bytes, count, clockEnd) = NSLogFormat.clockLed(line, recent: &recent) else { return nil }
        var offset = clockEnd
        if bytes[offset] == 0x2B || bytes[offset] == 0x2D {
            guard offset + 5 < count, (1...4).allSatisfy({ bytes[offset + $0] &- 0x30 < 10 }) else { return nil }
            offset += 5
        }
        guard bytes[offset] == 0x20, offset + 2 < count else { return nil }
        offset = spacesEnd(bytes, from: offset, count)
        // Each column's start is where the one before it ends; the thread is written `0x…`, the
        // activity may be.
        guard offset + 2 < count, bytes[offset] == 0x30, bytes[offset + 1] == 0x78,
            let typeStart = columnEnd(bytes, from: offset + 2, count, limit: 16, where: isHexDigit),
            var activityStart = columnEnd(bytes, from: typeStart, count, limit: .max, where: ASCIICase.isLetter)
        else { return nil }
        if activityStart + 1 < count, bytes[activityStart] == 0x30, bytes[activityStart + 1] == 0x78 {
            activityStart += 2
        }
        guard let pidStart = columnEnd(bytes, from: activityStart, count, limit: 16, where: isHexDigit),
            let ttlStart = columnEnd(bytes, from: pidStart, count, limit: 18, where: isDigit),
            let processStart = columnEnd(bytes, from: ttlStart, count, limit: 18, where: isDigit),
            let colon = memchr(bytes + processStart, 0x3A, count - processStart).map({
                UnsafeRawPointer(bytes).distance(to: $0)
            }),
            colon > processStart, colon + 1 == count || bytes[colon + 1] == 0x20
        else { return nil }
        var cursor = ByteCursor(line)
        cursor.position = colon + 1
        _ = cursor.skipSpaces()
        _ = cursor.readParenthesized()
        cursor.skipSubsystemAndCategory()
        return (processStart..<colon, cursor.position)
    }

    /// Where the next column starts after a run of 1 to `limit` bytes that are `member`s at
    /// `start` and the spaces after it; `nil` when the run is empty or longer, or no space follows
    /// (what `ByteCursor`'s `readHex`, `readWord` and `readDecimal` then `skipSpaces` refuse).
    @inline(__always)
    private static func columnEnd(
        _ bytes: UnsafePointer<UInt8>, from start: Int, _ count: Int, limit: Int, where member: (UInt8) -> Bool
    ) -> Int? {
        var end = start
        while end < count, member(bytes[end]) { end += 1 }
        guard end > start, end - start <= limit, end < count, bytes[end] == 0x20 else { return nil }
        return spacesEnd(bytes, from: end, count)
    }

    /// The offset of the first byte at or after `start` that is no space (`count` if none), eight
    /// bytes at a time: the columns are padded with runs of up to twenty spaces. A word's first
    /// byte that differs from a space is its lowest non-zero byte after XOR with `0x20…`.
    @inline(__always)
    private static func spacesEnd(_ bytes: UnsafePointer<UInt8>, from start: Int, _ count: Int) -> Int {
        let raw = UnsafeRawPointer(bytes)
        var offset = start
        while offset + 8 <= count {
            let others = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) ^ 0x2020_2020_2020_2020
            if others != 0 { return offset + others.trailingZeroBitCount / 8 }
            offset += 8
        }
        while offset < count, bytes[offset] == 0x20 { offset += 1 }
        return offset
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool { ByteCursor.isHexDigit(byte) }
    private static func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }
}
