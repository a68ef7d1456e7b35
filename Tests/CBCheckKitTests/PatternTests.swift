import Testing

@testable import CBCheckKit
@testable import PatternMatching

@Suite struct PatternTests {
    @Test func findsNamedGroupsAsByteRanges() throws {
        let pattern = try Pattern(#"task=(?<task>\d+)"#)
        let match = try #require(try pattern.firstMatch(in: "héllo task=42 done"))
        #expect(match.range(named: "task") == 12..<14)
        #expect(match.ranges[0] == 7..<14)
    }

    @Test func requiredBytesAreTheFixedFirstAndLastCodeUnitsThatAreNoLetters() throws {
        // An identifier's dots: none is a fixed first unit, the last `.` is required.
        #expect(try Pattern(#"\bid\W{1,3}(?<identifier>[A-Za-z][\w-]*(?:\.[\w-]+){2,})"#).requiredBytes() == [0x2E])
        #expect(try Pattern(#"<(?<task>\d+)>"#).requiredBytes() == [0x3C, 0x3E])
        // Letters are left out, whether PCRE2 records them in one case (`C`) or either (`[Ee]`).
        #expect(try Pattern(#"\bCode=(?<error>-?\d+)"#).requiredBytes() == [0x3D])
        #expect(try Pattern(#"[Ee]rror"#).requiredBytes() == [])
        #expect(try Pattern(#"(?<bytes>\d+)"#).requiredBytes() == [])
        // An optional dot is not required, nor a byte of a multi-byte character.
        #expect(try Pattern(#"\w+(?:\.\w+)?"#).requiredBytes() == [])
        #expect(try Pattern(#"é\d"#).requiredBytes() == [])
    }

    @Test func aPatternStartsWithADigitWhenPCRE2sFirstByteTableHoldsDigitsOnly() throws {
        #expect(try Pattern(#"\b(?<bytes>\d+)\s*\/\s*-?\d+\b"#).startsWithADigit())
        #expect(try Pattern(#"(?<=x)[0-3]\d"#).startsWithADigit())
        // A fixed first byte, a first byte that may be a sign or a letter, no table at all.
        #expect(try !Pattern(#"7\d"#).startsWithADigit())
        #expect(try !Pattern(#"-?\d+"#).startsWithADigit())
        #expect(try !Pattern(#"\w+"#).startsWithADigit())
        #expect(try !Pattern(#"(?:\d|)x"#).startsWithADigit())
        // Anchored, or with `\G`: an offset would move where they may match.
        #expect(try !Pattern(#"^\d+"#).startsWithADigit())
        #expect(try !Pattern(#"\G\d+"#).startsWithADigit())
    }

    @Test func returnsNilWhenNothingMatches() throws {
        let pattern = try Pattern(#"[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-|\d{9,}"#)
        #expect(try pattern.firstMatch(in: "com.acme.Downloader.bg") == nil)
        #expect(try pattern.firstMatch(in: "com.acme.bg.1710408413123") != nil)
    }

    @Test func statusExtractor() throws {
        let pattern = try Pattern(#"\b(?:[Ss]tatus(?:Code)?|HTTP(?:\/\d(?:\.\d)?)?)\W{0,3}(?<status>[1-5]\d\d)\b"#)
        let match = try #require(try pattern.firstMatch(in: "task=1 error=nil status=200"))
        #expect(match.range(named: "status") == 24..<27)
    }

    @Test func compileErrorsCarryTheOffset() {
        #expect {
            _ = try Pattern("abc(def")
        } throws: { error in
            guard let error = error as? PatternError else { return false }
            return error.kind == .compile && error.offset == 7 && error.message.contains("missing closing parenthesis")
        }
    }

    @Test func catastrophicBacktrackingHitsTheMatchLimit() throws {
        let pattern = try Pattern("(a+)+$", matchLimit: 10_000)
        let subject = String(repeating: "a", count: 40) + "b"
        #expect(throws: PatternError.self) { _ = try pattern.firstMatch(in: subject) }
    }

    @Test func invalidUTF8InTheSubjectIsNotAnError() throws {
        let pattern = try Pattern("task")
        let bytes: [UInt8] = [0xFF, 0xFE, 0x74, 0x61, 0x73, 0x6B]
        let match = try bytes.withUnsafeBytes { try pattern.firstMatch(in: $0) }
        #expect(match?.ranges[0] == 2..<6)
    }
}

/// `matches` keeps the groups in the pattern for `lastMatchRange(group:)`, the recognizer's
/// way of reading one group without a `PatternMatch`.
@Suite struct PatternLastMatchTests {
    @Test func groupsOfTheLastMatchAreReadInPlace() throws {
        let pattern = try Pattern(#"task=(?<task>\d+)(?: (?<status>\d{3}))?"#)
        let bytes = Array("héllo task=42 done".utf8)
        #expect(try bytes.withUnsafeBytes { try pattern.matches($0) })
        #expect(pattern.lastMatchRange(group: 0) == 7..<14)
        #expect(pattern.lastMatchRange(group: 1) == 12..<14)
        // A group that took no part, one the pattern does not have, and a negative number.
        #expect(pattern.lastMatchRange(group: 2) == nil)
        #expect(pattern.lastMatchRange(group: 9) == nil)
        #expect(pattern.lastMatchRange(group: -1) == nil)
        let other = Array("x task=7 500".utf8)
        #expect(try other.withUnsafeBytes { try pattern.matches($0, from: 1) })
        #expect(pattern.lastMatchRange(group: 2) == 9..<12)
        #expect(try other.withUnsafeBytes { try pattern.matches($0, from: 3) } == false)
    }

    @Test func firstMatchListsTheSameRanges() throws {
        let pattern = try Pattern(#"(a)(b)?(c)"#)
        let match = try #require(try pattern.firstMatch(in: "xxac"))
        #expect(match.ranges == [2..<4, 2..<3, nil, 3..<4])
    }
}
