import TestSupport
import Testing

@testable import CBCheckKit

@Suite struct FirstDigitTests {
    private func offset(_ bytes: [UInt8]) -> Int? { bytes.withUnsafeBytes { FirstDigit.offset(in: $0) } }

    private func naiveOffset(_ bytes: [UInt8]) -> Int? { bytes.firstIndex { (0x30...0x39).contains($0) } }

    @Test func theFirstDigitInEitherHalfOfAWordOrInTheTail() {
        #expect(offset(Array("7 tasks".utf8)) == 0)
        #expect(offset(Array("task #7".utf8)) == 6)
        #expect(offset(Array("tasks: 12".utf8)) == 7)
        #expect(offset(Array("urlSession(_:) task=1 12/100".utf8)) == 20)
        #expect(offset(Array("no digits here at all, none".utf8)) == nil)
        #expect(offset([]) == nil)
        #expect(offset(Array("9".utf8)) == 0)
    }

    @Test func theBytesBesideTheDigitsAreNone() {
        // `/` and `:` stand just below and above `0`–`9`; 0xB0–0xB9 are digits with the top bit
        // set (UTF-8 continuation bytes), 0x00–0x09 what a digit becomes after the XOR.
        let near: [UInt8] = [0x2F, 0x3A, 0xB0, 0xB9, 0x00, 0x09, 0x20, 0x40, 0x7F, 0xFF]
        #expect(offset(near) == nil)
        #expect(offset(near + [0x35]) == near.count)
        #expect(offset(Array(near.prefix(7)) + [0x30] + near) == 7)
    }

    @Test func onEveryFixtureLineItFindsWhatAByteByByteSearchFinds() {
        let lines = TestSupport.fixtureAndSampleLines()
        #expect(lines.count > 1000)
        for line in lines {
            for start in [0, 1, 5] where start <= line.count {
                let suffix = Array(line[start...])
                #expect(offset(suffix) == naiveOffset(suffix), "\(String(decoding: suffix, as: UTF8.self))")
            }
        }
    }
}
