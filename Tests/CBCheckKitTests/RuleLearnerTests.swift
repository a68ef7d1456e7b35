import Foundation
import TestSupport
import Testing

@testable import CBCheckKit

/// `learn` on the catalog's clean scenario fixtures: it rediscovers the documented orderings, its
/// text is valid rule language, its rules pass the good logs and catch the broken fixtures.
@Suite struct RuleLearnerTests {
    static func paths(_ relative: [String]) -> [String] {
        relative.map { TestSupport.packageRoot.appendingPathComponent($0).path }
    }

    static let scenarios: [String] = paths(
        TestSupport.fixturePaths().filter { $0.hasPrefix("Fixtures/scenarios/") })

    static let broken = paths([
        "Fixtures/relaunch/cb101-handler-called-early.log",
        "Fixtures/tasks/cb201-complete-before-finish-download.log",
        "Fixtures/relaunch/cb103-handler-called-twice.log",
        "Fixtures/tasks/cb202-task-completed-twice.log",
    ])

    static func learn(bad: [String] = []) throws -> RuleLearner.Outcome {
        try RuleLearner(library: RuleLibrary.builtIn()).learn(good: scenarios, bad: bad)
    }

    /// The rule whose `for each` and clause lines are these, if one was learned.
    static func rule(_ outcome: RuleLearner.Outcome, _ keys: String, _ clause: String) -> LearnedRule? {
        outcome.rules.first { $0.invariant.slicing.text == keys && $0.clause == clause }
    }

    /// The documented orderings the catalog checks are found, and listed with the rule that
    /// checks them instead of drafted again; those it does not check are drafted.
    @Test func theCoreDocumentedOrderingsAreRediscoveredAndTheCatalogsAreNotDraftedAgain() throws {
        let outcome = try Self.learn()
        #expect(Self.scenarios.count >= 8)
        let checked = Dictionary(uniqueKeysWithValues: outcome.alreadyChecked.map { ($0.statement, $0.ruleID) })
        #expect(
            checked["task.finishDownload always precedes task.complete where error == nil, in download tasks"]
                == "CB201")
        #expect(checked["task.complete at most once"] == "CB202")
        #expect(checked["task.complete is never followed by task.progress"] == "CB203")
        for clause in [
            "require task.finishDownload before task.complete where error == nil and kind == download",
            "at most 1 task.complete", "forbid task.progress after task.complete",
        ] {
            #expect(Self.rule(outcome, "run, identifier, task", clause) == nil, "\(clause) drafted again")
        }
        let handler = Self.rule(
            outcome, "run, identifier", "require session.finishEvents before app.handler.called")
        #expect(handler?.invariant.support ?? 0 >= 3)
        // CB103 allows one call per wake; a draft allowing one per run and session says more.
        #expect(Self.rule(outcome, "run, identifier", "at most 1 app.handler.called") != nil)
        let text = try #require(handler?.text())
        #expect(text.contains("#   seen in \(TestSupport.packageRoot.path)/Fixtures/scenarios/"))
        #expect(text.contains("  for each run, identifier\n  require session.finishEvents before app.handler.called\n"))
        #expect(
            LearnReport.text(outcome).contains(
                "#   5 already checked by a loaded rule, not drafted again:\n#     task.complete at most once: already checked by CB202\n"
            ))
    }

    @Test func thePrintedRulesParseAndNoneFiresOnTheGoodLogs() throws {
        let outcome = try Self.learn()
        #expect(outcome.disagreed.isEmpty)
        let text = LearnReport.text(outcome)
        var parser = RuleParser(file: "learned.cbrules", text: text)
        let parsed = try parser.parse()
        #expect(parsed.map(\.description.id) == outcome.rules.map(\.id))
        #expect(parsed.first?.description.id == "L001")
        var library = RuleLibrary.withoutRules(try RuleLibrary.builtIn())
        try library.addRules(named: "learned.cbrules", text: text)
        let checker = LogChecker(library: library)
        for path in Self.scenarios {
            var found: [Finding] = []
            _ = try checker.check(path: path) { found.append($0) }
            #expect(found.isEmpty, "\(path): \(found.map { "\($0.ruleID):\($0.location.line) \($0.detail)" })")
        }
    }

    /// Each broken fixture is caught at its line: by a draft, or by the catalog rule that checks
    /// the ordering that was not drafted again.
    @Test func theMinedRulesCatchEveryBrokenFixtureAtItsLine() throws {
        let outcome = try Self.learn(bad: Self.broken)
        let handler = try #require(
            Self.rule(outcome, "run, identifier", "require session.finishEvents before app.handler.called"))
        let twice = try #require(Self.rule(outcome, "run, identifier", "at most 1 app.handler.called"))
        let caught = Dictionary(
            uniqueKeysWithValues: outcome.badLogs.map { log in
                ((log.path as NSString).lastPathComponent, Set(log.findings.map { "\($0.ruleID)@\($0.location.line)" }))
            })
        #expect(caught["cb101-handler-called-early.log"]?.contains("\(handler.id)@12") == true)
        #expect(caught["cb201-complete-before-finish-download.log"]?.contains("CB201@18") == true)
        #expect(caught["cb103-handler-called-twice.log"]?.contains("\(twice.id)@17") == true)
        #expect(caught["cb202-task-completed-twice.log"] == ["CB202@25"])
        let text = LearnReport.text(outcome)
        #expect(
            text.contains(
                "#   catches \(Self.broken[0]):12: app.handler.called came without session.finishEvents before it\n"))
        #expect(text.contains("#   \(Self.broken[3]): CB202 at line 25\n"))
        #expect(
            LearnReport.summary(outcome)
                == "cbcheck learn: \(outcome.rules.count) rules from \(Self.scenarios.count) good logs"
                + " (\(outcome.alreadyChecked.count) more already checked); 4 of 4 bad logs caught (1 only by loaded rules)\n"
        )
    }

    @Test func learningIsDeterministic() throws {
        let first = LearnReport.text(try Self.learn(bad: Self.broken))
        let second = LearnReport.text(try Self.learn(bad: Self.broken))
        #expect(first == second)
    }
}
