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

    @Test func theCoreDocumentedOrderingsAreRediscovered() throws {
        let outcome = try Self.learn()
        #expect(Self.scenarios.count >= 8)
        let download = Self.rule(
            outcome, "run, identifier, task",
            "require task.finishDownload before task.complete where error == nil and kind == download")
        #expect(download?.invariant.support ?? 0 >= 2)
        #expect(
            download?.statement
                == "task.finishDownload always precedes task.complete where error == nil, in download tasks")
        let handler = Self.rule(
            outcome, "run, identifier", "require session.finishEvents before app.handler.called")
        #expect(handler?.invariant.support ?? 0 >= 3)
        #expect(Self.rule(outcome, "run, identifier, task", "at most 1 task.complete") != nil)
        #expect(Self.rule(outcome, "run, identifier", "at most 1 app.handler.called") != nil)
        #expect(Self.rule(outcome, "run, identifier, task", "forbid task.progress after task.complete") != nil)
        let text = try #require(handler?.text())
        #expect(text.contains("#   seen in \(TestSupport.packageRoot.path)/Fixtures/scenarios/"))
        #expect(text.contains("  for each run, identifier\n  require session.finishEvents before app.handler.called\n"))
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

    @Test func theMinedRulesCatchEveryBrokenFixtureAtItsLine() throws {
        let outcome = try Self.learn(bad: Self.broken)
        let handler = try #require(
            Self.rule(outcome, "run, identifier", "require session.finishEvents before app.handler.called"))
        let download = try #require(
            Self.rule(
                outcome, "run, identifier, task",
                "require task.finishDownload before task.complete where error == nil and kind == download"))
        let twice = try #require(Self.rule(outcome, "run, identifier", "at most 1 app.handler.called"))
        let completedTwice = try #require(Self.rule(outcome, "run, identifier, task", "at most 1 task.complete"))
        let caught = Dictionary(
            uniqueKeysWithValues: outcome.badLogs.map { log in
                ((log.path as NSString).lastPathComponent, Set(log.findings.map { "\($0.ruleID)@\($0.location.line)" }))
            })
        #expect(caught["cb101-handler-called-early.log"]?.contains("\(handler.id)@12") == true)
        #expect(caught["cb201-complete-before-finish-download.log"]?.contains("\(download.id)@18") == true)
        #expect(caught["cb103-handler-called-twice.log"]?.contains("\(twice.id)@17") == true)
        #expect(caught["cb202-task-completed-twice.log"]?.contains("\(completedTwice.id)@25") == true)
        let text = LearnReport.text(outcome)
        #expect(
            text.contains(
                "#   catches \(Self.broken[0]):12: app.handler.called came without session.finishEvents before it\n"))
        #expect(
            LearnReport.summary(outcome)
                == "cbcheck learn: \(outcome.rules.count) rules from \(Self.scenarios.count) good logs; 4 of 4 bad logs caught\n"
        )
    }

    @Test func learningIsDeterministic() throws {
        let first = LearnReport.text(try Self.learn(bad: Self.broken))
        let second = LearnReport.text(try Self.learn(bad: Self.broken))
        #expect(first == second)
    }
}
