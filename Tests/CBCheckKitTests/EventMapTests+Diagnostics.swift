import Testing

@testable import CBCheckKit
@testable import Diagnostics

/// Mistakes in an event map: each names its file, line and column, and says what to write instead.
extension EventMapTests {
    @Test func anUnknownEventKindSuggestsTheClosestOne() throws {
        let error = try #require(diagnostic("event app.handleEvent\n  match /x/"))
        #expect(
            error.description == """
                app.cbevents:1:7: error: unknown event kind 'app.handleEvent'
                  event app.handleEvent
                        ^
                  hint: did you mean 'app.handleEvents'?
                """)
    }

    /// A profile's header in a plain event map (`--events` given a `.cbprofile`) is an error at its
    /// line, not a crash (the fuzzer found the crash: a case list's `where` guarded `detect` only).
    @Test func aProfileHeaderInAPlainEventMapIsAnError() throws {
        for keyword in ["profile", "about", "detect"] {
            let error = try #require(diagnostic("\(keyword) x\nevent task.create\n  match /x/"))
            #expect(error.message == "'\(keyword)' belongs in a library profile's header")
            #expect(error.location == SourceLocation(file: "app.cbevents", line: 1, column: 1))
        }
    }

    @Test func aSyntheticKindIsNotSuggestedAsItself() throws {
        let error = try #require(diagnostic("event run.start\n  match /x/"))
        #expect(error.message == "'run.start' is made by the trace builder, not by the event map")
        #expect(error.location == SourceLocation(file: "app.cbevents", line: 1, column: 7))
        #expect(error.hint != "did you mean 'run.start'?")
    }

    @Test func anUnknownAttributeInSet() throws {
        let error = try #require(diagnostic("event task.create\n  match /foo/\n  set kinds = download"))
        #expect(
            error.description == """
                app.cbevents:3:7: error: unknown attribute 'kinds'
                    set kinds = download
                        ^
                  hint: did you mean 'kind'?
                """)
    }

    @Test func aNamedGroupThatIsNoAttribute() throws {
        let error = try #require(diagnostic("event task.create\n  match /task=(?<tsk>\\d+)/"))
        #expect(error.message == "group 'tsk' is not an attribute")
        #expect(error.location == SourceLocation(file: "app.cbevents", line: 2, column: 9))
        #expect(error.sourceLine == "  match /task=(?<tsk>\\d+)/")
        #expect(error.hint == "did you mean 'task'?")
        let far = try #require(diagnostic("event task.create\n  match /(?<zzzzzz>x)/"))
        #expect(far.hint == "attributes: " + Attribute.allCases.map(\.rawValue).joined(separator: ", "))
    }

    @Test func aBadPatternPointsAtPCRE2sOffset() throws {
        let unclosed = try #require(diagnostic("event task.create\n  match /abc(def/"))
        // The pattern starts at column 10; PCRE2 stops at offset 7, the end of the pattern.
        #expect(
            unclosed.description == """
                app.cbevents:2:17: error: bad pattern: missing closing parenthesis
                    match /abc(def/
                                  ^
                """)
        let range = try #require(diagnostic("event task.create\n  match /a[z-a]b/"))
        #expect(range.message == "bad pattern: range out of order in character class")
        #expect(range.location?.column == 14)
    }

    @Test func aBadPatternAfterAnEscapedSlashStillPointsAtTheRightColumn() throws {
        // `\/` is two bytes in the file but one in the pattern PCRE2 sees.
        let error = try #require(diagnostic("event task.create\n  match /ab\\/c[z-a]/"))
        #expect(error.message == "bad pattern: range out of order in character class")
        #expect(error.location?.column == 18)
    }

    @Test func anUnterminatedPattern() throws {
        let error = try #require(diagnostic("event task.create\n  match /abc"))
        #expect(
            error.description == """
                app.cbevents:2:9: error: unterminated pattern: no closing '/'
                    match /abc
                          ^
                  hint: write a '/' inside a pattern as \\/
                """)
    }

    @Test func matchOutsideAnEntry() throws {
        let first = try #require(diagnostic("match /abc/"))
        #expect(first.message == "'match' outside an 'event' entry")
        #expect(first.location == SourceLocation(file: "app.cbevents", line: 1, column: 1))
        #expect(first.hint == "start the entry with: event KIND")
        // An attribute line ends the entry before it.
        let afterAttribute = try #require(
            diagnostic("event app.launch\n  match /x/\nattribute task /t(?<task>\\d)/\n  set background = yes"))
        #expect(afterAttribute.message == "'set' outside an 'event' entry")
        #expect(afterAttribute.location == SourceLocation(file: "app.cbevents", line: 4, column: 3))
    }

    @Test func anEventWithoutAMatchLine() throws {
        let error = try #require(diagnostic("event app.launch\n  set background = yes\nevent app.active\n  match /x/"))
        #expect(
            error.description == """
                app.cbevents:1:1: error: event 'app.launch' has no 'match' line
                  event app.launch
                  ^
                  hint: add a line such as: match /yourLogPhrase/
                """)
        let last = try #require(diagnostic("event app.active\n  match /x/\n\nevent app.launch\n"))
        #expect(last.message == "event 'app.launch' has no 'match' line")
        #expect(last.location?.line == 4)
    }

    @Test func otherLineMistakes() throws {
        let keyword = try #require(diagnostic("evnt app.launch"))
        #expect(keyword.message == "unknown keyword 'evnt'")
        #expect(keyword.hint == "did you mean 'event'?")
        let flag = try #require(diagnostic("event app.launch\n  match /abc/x"))
        #expect(flag.message == "unknown pattern flag in 'x'")
        #expect(flag.hint == "the only flag is i (ignore case)")
        let extra = try #require(diagnostic("event app.launch\n  match /x/ extra"))
        #expect(extra.message == "unexpected 'extra'")
        #expect(extra.location?.column == 13)
        let noGroup = try #require(diagnostic("attribute task /task=(\\d+)/"))
        #expect(noGroup.message == "the pattern for attribute 'task' has no group named 'task'")
        #expect(noGroup.hint == "capture the value with (?<task>…)")
        let noValue = try #require(diagnostic("event app.launch\n  match /x/\n  set background ="))
        #expect(noValue.message == "'set' needs a value")
        #expect(noValue.location?.column == 19)
        let notPattern = try #require(diagnostic("event app.launch\n  match abc"))
        #expect(notPattern.message == "expected a /pattern/, found 'abc'")
        #expect(notPattern.location?.column == 9)
    }
}
