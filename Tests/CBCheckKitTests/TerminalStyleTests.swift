import Testing

@testable import CBCheckKit

/// The text report's style for standard output: colour as ripgrep and the compilers decide it
/// (`--color`, NO_COLOR, FORCE_COLOR, TERM=dumb, a terminal or not), and evidence cut to the
/// terminal's width only on a terminal.
@Suite struct TerminalStyleTests {
    private let check = ArgumentParser(spec: CheckCommand.spec)

    private func style(
        _ options: [String], _ environment: [String: String] = [:], terminal: Bool, columns: Int? = 120
    ) throws -> TextStyle {
        TerminalStyle.forStandardOutput(
            try check.parse(options + ["app.log"]), environment: environment, isTerminal: terminal, columns: columns)
    }

    @Test func colourOnATerminalUnlessRefusedAndOnlyThereUnlessForced() throws {
        #expect(try style([], terminal: true).colors)
        #expect(try !style([], terminal: false).colors)
        #expect(try !style([], ["NO_COLOR": "1"], terminal: true).colors)
        // NO_COLOR set but empty does not count (no-color.org).
        #expect(try style([], ["NO_COLOR": ""], terminal: true).colors)
        #expect(try !style([], ["TERM": "dumb"], terminal: true).colors)
        #expect(try style([], ["FORCE_COLOR": "1"], terminal: false).colors)
        #expect(try !style([], ["FORCE_COLOR": "0"], terminal: false).colors)
        #expect(try style(["--color", "always"], ["NO_COLOR": "1"], terminal: false).colors)
        #expect(try !style(["--color=never"], ["FORCE_COLOR": "1"], terminal: true).colors)
    }

    @Test func evidenceIsCutToTheTerminalOnlyOnATerminal() throws {
        #expect(try style([], terminal: true, columns: 120).excerptWidth == 112)
        #expect(try style([], ["COLUMNS": "90"], terminal: true, columns: nil).excerptWidth == 82)
        #expect(try style([], terminal: true, columns: 20).excerptWidth == 40)
        #expect(try style([], terminal: false).excerptWidth == nil)
        #expect(try style(["--evidence-width", "60"], terminal: false).excerptWidth == 60)
        #expect(try style(["--evidence-width", "0"], terminal: true).excerptWidth == nil)
    }

    @Test func aWidthThatIsNoNumberIsAUsageError() throws {
        for value in ["wide", "-3", "1.5"] {
            let parsed = try check.parse(["--evidence-width=\(value)", "app.log"])
            #expect(throws: UsageError.self) { try TerminalStyle.validate(parsed, command: "check") }
        }
    }

    @Test func theExcerptIsCutWithAnEllipsisAndColoursWrapEscapedText() {
        let style = TextStyle(colors: true, excerptWidth: 5)
        #expect(style.excerpt("abcdefgh") == "abcd…")
        #expect(style.excerpt("abcde") == "abcde")
        #expect(style.severityLabel("error") == "\u{1B}[1;31merror:\u{1B}[0m")
        #expect(style.severityLabel("warning") == "\u{1B}[1;33mwarning:\u{1B}[0m")
        #expect(TextStyle.plain.severityLabel("note") == "note:")
        #expect(TextStyle.plain.excerpt(String(repeating: "x", count: 500)).count == 500)
    }
}
