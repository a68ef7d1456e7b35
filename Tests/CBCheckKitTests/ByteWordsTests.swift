import TestSupport
import Testing

@testable import CBCheckKit
@testable import LogReading

@Suite struct ByteWordsTests {
    /// Buffers whose bytes come from a small alphabet with the searched byte, its neighbours (a
    /// borrow from a match must not mark the byte above it) and bytes of 0x80 and up, each held in
    /// an array of exactly its length (AddressSanitizer then sees any read past the end).
    private static func buffers() -> [[UInt8]] {
        var generator = SeededGenerator(seed: 0x5EED)
        let alphabet: [UInt8] = [0x5B, 0x5A, 0x5C, 0xDB, 0x00, 0x01, 0xFF, 0x80, 0x20, 0x22, 0x3E, 0x61]
        return (0..<400).map { index in
            (0..<(index % 41)).map { _ in alphabet[generator.next(below: alphabet.count)] }
        }
    }

    @Test func positionsMarkExactlyTheBytesThatMatch() {
        for buffer in Self.buffers() where buffer.count >= 8 {
            for byte: UInt8 in [0x5B, 0x00, 0xFF, 0x80, 0x22] {
                let word = buffer.withUnsafeBufferPointer { ByteWords.word($0.baseAddress!, at: 0) }
                let expected = (0..<8).reduce(UInt64(0)) { $0 | (buffer[$1] == byte ? 0x80 << (8 * UInt64($1)) : 0) }
                #expect(ByteWords.positions(of: byte, in: word) == expected, "\(buffer.prefix(8)) \(byte)")
            }
        }
    }

    @Test func firstAndLastIndexAreTheNaiveSearches() {
        for buffer in Self.buffers() {
            buffer.withUnsafeBufferPointer { pointer in
                guard let bytes = pointer.baseAddress else { return }
                for byte: UInt8 in [0x5B, 0x3E, 0x20, 0x00, 0xFF] {
                    for start in 0...buffer.count {
                        let first = ByteWords.firstIndex(of: byte, bytes, from: start, buffer.count)
                        #expect(first == buffer[start...].firstIndex(of: byte), "\(buffer) from \(start)")
                        let last = ByteWords.lastIndex(of: byte, bytes, start..<buffer.count)
                        #expect(last == buffer[start...].lastIndex(of: byte), "\(buffer) in \(start)...")
                    }
                }
            }
        }
    }
}
