import Testing

@testable import CBCheckKit
@testable import Diagnostics
@testable import LogReading

/// What a terminal or a CI log viewer is shown of someone else's text: no control character it
/// could obey, nothing lost, nothing escaped twice.
@Suite struct TerminalTextTests {
    @Test func controlCharactersAreShownAsTheirBytes() {
        #expect(TerminalText.escaped("a\u{1B}[2Jb") == "a\\x1B[2Jb")
        #expect(TerminalText.escaped("\u{1B}]0;title\u{07}") == "\\x1B]0;title\\x07")
        #expect(TerminalText.escaped("nul\u{0} del\u{7F}") == "nul\\x00 del\\x7F")
        #expect(TerminalText.escaped("csi\u{9B}2J nel\u{85}") == "csi\\xC2\\x9B2J nel\\xC2\\x85")
    }

    @Test func lineBreaksAreEscapedInALineAndKeptInLines() {
        #expect(TerminalText.escaped("a\nb\r\nc\rd") == "a\\x0Ab\\x0D\\x0Ac\\x0Dd")
        #expect(TerminalText.line("logs/a\nb.log:1:1: error: forged") == "logs/a\\x0Ab.log:1:1: error: forged\n")
        #expect(TerminalText.lines("one\ntwo\r\n\u{1B}[31mthree\n") == "one\ntwo\\x0D\n\\x1B[31mthree\n")
    }

    @Test func tabsAndPrintableTextStayAsTheyAre() {
        let text = "tab\there é § \u{A0}no-break ✓ 🙂 \\x1B as typed"
        #expect(TerminalText.escaped(text) == text)
        #expect(TerminalText.lines(text + "\n") == text + "\n")
    }

    /// What comes out has nothing left to escape, so text escaped at decode time (`DisplayText`) or
    /// by a message before is never escaped twice.
    @Test(arguments: ["\u{1B}[2J", "a\nb", "\u{9B}", "\\x1B", "é\u{0}\u{7F}\r", "plain"])
    func escapingTwiceChangesNothing(text: String) {
        let once = TerminalText.escaped(text)
        #expect(TerminalText.escaped(once) == once)
        #expect(TerminalText.lines(once) == once)
        let decoded = Array(text.utf8).withUnsafeBytes { DisplayText.from($0) }
        #expect(TerminalText.lines(decoded) == TerminalText.escaped(decoded))
    }

    /// The caret stands under the column the rule file's mistake is at, after the escapes before it.
    @Test func aDiagnosticEscapesItsLinesAndKeepsTheCaretUnderTheColumn() {
        let line = "  severity e\u{1B}[31m\u{7}x"
        let column = line.utf8.count  // the last byte, the x
        let diagnostic = Diagnostic(
            .error, "unexpected character 'x'", at: SourceLocation(file: "my\nrules.cbrules", line: 2, column: column),
            sourceLine: line, hint: "not \u{1B}")
        let lines = diagnostic.description.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(
            lines == [
                "my\\x0Arules.cbrules:2:\(column): error: unexpected character 'x'",
                "    severity e\\x1B[31m\\x07x", String(repeating: " ", count: 26) + "^", "  hint: not \\x1B",
            ])
        #expect(lines[2].count - 1 == lines[1].count - 1)  // the caret under the x, the line's last character
    }

    @Test func githubCommandsEscapeControlBytesThenTheirOwnSeparators() {
        #expect(GitHubReporter.property("logs/a\nb:c,\u{1B}.log") == "logs/a\\x0Ab%3Ac%2C\\x1B.log")
        #expect(GitHubReporter.data("100% \u{1B}[31m") == "100%25 \u{1B}[31m")  // data is escaped by its callers
    }
}
