import TestSupport
import Testing

@testable import CBCheckKit

@Suite struct ExtractorLiteralsTests {
    /// Extractor 0 `Session` (anchored on `S`), 1 `job #`, 2 no literal, 3 `kind ` ignoring case
    /// (anchored on the space), 4 `listen` ignoring case (letters only), 5 `offset=` or
    /// `resumed at `, 6 no literal but a required `.`, 7 `Session` and a required `.`, 8 a
    /// required NUL byte.
    private let map: EventMap = {
        let text = """
            attribute identifier /Session\\W(?<identifier>\\w+)/
            attribute task /job #(?<task>\\d+)/
            attribute name /(?<name>\\w+)/
            attribute kind /kind (?<kind>\\w+)/i
            attribute bgtask /listen(?<bgtask>\\d+)/i
            attribute offset /offset=(?<offset>\\d+)|resumed at \\d+/
            attribute path /(?<path>\\w+(?:\\.\\w+){2,})/
            attribute identifier /Session\\W(?<identifier>\\w+\\.\\w+)/
            attribute port /\\x00(?<port>\\d+)/
            """
        return try! EventMapParser(file: "app.cbevents", text: text).parse()
    }()

    private func mayMatch(_ extractor: Int, _ message: String) -> Bool {
        let literals = ExtractorLiterals(map.extractors)
        var last = ExtractorLiterals.LastRequiredByte()
        return Array(message.utf8).withUnsafeBytes { literals.mayMatch(extractor, in: $0, last: &last) }
    }

    @Test func anExtractorWithoutALiteralMayAlwaysMatch() {
        #expect(map.extractors[2].pattern.literals == nil)
        #expect(mayMatch(2, "anything at all"))
        #expect(mayMatch(2, ""))
    }

    @Test func aLiteralIsFoundAtTheStartInTheMiddleAndAtTheEnd() {
        #expect(mayMatch(0, "Session abc"))
        #expect(mayMatch(0, "urlSession(_:task:)"))
        #expect(mayMatch(0, "ends with Session"))
        #expect(mayMatch(1, "job #12 done"))
    }

    @Test func anAbsentLiteralRulesTheExtractorOut() {
        #expect(!mayMatch(0, "urlsession(_:task:) in lower case"))
        #expect(!mayMatch(1, "job 12 without the hash"))
        #expect(!mayMatch(0, ""))
        #expect(!mayMatch(0, "Sessio"))
    }

    @Test func theAnchorIsLookedForOnlyWhereTheWholeLiteralFits() {
        // `S` stands too near the end for `Session` to fit after it, and a first `S` that
        // starts no `Session` does not hide a later one.
        #expect(!mayMatch(0, "SessioS"))
        #expect(!mayMatch(0, "xx Sessi"))
        #expect(mayMatch(0, "SSession"))
        #expect(mayMatch(0, "Sa Sb Session"))
    }

    @Test func aCaseInsensitiveLiteralIsFoundInAnyCase() {
        #expect(mayMatch(3, "KIND download"))
        #expect(mayMatch(3, "a Kind upload"))
        #expect(!mayMatch(3, "kinds download"))
        // Letters only: compared at every position.
        #expect(mayMatch(4, "LiStEn42"))
        #expect(mayMatch(4, "now listen7"))
        #expect(!mayMatch(4, "listed 7"))
    }

    @Test func oneAlternativesLiteralIsEnough() {
        #expect(mayMatch(5, "offset=12"))
        #expect(mayMatch(5, "resumed at 12"))
        #expect(!mayMatch(5, "offset 12, resumed"))
    }

    @Test func aByteEveryMatchContainsMustOccur() {
        #expect(map.extractors[6].pattern.literals == nil)
        #expect(!mayMatch(6, "urlSession(_:task:didCompleteWithError:) task=1"))
        #expect(mayMatch(6, "moved to a.b.c"))
        // Both the literal and the byte.
        #expect(!mayMatch(7, "urlSession(_:task:) task=1"))
        #expect(!mayMatch(7, "no session in a.b"))
        #expect(mayMatch(7, "Session com.example.bg"))
        #expect(!mayMatch(7, ""))
    }

    @Test func theLastRequiredBytesAnswerIsKeptForTheNextCheckOfTheSameRecord() {
        let literals = ExtractorLiterals(map.extractors)
        var last = ExtractorLiterals.LastRequiredByte()
        Array("Session com.example jobs".utf8).withUnsafeBytes { message in
            #expect(literals.mayMatch(6, in: message, last: &last))  // `.`: there
            #expect(literals.mayMatch(7, in: message, last: &last))  // `.` again, and `Session`
            #expect(!literals.mayMatch(1, in: message, last: &last))  // `#`: not there
            #expect(literals.mayMatch(6, in: message, last: &last))  // `.` looked for again
            #expect(!literals.mayMatch(8, in: message, last: &last))
        }
        // A required NUL byte is looked for, not taken for the state before any search.
        #expect(mayMatch(8, "port \u{0}8080"))
        #expect(!mayMatch(8, "port 8080"))
    }

    @Test func aLiteralShorterThanTheMinimumIsNotLookedFor() {
        let literals = ExtractorLiterals(map.extractors, minimumLength: 6)
        Array("jobs #12".utf8).withUnsafeBytes { message in
            // `job #` has 5 bytes; its required `#` is still looked for.
            var last = ExtractorLiterals.LastRequiredByte()
            #expect(literals.mayMatch(1, in: message, last: &last))
            #expect(!literals.mayMatch(0, in: message, last: &last))
        }
        #expect(!mayMatch(1, "jobs #12"))
        var last = ExtractorLiterals.LastRequiredByte()
        Array("job 12".utf8).withUnsafeBytes { #expect(!literals.mayMatch(1, in: $0, last: &last)) }
    }

    /// The recognizer skips an extractor when this says no, so it must never say no where the
    /// extractor's regex matches; where `MapPattern.mayMatch` says no (a literal is absent), it
    /// says no too.
    @Test func onEveryFixtureLineItNeverRulesOutAMatchAndRulesOutWhatTheLiteralsDo() throws {
        let map = try RuleLibrary.builtIn().eventMap
        let literals = ExtractorLiterals(map.extractors)
        let lines = TestSupport.fixtureAndSampleLines()
        #expect(lines.count > 1000)
        var ruledOut = 0
        for line in lines {
            try line.withUnsafeBytes { bytes in
                for (index, extractor) in map.extractors.enumerated() {
                    var last = ExtractorLiterals.LastRequiredByte()
                    let answer = literals.mayMatch(index, in: bytes, last: &last)
                    if !extractor.pattern.mayMatch(bytes) {
                        #expect(!answer, "\(extractor.pattern.pattern.source)")
                    }
                    if !answer {
                        ruledOut += 1
                        let match = try extractor.pattern.pattern.firstMatch(in: bytes)
                        #expect(match == nil, "\(extractor.pattern.pattern.source)")
                    }
                }
            }
        }
        #expect(ruledOut > 10_000)
    }
}
