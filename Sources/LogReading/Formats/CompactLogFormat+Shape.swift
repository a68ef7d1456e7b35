extension CompactLogFormat {
    /// Where a record line's process name and message lie, for the shape nearly every line of
    /// `log show --style compact` has: `YYYY-MM-DD HH:MM:SS[.fraction] ` (no zone), a type code,
    /// and `Process[pid:thread]` at the first `[`.
    ///
    /// Only records that are events need their time, pid and thread (`parsePrefix` reads them
    /// then). Whatever it accepts `parsePrefix` reads as a record with the same ranges; every
    /// other line (`nil`: a zone, a rarer time shape, a `[` in the process name, a bracket without
    /// a thread, a continuation, a malformed prefix) is left to `parsePrefix`.
    static func recordShape(
        _ line: UnsafeRawBufferPointer, recent: inout CheckedLineStart
    ) -> (process: Range<Int>, messageStart: Int)? {
        guard let (bytes, count, clockEnd) = NSLogFormat.clockLed(line, recent: &recent), bytes[clockEnd] == 0x20
        else { return nil }
        var cursor = ByteCursor(line)
        cursor.position = clockEnd
        _ = cursor.skipSpaces()
        guard let type = cursor.readWord(), isTypeCode(type, cursor), cursor.skipSpaces() else { return nil }
        let processStart = cursor.position
        guard let open = ByteWords.firstIndex(of: 0x5B, bytes, from: processStart, count),
            let bracket = cursor.readBracket(at: open), bracket.thread != nil
        else { return nil }
        cursor.position = bracket.messageStart
        _ = cursor.readParenthesized()
        cursor.skipSubsystemAndCategory()
        return (processStart..<open, cursor.position)
    }
}
