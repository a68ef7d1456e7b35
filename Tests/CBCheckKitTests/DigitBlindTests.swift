import TestSupport
import Testing

@testable import CBCheckKit

@Suite struct DigitBlindTests {
    @Test(arguments: [
        #"\b(?<bytes>\d+)\s*\/\s*-?\d+\b"#, #"Task <[0-9A-Fa-f-]+>\.<(?<task>\d+)>"#, #"[Ee]rror\W{0,3}(?<e>-\d+)\b"#,
        #"(?<path>[^\s,;:()"]*CFNetworkDownload_\w+\.tmp)"#, #"\bid\W{1,3}(?<id>[A-Za-z][\w-]*(?:\.[\w-]+){2,})"#,
        #"[]x]\d"#, #"[+-:]"#,
    ])
    func aRegexThatTreatsEveryDigitAlikeIsBlind(pattern: String) {
        #expect(DigitBlind.holds(for: pattern))
    }

    /// A literal digit, a class with some digits, an escape naming a character or a group.
    @Test(arguments: [
        #"[1-5]\d\d"#, #"HTTP\/1"#, #"[05]x"#, #"[0-8]"#, #"\x30"#, #"\p{Nd}"#, #"(\d)\1"#, #"(?<a>\d)\k<a>"#,
        #"(?<a>\d)(?P=a)"#,
        #"\Q1\E"#, #"(?<n1>x)"#, #"{2}"#, #"a{2"#, #"(?1)"#, #"\N{U+0030}"#,
    ])
    func aRegexThatCanTellDigitsApartIsNot(pattern: String) {
        #expect(!DigitBlind.holds(for: pattern))
    }

    private func same(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        a.withUnsafeBytes { a in b.withUnsafeBytes { b in DigitBlind.sameButForDigits(a, b) } }
    }

    private func sameByteByByte(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0 == $1 || ($0 &- 0x30 < 10 && $1 &- 0x30 < 10) }
    }

    @Test func messagesThatDifferOnlyInDigitsAreTheSame() {
        #expect(same(Array("task=1 59768832/63963136".utf8), Array("task=7 11534336/63963136".utf8)))
        #expect(!same(Array("task=1 5976883/63963136".utf8), Array("task=1 59768832/63963136".utf8)))
        #expect(!same(Array("task=1 x".utf8), Array("task=1 y".utf8)))
        #expect(!same(Array("task=1 :".utf8), Array("task=1 0".utf8)))  // `:` follows `9`
        #expect(!same(Array("task=1 /".utf8), Array("task=1 0".utf8)))  // `/` precedes `0`
        #expect(same([], []))
    }

    /// The word-at-a-time test against the byte-by-byte one, on pairs made to differ in digits,
    /// in bytes next to the digits, in high bytes and in bytes that differ only in their high bit.
    @Test func theWordTestAgreesWithTheByteTest() {
        var random = SeededGenerator(seed: 6)
        let alphabet: [UInt8] = Array("0123456789/:a ".utf8) + [0x00, 0x7F, 0x80, 0xB0, 0xB9, 0xFF]
        var agreedSame = 0
        for _ in 0..<20_000 {
            let count = random.next(below: 40)
            let a = (0..<count).map { _ in alphabet[random.next(below: alphabet.count)] }
            var b = a
            for _ in 0..<random.next(below: 4) where count > 0 {
                b[random.next(below: count)] = alphabet[random.next(below: alphabet.count)]
            }
            if random.next(below: 20) == 0, count > 0 { b.removeLast() }
            let expected = sameByteByByte(a, b)
            #expect(same(a, b) == expected, "\(a) \(b)")
            if expected { agreedSame += 1 }
        }
        #expect(agreedSame > 2_000)
    }

    /// The promise the recognizer relies on, on every fixture line: a digit-blind extractor finds
    /// the same ranges in the line with its digits changed.
    @Test func onEveryFixtureLineABlindExtractorFindsTheSameRangesWithOtherDigits() throws {
        let map = try RuleLibrary.builtIn().eventMap
        let blind = map.extractors.filter { DigitBlind.holds(for: $0.pattern.pattern.source) }
        #expect(blind.count > 20)
        var random = SeededGenerator(seed: 7)
        var matched = 0
        for line in TestSupport.fixtureAndSampleLines() {
            let changed = withOtherDigits(line, &random)
            for extractor in blind {
                let pattern = extractor.pattern.pattern
                let first = try line.withUnsafeBytes { try pattern.firstMatch(in: $0) }
                let second = try changed.withUnsafeBytes { try pattern.firstMatch(in: $0) }
                #expect(first?.ranges == second?.ranges, "\(pattern.source)")
                if first != nil { matched += 1 }
            }
        }
        #expect(matched > 1_000)
    }
}

/// `line` with each ASCII digit replaced by a random one.
func withOtherDigits(_ line: [UInt8], _ random: inout SeededGenerator) -> [UInt8] {
    var changed = line
    for index in changed.indices where changed[index] &- 0x30 < 10 {
        changed[index] = 0x30 + UInt8(random.next(below: 10))
    }
    return changed
}
