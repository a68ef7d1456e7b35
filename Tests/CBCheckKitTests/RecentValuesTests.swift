import TestSupport
import Testing

@testable import CBCheckKit

@Suite struct RecentValuesTests {
    /// Reused or made again, a value is what normalizing its bytes gives: on random runs of
    /// repeated and changed bytes (lengths 0 to 20 around the 16 kept, case and spaces that
    /// normalizing changes, redactions), for attributes normalized in different ways.
    @Test func aValueIsAlwaysWhatNormalizingItsBytesGives() {
        var random = SeededGenerator(seed: 9)
        let words = [
            "1", "download", "Download", " nil ", "NIL", "<private>", "200", "failed", "", "0123456789abcdef",
            "0123456789abcdeg", "0123456789abcdefX", "com.example.bg.sessions", "yes", "task 7",
        ].map { Array($0.utf8) }
        let attributes: [Attribute] = [.task, .kind, .error, .status, .outcome, .identifier, .background]
        let recent = RecentValues()
        var reused = 0
        var last: [Attribute: [UInt8]] = [:]
        for _ in 0..<5_000 {
            let attribute = attributes[random.next(below: attributes.count)]
            var bytes = words[random.next(below: words.count)]
            if random.next(below: 3) == 0, let previous = last[attribute] { bytes = previous }
            if last[attribute] == bytes { reused += 1 }
            last[attribute] = bytes
            bytes.withUnsafeBytes { bytes in
                #expect(
                    recent.normalized(attribute, bytes: bytes) == AttributeValue.normalized(attribute, bytes: bytes))
            }
        }
        #expect(reused > 1_000)
    }

    /// Bytes that differ only past a shorter value's end, or only in their second word, are
    /// other bytes.
    @Test func bytesAreComparedWholeAndByLength() {
        let recent = RecentValues()
        for text in ["12", "12\u{0}", "1", "0123456789abcdef", "0123456789abcdeX", "0123456789abcdef"] {
            Array(text.utf8).withUnsafeBytes { bytes in
                #expect(recent.normalized(.task, bytes: bytes) == AttributeValue.normalized(.task, bytes: bytes))
            }
        }
    }
}

@Suite struct RecentValuesWordsTests {
    /// The count and two words tell bytes apart: every pair of byte strings of one count (0 to
    /// 16) that differ in any one byte, at any place (the overlap of the two words included),
    /// gives other words, and equal bytes the same words.
    @Test func wordsTellEveryByteApart() {
        for count in 0...16 {
            let bytes = (0..<count).map { UInt8(0x30 + $0) }
            let words = bytes.withUnsafeBytes {
                RecentValues.words($0.baseAddress ?? UnsafeRawPointer(bitPattern: 8)!, count: count)
            }
            let again = Array(bytes).withUnsafeBytes {
                RecentValues.words($0.baseAddress ?? UnsafeRawPointer(bitPattern: 8)!, count: count)
            }
            #expect(words == again)
            for place in 0..<count {
                var changed = bytes
                changed[place] ^= 0x01
                let other = changed.withUnsafeBytes { RecentValues.words($0.baseAddress!, count: count) }
                #expect(other != words, "count \(count), byte \(place)")
            }
        }
    }
}
