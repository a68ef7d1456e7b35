import Foundation
import TestSupport
import Testing

@testable import CBCheckKit
@testable import PatternMatching

@Suite struct RequiredLiteralTests {
    @Test(arguments: [
        (#"didFinishDownloadingTo(?:URL)?\b"#, "didFinishDownloadingTo"),
        (
            #"handleEventsForBackgroundURLSession:completionHandler:[\])]?\s+(?<identifier>[\w.-]+)"#,
            "handleEventsForBackgroundURLSession:completionHandler:"
        ),
        (
            #"A background URLSession with identifier (?<identifier>\S+?) already exists"#,
            "A background URLSession with identifier "
        ),
        (#"\bCode=(?<error>-?\d+)"#, "Code="),
        (#"Task <[0-9A-Fa-f-]+>\.<(?<task>\d+)>"#, "Task <"),
        (#"(?:did|will)FinishLaunching(?:WithOptions)?\b"#, "FinishLaunching"),
        (#"CFNetworkDownload_\w+\.tmp"#, "CFNetworkDownload_"),
        (#"file\.txt"#, "file.txt"),
        (#"HTTP\/\d"#, "HTTP/"),
        (#"completion handlers?"#, "completion handler"),
        (#"[Ii]dentifier\W{0,3}(?<identifier>\w+)"#, "dentifier"),
        (#"foo.bar"#, "foo"),
        (#"[abc|def]xyz"#, "xyz"),
        (#"x(?:a|b)*yz(?<task>\d+)done"#, "done"),
    ])
    func takesTheLongestTopLevelRun(pattern: String, literal: String) {
        #expect(RequiredLiteral.of(pattern) == literal)
    }

    /// Branches split at a top-level `|` only, each kept whole; an escaped `|` stays in its
    /// branch (it used to be dropped from the text, weakening the branch's literal).
    @Test func topLevelBranchesSplitOnlyAtTopLevelBars() {
        #expect(RequiredLiteral.topLevelBranches(of: "") == [""])
        #expect(RequiredLiteral.topLevelBranches(of: "ab(c|d)[|e]") == ["ab(c|d)[|e]"])
        #expect(
            RequiredLiteral.topLevelBranches(of: "didWriteData|didSendBodyData|") == [
                "didWriteData", "didSendBodyData", "",
            ])
        #expect(RequiredLiteral.topLevelBranches(of: #"abc\|def|é(x)"#) == [#"abc\|def"#, "é(x)"])
        #expect(RequiredLiteral.alternatives(of: #"abc\|def|ghij"#) == ["abc|def", "ghij"])
        #expect(RequiredLiteral.alternatives(of: #"héllo wörld|xy"#, minimumLength: 2) == ["héllo wörld", "xy"])
    }

    @Test func topLevelAlternationGivesNoLiteral() {
        #expect(RequiredLiteral.of(#"didWriteData\b|didSendBodyData\b"#) == nil)
        #expect(RequiredLiteral.of(#"cancelByProducingResumeData|cancel\(byProducingResumeData"#) == nil)
        // Alternation inside a group is fine: the run outside it is still required.
        #expect(RequiredLiteral.of(#"moveItem(?:AtURL|\(at)"#) == "moveItem")
    }

    @Test func inlineFlagsGiveNoLiteral() {
        #expect(RequiredLiteral.of("(?i)completion handler") == nil)
        #expect(RequiredLiteral.of("completion (?i)handler") == nil)
        #expect(RequiredLiteral.of("(?x) completion handler") == nil)
        // A non-capturing or named group is no flag.
        #expect(RequiredLiteral.of("(?:saved )completion handler") == "completion handler")
        #expect(RequiredLiteral.of("(?<task>[0-9]+) completion handler") == " completion handler")
    }

    @Test func countedRepetitionDigitsAreNeverALiteral() {
        #expect(RequiredLiteral.of("ab{1000,2000}") == nil)
        #expect(RequiredLiteral.of(#"\d{12345}"#) == nil)
        #expect(RequiredLiteral.of(#"id\W{0,3}(?<task>\d+)"#) == nil)
        #expect(RequiredLiteral.of(#"task\W{0,3}123"#) == "task")
        #expect(RequiredLiteral.of(#"abcd[0-9]{12345678}"#) == "abcd")
        #expect(RequiredLiteral.of(#"abc\.{2,5}xyz"#) == "abc")
    }

    @Test func aQuantifiedCharacterOrEscapeIsNotRequired() {
        #expect(RequiredLiteral.of("abcd?") == "abc")
        #expect(RequiredLiteral.of("abc?") == nil)
        #expect(RequiredLiteral.of(#"abc\.*def"#) == "abc")
        #expect(RequiredLiteral.of("x*yz+") == nil)
    }

    @Test func shortRunsAreNotWorthAPrefilter() {
        #expect(RequiredLiteral.of("ab") == nil)
        #expect(RequiredLiteral.of("ab", minimumLength: 2) == "ab")
        #expect(RequiredLiteral.of("a.b.c") == nil)
        #expect(RequiredLiteral.of("") == nil)
        #expect(RequiredLiteral.of(#"abc\"#) == nil)
    }

    /// The prefilter's promise: whenever the pattern matches, the literal is in the subject.
    private func keepsItsPromise(_ pattern: String, on subject: String) throws -> Bool {
        let compiled = try Pattern(pattern)
        try #require(try compiled.firstMatch(in: subject) != nil, "\(pattern) should match \(subject)")
        guard let literal = RequiredLiteral.of(pattern) else { return true }
        return subject.contains(literal)
    }

    @Test func theLiteralIsInEverySubjectThePatternMatches() throws {
        #expect(try keepsItsPromise(#"Task <[0-9A-F-]+>\.<(?<task>\d+)>"#, on: "Task <5F1C2D3A>.<3>"))
        #expect(try keepsItsPromise(#"error\W{0,3}(?<error>-\d+)\b"#, on: "error=-1001"))
        #expect(try keepsItsPromise(#"\\saved\\"#, on: #"a \saved\ b"#))
        #expect(try keepsItsPromise(#"\p{Lu}{3,}handler"#, on: "ABChandler"))
    }

    @Test func aHexEscapeIsOneCharacterNotLiteralDigits() throws {
        let kept = try keepsItsPromise(#"\x41BCD"#, on: "ABCD")
        #expect(kept)
    }

    @Test func aPOSIXClassInsideABracketEndsWithTheOuterBracket() throws {
        let kept = try keepsItsPromise("task[[:space:]]identifier", on: "task identifier")
        #expect(kept)
    }

    @Test func aLeadingBracketInAClassIsAMember() throws {
        let kept = try keepsItsPromise("[]x]abcdef", on: "xabcdef")
        #expect(kept)
    }

    /// The prefilter's promise, on every fixture line: a pattern that matches a line is always
    /// among the scanner's candidates for it, and its literals are in the line.
    @Test func theBuiltInMapsPrefilterNeverRulesOutAFixtureLineItsPatternMatches() throws {
        let map = try RuleLibrary.builtIn().eventMap
        let entryPatterns = map.entries.flatMap(\.patterns)
        let scanner = LiteralScanner(patterns: entryPatterns)
        #expect(entryPatterns.allSatisfy { $0.literals != nil })
        let lines = TestSupport.fixtureAndSampleLines()
        #expect(lines.count > 1000)
        var checked = 0
        for line in lines {
            try line.withUnsafeBytes { bytes in
                let candidates = scanner.candidates(in: bytes)
                for (index, candidate) in entryPatterns.enumerated() {
                    guard try candidate.pattern.firstMatch(in: bytes) != nil else { continue }
                    checked += 1
                    #expect(
                        candidates.contains(index),
                        "\(candidate.pattern.source) matched \(String(decoding: bytes, as: UTF8.self))")
                }
                for extractor in map.extractors where try extractor.pattern.pattern.firstMatch(in: bytes) != nil {
                    #expect(extractor.pattern.mayMatch(bytes), "\(extractor.pattern.pattern.source)")
                }
            }
        }
        #expect(checked > 1000)
    }
}
