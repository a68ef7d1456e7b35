/// ASCII case folding on bytes, for the literal prefilter and for attribute values read from the
/// message: `A`–`Z` fold to `a`–`z`, every other byte (those of UTF-8 sequences included) stays.
package enum ASCIICase {
    @inlinable package static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }

    /// Whether `byte` is an ASCII letter, either case (no byte of a UTF-8 sequence is).
    @inlinable package static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) &- 0x61 < 26 }

    /// Whether the `other.count` bytes at `start` are `other`'s, ignoring ASCII case.
    @inlinable package static func equal(_ start: UnsafeRawPointer, _ other: UnsafeRawBufferPointer) -> Bool {
        for offset in 0..<other.count
        where lowercased(start.load(fromByteOffset: offset, as: UInt8.self)) != lowercased(other[offset]) {
            return false
        }
        return true
    }

    /// Whether `haystack` contains `needle`, ignoring ASCII case.
    @inlinable package static func contains(
        _ haystack: UnsafeRawBufferPointer, _ needle: UnsafeRawBufferPointer
    ) -> Bool {
        guard needle.count <= haystack.count else { return false }
        if needle.isEmpty { return true }
        return (0...(haystack.count - needle.count)).contains { equal(haystack.baseAddress! + $0, needle) }
    }
}
