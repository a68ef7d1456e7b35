import Testing

@testable import CBCheckKit
@testable import LogReading

/// The printable-ASCII test (the vector kernel, 32 bytes a round, and the portable one, eight bytes
/// a word) agrees with a byte-by-byte one wherever the odd byte sits, and text that is not printable ASCII is still shown without losing anything.
@Suite struct DisplayTextTests {
    private func slowIsPrintable(_ bytes: [UInt8]) -> Bool { bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F } }

    @Test(arguments: [0x00, 0x09, 0x1F, 0x20, 0x7E, 0x7F, 0x80, 0xC3, 0xFF] as [UInt8])
    func oddByteAtEveryPositionIsSeen(_ odd: UInt8) {
        for length in 1...70 {
            for position in 0..<length {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                bytes[position] = odd
                for vector in [true, false] {
                    let fast = bytes.withUnsafeBytes { DisplayText.isPrintableASCII($0, vector: vector) }
                    #expect(fast == slowIsPrintable(bytes), "byte \(odd) at \(position) of \(length), vector \(vector)")
                }
            }
        }
    }

    @Test func agreesOnRandomText() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let bytes = (0..<Int.random(in: 0...100, using: &generator)).map { _ in
                // Mostly printable, now and then anything.
                Int.random(in: 0..<10, using: &generator) == 0
                    ? UInt8.random(in: 0...255, using: &generator) : UInt8.random(in: 0x20...0x7E, using: &generator)
            }
            for vector in [true, false] {
                #expect(
                    bytes.withUnsafeBytes { DisplayText.isPrintableASCII($0, vector: vector) } == slowIsPrintable(bytes)
                )
            }
        }
    }

    @Test func textKeepsEveryByte() {
        let cases: [([UInt8], String)] = [
            (Array("task 7 done".utf8), "task 7 done"),
            (Array("tab\there".utf8), "tab\there"),
            (Array("caf\u{E9} ok".utf8), "caf\u{E9} ok"),
            ([0x61, 0x00, 0x62, 0x1B, 0x7F], "a\\x00b\\x1B\\x7F"),
            ([0x61, 0xC3, 0x28], "a\\xC3("),
        ]
        for (bytes, shown) in cases {
            #expect(bytes.withUnsafeBytes { DisplayText.from($0) } == shown)
        }
    }
}
