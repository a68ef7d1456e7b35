import Testing

@testable import CBCheckKit

/// `sourceLines` splits UTF-8 bytes; the lines must be those of a split at `Character`s "\n" and
/// "\r\n", whatever the line endings and characters around them.
@Suite struct SourceLinesTests {
    @Test(arguments: [
        "", "\n", "\n\n", "a", "a\n", "a\nb", "a\r\nb\r\n", "a\rb", "a\r", "\r", "\r\n", "\r\r\n", "a\n\r",
        "é\u{301}\nx", "a\n\u{301}b", "\u{1F1EB}\u{1F1F7}\r\n\u{1F1EB}", "tab\there\n  indent\n", "a\r\n\r\nb",
    ])
    func linesAreTheCharacterSplit(_ text: String) {
        let expected = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
            .map(String.init)
        #expect(text.sourceLines == expected, "\(text.debugDescription)")
    }

    @Test func aRuleFileReadsAsItsLines() {
        #expect("event a\r\n  match /x/\r\n\nevent b".sourceLines == ["event a", "  match /x/", "", "event b"])
        #expect("x".sourceLine(1) == "x")
        #expect("x\ny".sourceLine(3) == "")
    }
}
