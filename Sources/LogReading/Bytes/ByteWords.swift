/// Byte searches eight bytes at a time, for the prefix shape checks and the JSON reader: a process
/// name, a device name or a run of string bytes is a word or two long, so a `memchr` call costs
/// more than the search. `DigitBlind` compares two messages with `nonZeroBytes` too.
package enum ByteWords {
    /// The high bit of each byte of `word` that is `byte`: the bytes of `word ^ byte…` that are
    /// not non-zero.
    @inline(__always)
    static func positions(of byte: UInt8, in word: UInt64) -> UInt64 {
        ~nonZeroBytes(word ^ (UInt64(byte) &* 0x0101_0101_0101_0101)) & 0x8080_8080_8080_8080
    }

    /// The high bit of each byte of `word` that is not zero. Exact for every byte:
    /// `(t & 0x7F) + 0x7F` sets the high bit of each byte whose low seven bits are not zero
    /// without carrying into the next byte, `| t` adds the bytes whose high bit is set, so no
    /// carry or borrow from a byte below can mark the byte above it.
    @inline(__always)
    @inlinable package static func nonZeroBytes(_ word: UInt64) -> UInt64 {
        ((word & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F | word) & 0x8080_8080_8080_8080
    }

    /// The eight bytes at `offset` of `bytes` as a word whose lowest byte is the first in memory.
    @inline(__always)
    static func word(_ bytes: UnsafePointer<UInt8>, at offset: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(bytes + offset).loadUnaligned(as: UInt64.self))
    }

    /// The offset of the first `byte` at or after `start` in `bytes[..<count]`.
    @inline(__always)
    static func firstIndex(of byte: UInt8, _ bytes: UnsafePointer<UInt8>, from start: Int, _ count: Int) -> Int? {
        var offset = start
        while offset + 8 <= count {
            let found = positions(of: byte, in: word(bytes, at: offset))
            if found != 0 { return offset + found.trailingZeroBitCount / 8 }
            offset += 8
        }
        while offset < count {
            if bytes[offset] == byte { return offset }
            offset += 1
        }
        return nil
    }

    /// The offset of the last `byte` in `range` of `bytes`, eight bytes at a time from its end.
    static func lastIndex(of byte: UInt8, _ bytes: UnsafePointer<UInt8>, _ range: Range<Int>) -> Int? {
        var end = range.upperBound
        while end - 8 >= range.lowerBound {
            let found = positions(of: byte, in: word(bytes, at: end - 8))
            // The word's highest set bit is its last byte that matched.
            if found != 0 { return end - 1 - found.leadingZeroBitCount / 8 }
            end -= 8
        }
        return (range.lowerBound..<end).last { bytes[$0] == byte }
    }
}
