import TestSupport
import Testing

@testable import CBCheckKit
@testable import Diagnostics
@testable import PatternMatching

@Suite struct RuleParserTests {
    private func parse(_ text: String) throws(Diagnostic) -> [CompiledRule] {
        var parser = RuleParser(file: "test.cbrules", text: text)
        return try parser.parse()
    }

    private func diagnostic(_ text: String) -> Diagnostic? {
        capturedDiagnostic { () throws(Diagnostic) in try parse(text) }
    }

    private let header = "rule CB900 test-rule\n  summary \"a test\"\n"

    @Test func parsesMetadataKeysAndClauses() throws {
        let text = """
            rule CB900 test-rule
              severity warning
              summary "a test rule"
              source "APPLE-FACTS R6"
              rationale \"\"\"
                First line.
                  Indented line.
                \"\"\"
              for each run, identifier
              after app.handleEvents: forbid app.handler.called before session.finishEvents
              forbid app.handler.neverCalled
            """
        let rules = try parse(text)
        let rule = try #require(rules.first)
        #expect(rule.description.id == "CB900")
        #expect(rule.description.name == "test-rule")
        #expect(rule.description.severity == .warning)
        #expect(rule.description.rationale == "First line.\n  Indented line.")
        #expect(rule.keys == [.run, .identifier])
        #expect(rule.clauses.count == 2)
        #expect(rule.description.definition.last == "forbid app.handler.neverCalled")
        #expect(
            rule.referencedKinds.map(\.name).sorted() == [
                "app.handleEvents", "app.handler.called", "app.handler.neverCalled", "session.finishEvents",
            ])
    }

    @Test func conditionsJoinWithAndButStopAtBetweenAnd() throws {
        let rules = try parse(
            header + "  between app.background where state == background and app.foreground: forbid task.progress\n"
                + "  forbid task.complete where error != nil and status >= 400\n")
        guard case .between(let open, let close) = rules[0].clauses[0].scope else {
            Issue.record("expected a between scope")
            return
        }
        #expect(open.condition?.text == "state == background")
        #expect(close.kinds.map(\.name) == ["app.foreground"])
        guard case .forbid(let x, nil, nil) = rules[0].clauses[1].rule else {
            Issue.record("expected a plain forbid")
            return
        }
        #expect(x.condition?.text == "error != nil and status >= 400")
    }

    @Test func aPhrasingConditionHoldsOnlyForEventsOfThatMapLine() throws {
        let rules = try parse(header + "  forbid task.complete where phrasing == \"app.cbevents:5\"\n")
        guard case .forbid(let x, nil, nil) = rules[0].clauses[0].rule, let condition = x.condition else {
            Issue.record("expected a forbid with a condition")
            return
        }
        // Shown as a rule must write it: the value is no bare word, so it is quoted.
        #expect(condition.text == #"phrasing == "app.cbevents:5""#)
        func event(_ phrasing: String?) -> Event { Event(kind: .taskComplete, line: 1, phrasing: phrasing) }
        #expect(condition.evaluate(event("app.cbevents:5"), run: nil) == true)
        #expect(condition.evaluate(event("app.cbevents:2"), run: nil) == false)
        #expect(condition.evaluate(event(nil), run: nil) == nil)
        let typo = try #require(diagnostic(header + "  forbid task.complete where phrasin == x\n"))
        #expect(typo.hint == "did you mean 'phrasing'?")
    }

    /// `~` and `!~` ask only whether the value matches; a pattern that hits its match limit
    /// leaves the comparison unknown, neither true nor false.
    @Test func aRegexComparisonIsTrueFalseOrUnknownAtTheMatchLimit() throws {
        func condition(_ op: Condition.Operator, _ pattern: Pattern) -> Condition {
            Condition(comparisons: [.init(operand: .attribute(.path), op: op, value: pattern.source, regex: pattern)])
        }
        func event(_ path: String) -> Event { Event(kind: .taskComplete, attributes: [.path: path], line: 1) }
        let download = try Pattern("CFNetworkDownload_")
        #expect(condition(.matches, download).evaluate(event("/tmp/CFNetworkDownload_1.tmp"), run: nil) == true)
        #expect(condition(.matches, download).evaluate(event("/tmp/other.tmp"), run: nil) == false)
        #expect(condition(.notMatches, download).evaluate(event("/tmp/other.tmp"), run: nil) == true)
        #expect(condition(.notMatches, download).evaluate(event("/tmp/CFNetworkDownload_1.tmp"), run: nil) == false)
        let slow = try Pattern("(a+)+$", matchLimit: 10_000)
        let long = String(repeating: "a", count: 40) + "!"
        #expect(condition(.matches, slow).evaluate(event(long), run: nil) == nil)
        #expect(condition(.notMatches, slow).evaluate(event(long), run: nil) == nil)
    }

    @Test func unknownEventKindPointsAtItWithASuggestion() throws {
        let error = try #require(diagnostic(header + "  forbid app.handler.caled\n"))
        #expect(error.location == SourceLocation(file: "test.cbrules", line: 3, column: 10))
        #expect(error.message == "unknown event kind 'app.handler.caled'")
        #expect(error.hint == "did you mean 'app.handler.called'?")
        #expect(error.description.contains("  forbid app.handler.caled\n           ^"))
    }

    @Test func badSeverityMissingSummaryAndUnknownStatement() throws {
        let severity = try #require(
            diagnostic("rule CB900 x\n  summary \"s\"\n  severity fatal\n  forbid app.launch\n"))
        #expect(severity.message == "unknown severity 'fatal'")
        #expect(severity.location?.line == 3 && severity.location?.column == 12)
        let summary = try #require(diagnostic("rule CB900 x\n  forbid app.launch\n"))
        #expect(summary.message == "rule CB900 has no summary")
        let statement = try #require(diagnostic(header + "  forbd app.launch\n"))
        #expect(statement.message == "unknown statement 'forbd'")
        #expect(statement.hint == "did you mean 'forbid'?")
    }

    @Test func unterminatedStringAndBadRegexAreReportedWhereTheyAre() throws {
        let string = try #require(diagnostic("rule CB900 x\n  summary \"never closed\n  forbid app.launch\n"))
        #expect(string.message == "unterminated string")
        #expect(string.location == SourceLocation(file: "test.cbrules", line: 2, column: 11))
        let regex = try #require(diagnostic(header + "  forbid session.create where identifier ~ /a(b/\n"))
        #expect(regex.message.hasPrefix("bad pattern: missing closing parenthesis"))
        #expect(regex.location?.line == 3)
        #expect(regex.location?.column == 48)
    }

    @Test func unknownAttributeAndSliceKey() throws {
        let attribute = try #require(diagnostic(header + "  forbid task.complete where eror == nil\n"))
        #expect(attribute.message == "unknown attribute 'eror'")
        #expect(attribute.hint == "did you mean 'error'?")
        let key = try #require(diagnostic(header + "  for each run, session\n  forbid app.launch\n"))
        #expect(key.message == "unknown slice key 'session'")
    }

    @Test func aRuleWithNothingToCheckIsAnError() throws {
        let error = try #require(diagnostic(header))
        #expect(error.message == "rule CB900 has nothing to check")
    }

    @Test func durationsTakeUnits() throws {
        let rules = try parse(header + "  after app.background: require app.background.return within 500ms\n")
        guard case .require(_, nil, let within) = rules[0].clauses[0].rule else {
            Issue.record("expected require")
            return
        }
        #expect(within == 0.5)
        let bad = try #require(diagnostic(header + "  after app.background: require app.launch within 5h\n"))
        #expect(bad.message == "unknown time unit 'h'")
    }

    @Test func everyBuiltInRuleFileParses() throws {
        let library = try RuleLibrary.builtIn()
        let catalog = [101...113, 201...209, 301...303, 401...405, 501...508].flatMap { $0.map { "CB\($0)" } }
        #expect(library.rules.map(\.description.id) == catalog)
        #expect(library.rules.allSatisfy { !$0.description.rationale.isEmpty && !$0.description.source.isEmpty })
    }
}
