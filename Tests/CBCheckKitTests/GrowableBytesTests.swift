import Testing

@testable import CBCheckKit
@testable import LogReading

/// The record's byte buffer keeps every byte appended, in order, across growth and emptying.
@Suite struct GrowableBytesTests {
    @Test func appendsGrowPastTheCapacityKeepingEveryByte() {
        var grown = GrowableBytes(capacity: 16)
        var expected: [UInt8] = []
        for length in [0, 1, 15, 16, 17, 40, 300] {
            let piece = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ length) }
            piece.withUnsafeBytes { grown.append($0) }
            expected += piece
            grown.append(0x0A)
            expected.append(0x0A)
            #expect(Array(grown.bytes) == expected, "after \(length)")
        }
        #expect(grown.count == expected.count)
    }

    @Test func emptyingKeepsNothingAndTheBufferStillTakesBytes() {
        var bytes = GrowableBytes(capacity: 4)
        Array("a line longer than the first capacity".utf8).withUnsafeBytes { bytes.append($0) }
        bytes.removeAll()
        #expect(bytes.count == 0 && bytes.bytes.isEmpty)
        Array("next".utf8).withUnsafeBytes { bytes.append($0) }
        #expect(String(decoding: bytes.bytes, as: UTF8.self) == "next")
    }
}
