import Foundation
import TestSupport
import Testing

/// Each kind of rule-file mistake on the built binary: `file:line:col`, the line, a caret, a hint,
/// exit status 2.
@Suite struct RuleFileMistakeTests {
    private static let cases: [(rules: String, expected: String)] = [
        (
            "rule CB900 x\n  summary \"s\"\n  forbid app.handler.caled\n",
            ":3:10: error: unknown event kind 'app.handler.caled'\n    forbid app.handler.caled\n           ^\n"
                + "  hint: did you mean 'app.handler.called'?\n"
        ),
        (
            "rule CB900 x\n  summary \"s\"\n  forbid app.handler.called where eror == nil\n",
            ":3:35: error: unknown attribute 'eror'\n    forbid app.handler.called where eror == nil\n"
                + "                                    ^\n  hint: did you mean 'error'?\n"
        ),
        (
            "rule CB900 x\n  severity fatal\n",
            ":2:12: error: unknown severity 'fatal'\n    severity fatal\n             ^\n  hint: use error, warning or note\n"
        ),
        (
            "rule CB900 x\n  severity error\n  forbid app.handler.called\n",
            ":1:1: error: rule CB900 has no summary\n  rule CB900 x\n  ^\n  hint: add: summary \"one line\"\n"
        ),
        (
            "rule CB900 x\n  summary \"s\"\n  forbid app.handler.called\nrule CB900 y\n  summary \"s\"\n  forbid app.handler.called\n",
            ":4:1: error: duplicate rule id CB900 (first defined at RULES:1:1)\n  rule CB900 y\n  ^\n"
                + "  hint: give each rule its own id\n"
        ),
        (
            "rule CB900 x\n  summary \"abc\n  forbid app.handler.called\n",
            ":2:11: error: unterminated string\n    summary \"abc\n            ^\n"
                + "  hint: close it with \" on the same line, or use \"\"\" … \"\"\"\n"
        ),
    ]

    @Test(arguments: 0..<cases.count)
    func aMistakeIsReportedWhereItIsWithAHint(index: Int) throws {
        let (text, expected) = Self.cases[index]
        let rules = try TestSupport.temporaryFile(text, name: "my.cbrules")
        let output = try TestSupport.run(["Samples/background-download.log", "--rules", rules])
        #expect(output.status == 2)
        #expect(output.stderr == rules + expected.replacingOccurrences(of: "RULES", with: rules))
        #expect(output.stdout.isEmpty)
    }

    @Test func aBadRegexPointsAtPCRE2sOffset() throws {
        let rules = try TestSupport.temporaryFile(
            "rule CB900 x\n  summary \"s\"\n  forbid app.handler.called where identifier ~ /(ab/\n", name: "my.cbrules")
        let output = try TestSupport.run(["Samples/background-download.log", "--rules", rules])
        #expect(output.status == 2)
        #expect(output.stderr.hasPrefix("\(rules):3:"))
        #expect(output.stderr.contains(": error: bad pattern: missing closing parenthesis"))
        #expect(output.stderr.contains("\n    forbid app.handler.called where identifier ~ /(ab/\n"))
        #expect(output.stderr.contains("^\n"))
    }

    /// Every rule's mistake in one run, as a compiler lists them: reading goes on at the next rule,
    /// also when the mistake is seen at that rule's first word (a rule cut short).
    @Test func everyRulesMistakeIsReportedInOneRun() throws {
        let text =
            "rule CB901 a\n  severity warnin\n  summary \"s\"\n  forbid app.launch\n\n"
            + "rule CB902 b\n  summary \"s\"\n\nrule CB903 c\n  summary \"s\"\n  for each rn\n  forbid app.launch\n"
            + "rule CB904 d\n  summary \"s\"\n  forbid app.launch\n"
        let rules = try TestSupport.temporaryFile(text, name: "my.cbrules")
        let output = try TestSupport.run(["Samples/background-download.log", "--rules", rules])
        #expect(output.status == 2)
        let headers = output.stderr.split(separator: "\n").filter { $0.hasPrefix(rules) }
        #expect(
            headers == [
                "\(rules):2:12: error: unknown severity 'warnin'",
                "\(rules):6:1: error: rule CB902 has nothing to check",
                "\(rules):11:12: error: unknown slice key 'rn'",
            ])
    }
}
