import CBCheckKit
import TestSupport
import Testing

@testable import Diagnostics

/// The `.cbcheck` settings file: what each line does to the rules, and how a mistake is reported.
@Suite struct ConfigurationTests {
    private func parse(_ text: String) throws(Diagnostic) -> Configuration {
        try ConfigurationParser(file: ".cbcheck", text: text).parse()
    }

    @Test func eachSettingIsReadWithItsPlace() throws {
        let configuration = try parse(
            """
            # CI settings
            fail-on warning
            rules ci/rules   # the app's own
            events ci/app.cbevents
            disable CB107 "identifiers carry the build number on purpose"
            severity CB205 error
            enable CB303
            """)
        #expect(configuration.failOn == .warning)
        #expect(configuration.rulePaths.map(\.path) == ["ci/rules"])
        #expect(configuration.eventPaths.map(\.path) == ["ci/app.cbevents"])
        #expect(configuration.resolve("ci/rules") == "ci/rules")
        #expect(
            configuration.ruleSettings.map(\.action) == [
                .disable(reason: "identifiers carry the build number on purpose"), .severity(.error), .enable,
            ])
        #expect(configuration.ruleSettings[0].location.description == ".cbcheck:5:9")
    }

    @Test func disablingAndSeveritiesChangeTheLibraryAndLaterLinesWin() throws {
        let configuration = try parse(
            """
            disable all "only the relaunch rules for now"
            enable CB101
            enable cb104
            severity CB104 warning
            """)
        var library = try RuleLibrary.builtIn()
        let total = library.rules.count
        let disabled = try configuration.apply(to: &library)
        #expect(library.rules.map(\.description.id) == ["CB101", "CB104"])
        #expect(library.rule(id: "CB104")?.description.severity == .warning)
        #expect(disabled.count == total - 2)
        #expect(disabled.first?.id == "CB102")
        #expect(disabled.first?.reason == "only the relaunch rules for now")
    }

    @Test func anUnknownRuleIdPointsAtItsLineWithACaret() throws {
        let configuration = try parse("fail-on error\ndisable  CB1O1 \"typo\"\n")
        var library = try RuleLibrary.builtIn()
        let diagnostic = capturedDiagnostic { () throws(Diagnostic) in try configuration.apply(to: &library) }
        #expect(
            diagnostic?.description == """
                .cbcheck:2:10: error: unknown rule id 'CB1O1'
                  disable  CB1O1 "typo"
                           ^
                  hint: did you mean 'CB101'?
                """)
    }

    @Test(arguments: [
        ("fail_on warning", ".cbcheck:1:1: error: unknown setting 'fail_on'", "hint: did you mean 'fail-on'?"),
        ("fail-on sometimes", ".cbcheck:1:9: error: unknown fail-on level 'sometimes'", "use one of: error,"),
        ("severity CB101 fatal", ".cbcheck:1:16: error: unknown severity 'fatal'", "use error, warning or note"),
        (
            "disable CB101 because",
            ".cbcheck:1:15: error: expected a quoted reason after the rule id, found 'because'", "disable CB101"
        ),
        ("rules", ".cbcheck:1:1: error: expected a path after 'rules'", "  ^"),
        ("enable CB101 CB102", ".cbcheck:1:14: error: unexpected 'CB102'", "  enable CB101 CB102"),
        ("disable CB101 \"open", ".cbcheck:1:15: error: unterminated string", "close it with"),
        ("fail-on never\nfail-on error", ".cbcheck:2:1: error: fail-on given twice (first on line 1)", "^"),
    ])
    func mistakesAreCompilerStyleErrors(text: String, header: String, detail: String) throws {
        let diagnostic = capturedDiagnostic { () throws(Diagnostic) in try parse(text) }
        let printed = diagnostic?.description ?? ""
        #expect(printed.hasPrefix(header + "\n"), "\(printed)")
        #expect(printed.contains(detail), "\(printed)")
    }
}
