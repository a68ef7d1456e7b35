/// Where a message's first ASCII digit is: the recognizer runs the extractors whose every match
/// starts with a digit (`Pattern.startsWithADigit`: a progress line's `12/100`, read twice, once
/// for `bytes` and once for `expected`) from there, instead of letting PCRE2 test every byte
/// before it against its table of first bytes, and not at all on a message without digits.
enum FirstDigit {
    /// The offset of the first byte `0`–`9` in `message`, or `nil` when it has none.
    ///
    /// Eight bytes a round: a byte is a digit when it XOR `0x30` is under 10, and the classic
    /// "has a byte less than n" word test flags such bytes; its lowest flag is always right (a
    /// borrow only runs upward), which on a little-endian load is the first byte in memory.
    static func offset(in message: UnsafeRawBufferPointer) -> Int? {
        guard let base = message.baseAddress else { return nil }
        let count = message.count
        var offset = 0
        while offset &+ 8 <= count {
            let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            let folded = word ^ 0x3030_3030_3030_3030
            let flags = (folded &- 0x0A0A_0A0A_0A0A_0A0A) & ~folded & 0x8080_8080_8080_8080
            if flags != 0 { return offset &+ flags.trailingZeroBitCount &>> 3 }
            offset &+= 8
        }
        while offset < count {
            if base.load(fromByteOffset: offset, as: UInt8.self) &- 0x30 < 10 { return offset }
            offset &+= 1
        }
        return nil
    }
}
