import Testing

@testable import CBCheckKit

/// Each invariant form as rule text: the clause that encodes it, and that the rule parser reads it back.
@Suite struct LearnedRuleTests {
    private func rule(
        _ form: Invariant.Form, _ first: String, _ second: String? = nil, slicing: Slicing = .task,
        taskKind: String? = nil, outcome: EventClass.Outcome = .any, bounds: ClosedRange<Double>? = nil,
        support: Int = 3
    ) -> LearnedRule {
        let invariant = Invariant(
            form: form, slicing: slicing, taskKind: taskKind, first: EventClass(EventKind(named: first)!),
            second: second.map { EventClass(EventKind(named: $0)!, outcome) }, support: support,
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
            "after task.finishDownload where kind == download until task.complete where error == nil: last at most 1s"
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

    /// Twice the longest, at least a second, rounded up to 1, 2 or 5 times a power of ten: never
    /// as tight as the samples.
    @Test(arguments: [
        (0.0, "1s"), (0.002, "1s"), (0.148, "1s"), (0.5, "1s"), (0.6, "2s"), (1.797, "5s"), (2.608, "10s"),
        (6.793, "20s"), (90, "200s"), (700, "2000s"),
    ])
    func timeBoundsDoubleTheLongestAndNeverGoBelowASecond(_ longest: Double, _ limit: String) {
        let learned = rule(.lastsAtMost, "task.resume", "task.progress", bounds: 0...longest)
        #expect(learned.timeBound?.text == limit)
        #expect(learned.clause.hasSuffix(": last at most \(limit)"))
    }

    @Test func aTimeBoundsCommentSaysWhatWasObservedAndWhatWasDrafted() {
        let learned = rule(
            .lastsAtMost, "app.fileMoved", "task.complete", outcome: .succeeded, bounds: 0.002...0.006, support: 33)
        #expect(
            learned.text().hasPrefix(
                "# L007: app.fileMoved to task.complete where error == nil took 2ms to 6ms\n"
                    + "#   support: 33 slices (per run, identifier, task) exercised it\n"
                    + "#   observed: at most 6ms in 33 slices; drafted: 1s (twice the longest, at least 1s, rounded up)\n"
                    + "#   seen in good.log: \n"
                    + "rule L007 app-fileMoved-to-task-complete-ok-within-1s\n"))
        #expect(
            learned.summary
                == "app.fileMoved to task.complete where error == nil took longer than 1s (the good logs took at most 6ms)"
        )
        #expect(learned.timeBound?.isWeaklySupported == false)
    }

    @Test(arguments: [1, 2])
    func aTimeBoundFromOneOrTwoSlicesIsSaidToBeWeaklySupported(_ slices: Int) {
        let learned = rule(.lastsAtMost, "task.resume", "task.progress", bounds: 0.5...1.2, support: slices)
        let plural = slices == 1 ? "slice" : "slices"
        #expect(
            learned.text().contains(
                "#   observed: at most 1.2s in \(slices) \(plural); drafted: 5s (twice the longest, at least 1s, rounded up)\n"
                    + "#   weakly supported: only \(slices) \(plural) measured it, too few to say how long the app may take\n"
            ))
        #expect(
            rule(.lastsAtMost, "task.resume", "task.progress", bounds: 0.5...1.2, support: 3).text().contains("weakly")
                == false)
    }

    @Test func aTaskKindThatIsNotAPlainWordIsQuoted() {
        let learned = rule(.atMostOnce, "task.complete", taskKind: "stream task")
        #expect(learned.clause == "at most 1 task.complete where kind == \"stream task\"")
    }
}
