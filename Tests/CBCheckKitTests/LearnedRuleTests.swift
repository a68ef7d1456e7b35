import Testing

@testable import CBCheckKit

/// Each invariant form as rule text: the clause that encodes it, and that the rule parser reads it back.
@Suite struct LearnedRuleTests {
    private func rule(
        _ form: Invariant.Form, _ first: String, _ second: String? = nil, slicing: Slicing = .task,
        taskKind: String? = nil, outcome: EventClass.Outcome = .any, bounds: ClosedRange<Double>? = nil
    ) -> LearnedRule {
        let invariant = Invariant(
            form: form, slicing: slicing, taskKind: taskKind, first: EventClass(EventKind(named: first)!),
            second: second.map { EventClass(EventKind(named: $0)!, outcome) }, support: 3,
            witness: Witness(file: "good.log", [], line: 1), bounds: bounds)
        return LearnedRule(id: "L007", invariant: invariant)
    }

    @Test(arguments: [
        (
            Invariant.Form.alwaysPrecedes,
            "require task.finishDownload before task.complete where error == nil and kind == download"
        ),
        (
            .alwaysFollowedBy,
            "after any task.finishDownload where kind == download: require task.complete where error == nil"
        ),
        (.neverFollowedBy, "forbid task.complete where error == nil and kind == download after task.finishDownload"),
        (
            .exactlyOnceGiven,
            "given task.finishDownload where kind == download: exactly 1 task.complete where error == nil"
        ),
        (
            .lastsAtMost,
            "after task.finishDownload where kind == download until task.complete where error == nil: last at most 50ms"
        ),
    ])
    func eachFormIsWrittenAsTheClauseThatEncodesItAndParses(_ form: Invariant.Form, _ clause: String) throws {
        let learned = rule(
            form, "task.finishDownload", "task.complete", taskKind: "download", outcome: .succeeded,
            bounds: 0.004...0.033)
        #expect(learned.clause == clause)
        var parser = RuleParser(file: "t.cbrules", text: learned.text())
        let parsed = try parser.parse()
        #expect(parsed.count == 1)
        #expect(parsed.first?.keys == [.run, .identifier, .task])
        #expect(parsed.first?.description.summary == learned.summary)
        #expect(parsed.first?.description.severity == .warning)
    }

    @Test func atMostOnceAndItsComment() {
        let learned = rule(.atMostOnce, "app.handler.called", slicing: .identifier)
        #expect(learned.clause == "at most 1 app.handler.called")
        #expect(learned.name == "app-handler-called-at-most-once")
        #expect(
            learned.text().hasPrefix(
                "# L007: app.handler.called at most once\n"
                    + "#   support: 3 slices (per run, identifier) exercised it\n"
                    + "#   seen in good.log: \n"
                    + "rule L007 app-handler-called-at-most-once\n"))
    }

    @Test(arguments: [
        (0.0, "1ms"), (0.033, "50ms"), (0.2, "200ms"), (0.95, "1s"), (2.608, "5s"), (9.7, "10s"), (700, "1000s"),
    ])
    func timeLimitsRoundUpToOneTwoOrFiveTimesAPowerOfTen(_ longest: Double, _ limit: String) {
        #expect(
            LearnedRule.limit(rule(.lastsAtMost, "task.resume", "task.progress", bounds: 0...longest).invariant)
                == limit)
    }

    @Test func aTaskKindThatIsNotAPlainWordIsQuoted() {
        let learned = rule(.atMostOnce, "task.complete", taskKind: "stream task")
        #expect(learned.clause == "at most 1 task.complete where kind == \"stream task\"")
    }
}
