import Foundation
import TestSupport
import Testing

@testable import CBCheckKit

@Suite struct ScenarioTests {
    /// The scenario each run of a log followed, in run order.
    private func scenarios(of path: String) throws -> [ScenarioTracker.Verdict] {
        var verdicts: [ScenarioTracker.Verdict] = []
        let checker = LogChecker(library: try RuleLibrary.builtIn())
        _ = try checker.check(
            path: TestSupport.packageRoot.appendingPathComponent(path).path,
            onRunEnd: { _, verdict in if let verdict { verdicts.append(verdict) } }, onFinding: { _ in })
        return verdicts
    }

    @Test func seed000ScenarioFixturesAreNamedForTheirSection() throws {
        let relaunched = try scenarios(of: "Fixtures/scenarios/seed000-1-relaunched-in-background.log")
        #expect(relaunched.map(\.scenario) == ["background-download", "launched-in-background"])
        #expect(relaunched.allSatisfy { $0.matched })
        #expect(
            try scenarios(of: "Fixtures/scenarios/seed000-2-woken-while-backgrounded.log").map(\.scenario) == [
                "woken-while-backgrounded"
            ])
        #expect(
            try scenarios(of: "Fixtures/scenarios/seed000-3-foreground-before-done.log").map(\.scenario) == [
                "back-to-foreground-before-done"
            ])
        #expect(
            try scenarios(of: "Fixtures/scenarios/seed000-4-resumed-by-user.log").map(\.scenario) == [
                "background-download", "relaunched-by-user-before-done",
            ])
    }

    /// The force quit's reason 0 is often only in CFNetwork's own line, not in the app's didCompleteWithError.
    @Test func aForceQuitKnownOnlyFromCFNetworksLineIsStillTheForceQuitScenario() throws {
        let runs = try scenarios(of: "Fixtures/cfnetwork/cb302-force-quit-reason-only-from-cfnetwork.log")
        #expect(runs.map(\.scenario) == ["background-download", "force-quit"])
        #expect(runs.allSatisfy { $0.matched })
    }

    @Test func aRunThatFollowsNoneIsNamedWithTheClosestAndWhereItDeparts() throws {
        let sample = try scenarios(of: "Samples/background-download.log")
        #expect(sample.map(\.matched) == [true, false, true])
        #expect(
            sample[1].description
                == "none; closest: launched-in-background (seed 000 §1), departs at line 75: app.handler.called came before session.finishEvents"
        )
    }

    /// The tracker keeps the latest run's progress apart from the other runs': runs whose events
    /// interleave (two processes in one log) get the verdicts each gets alone.
    @Test func interleavedRunsGetTheVerdictsEachGetsAlone() throws {
        var events: [Event] = []
        let checker = LogChecker(library: try RuleLibrary.builtIn())
        _ = try checker.check(
            path: TestSupport.packageRoot.appendingPathComponent("Samples/background-download.log").path,
            onEvent: { event, _ in events.append(event) }, onFinding: { _ in })
        let alone = try scenarios(of: "Samples/background-download.log").map(\.description)
        #expect(alone.count == 3)
        // Every run's events, each run's end last, taken in turn from each run: runs 1, 2, 3, 1, 2, 3, …
        var queues = Dictionary(grouping: events, by: \.run).sorted { $0.key < $1.key }.map(\.value)
        let tracker = ScenarioTracker()
        var verdicts: [Int: String] = [:]
        while queues.contains(where: { !$0.isEmpty }) {
            for index in queues.indices where !queues[index].isEmpty {
                if let verdict = tracker.add(queues[index].removeFirst()) {
                    verdicts[verdict.run] = verdict.description
                }
            }
        }
        #expect(verdicts.sorted { $0.key < $1.key }.map(\.value) == alone)
    }

    @Test func everyScenarioHasACleanFixtureThatFollowsIt() throws {
        var followed = Set<String>()
        for path in TestSupport.fixturePaths() where path.hasPrefix("Fixtures/scenarios/") {
            for verdict in try scenarios(of: path) where verdict.matched { followed.insert(verdict.scenario) }
        }
        for scenario in Scenario.catalog {
            #expect(followed.contains(scenario.name), "no scenario fixture follows \(scenario.name)")
        }
    }

    @Test(arguments: TestSupport.fixturePaths().filter { $0.hasPrefix("Fixtures/scenarios/") })
    func noRuleFiresOnACleanScenario(_ path: String) throws {
        var findings: [Finding] = []
        _ = try LogChecker(library: try RuleLibrary.builtIn()).check(
            path: TestSupport.packageRoot.appendingPathComponent(path).path
        ) { findings.append($0) }
        #expect(findings.isEmpty, "\(findings.map { "\($0.location): [\($0.ruleID)] \($0.detail)" })")
    }

    @Test func aForbiddenEventIsTheDeparture() {
        let tracker = ScenarioTracker()
        func event(_ kind: String, _ line: Int, _ attributes: [Attribute: String] = [:]) -> Event {
            var event = Event(kind: EventKind(named: kind)!, attributes: attributes, line: line)
            event.run = 1
            return event
        }
        for item in [
            event("app.launch", 1), event("app.handleEvents", 2, [.identifier: "bg"]),
            event("app.active", 3), event("task.complete", 4, [.identifier: "bg", .task: "1"]),
        ] {
            #expect(tracker.add(item) == nil)
        }
        let verdict = tracker.add(event("log.end", 4))
        #expect(verdict?.matched == false)
        #expect(
            verdict?.description == "none; closest: launched-in-background (seed 000 §1), departs at line 3: app.active"
        )
    }

    /// The tracker calls only the conditions steps were given (`Step.isConditional`): a step with
    /// none takes any event of its kinds, and a condition set after the step was made still counts.
    @Test func onlyAGivenConditionIsAskedAndItIsHeeded() {
        func event(_ kind: String, _ line: Int, _ attributes: [Attribute: String] = [:]) -> Event {
            var event = Event(kind: EventKind(named: kind)!, attributes: attributes, line: line)
            event.run = 1
            return event
        }
        var later = Scenario.Step("task.complete")
        #expect(!later.isConditional)
        later.condition = { $0[.error] == "nil" }
        #expect(later.isConditional)
        let scenario = Scenario(
            name: "launch-then-clean-complete", source: "test",
            steps: [Scenario.Step("app.launch"), later], forbidden: [])
        func verdict(error: String) -> ScenarioTracker.Verdict? {
            let tracker = ScenarioTracker(scenarios: [scenario])
            _ = tracker.add(event("app.launch", 1))
            _ = tracker.add(event("task.complete", 2, [.task: "1", .error: error]))
            return tracker.add(event("log.end", 2))
        }
        #expect(verdict(error: "nil")?.matched == true)
        #expect(verdict(error: "-999")?.matched == false)
        #expect(verdict(error: "-999")?.description.hasSuffix("departs after line 1: no task.complete") == true)
    }
}
