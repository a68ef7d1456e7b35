import Testing

@testable import CBCheckKit

@Suite struct PatternTests {
    @Test func findsNamedGroupsAsByteRanges() throws {
        let pattern = try Pattern(#"task=(?<task>\d+)"#)
        let match = try #require(try pattern.firstMatch(in: "héllo task=42 done"))
        #expect(match.range(named: "task") == 12..<14)
        #expect(match.ranges[0] == 7..<14)
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
