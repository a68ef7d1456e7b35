import Testing

@testable import CBCheckKit
@testable import LogReading

/// The rule patterns and scopes on small hand-made traces: what fires, where, and with which verdict.
@Suite struct MonitorEngineTests {
    private func findings(_ clauses: String, keys: String = "run, identifier", _ events: [Event]) throws -> [Finding] {
        var parser = RuleParser(
            file: "t.cbrules", text: "rule CB900 test\n  summary \"s\"\n  for each \(keys)\n\(clauses)\n")
        let rules = try parser.parse()
        var found: [Finding] = []
        let engine = MonitorEngine(rules: rules, file: "t.log") { found.append($0) }
        let builder = TraceBuilder { engine.process($0, in: $1) }
        for event in events { builder.add(event) }
        builder.finish()
        engine.finish(lastLine: events.last?.line ?? 0)
        return found
    }

    private func event(
        _ kind: String, _ line: Int, pid: Int = 1, thread: String = "1", time: Double? = nil,
        _ attributes: [Attribute: String] = [.identifier: "bg"]
    ) -> Event {
        let kind = EventKind(named: kind)!
        return Event(
            kind: kind, attributes: attributes.filter { kind.attributes.contains($0.key) }, line: line,
            time: time.map { Timestamp(microseconds: Int64($0 * 1_000_000)) }, process: "App", pid: pid,
            thread: thread)
    }

    @Test func forbidBeforeFiresAtTheForbiddenEvent() throws {
        let clause = "  after app.handleEvents: forbid app.handler.called before session.finishEvents"
        let early = try findings(clause, [event("app.handleEvents", 1), event("app.handler.called", 2)])
        #expect(early.map(\.location.line) == [2])
        #expect(early.first?.verdict == .violated)
        #expect(early.first?.detail == "app.handler.called came before session.finishEvents")
        let inOrder = try findings(
            clause, [event("app.handleEvents", 1), event("session.finishEvents", 2), event("app.handler.called", 3)])
        #expect(inOrder.isEmpty)
        let outsideScope = try findings(clause, [event("app.handler.called", 1)])
        #expect(outsideScope.isEmpty)
    }

    @Test func requireIsViolatedAtRunEndAndPendingAtLogEnd() throws {
        let clause = "  after app.handleEvents: require app.handler.called"
        let ended = try findings(clause, [event("app.handleEvents", 1), event("app.launch", 5, pid: 2)])
        #expect(ended.map(\.verdict) == [.violated])
        #expect(ended.first?.location.line == 1)
        let cut = try findings(
            clause, [event("app.handleEvents", 1), event("app.handler.stored", 2), event("task.progress", 3)])
        #expect(cut.map(\.verdict) == [.pending])
        // A log that never shows the handler saved or called may just not log it: no verdict.
        let unlogged = try findings(clause, [event("app.handleEvents", 1), event("task.progress", 3)])
        #expect(unlogged.isEmpty)
        let done = try findings(clause, [event("app.handleEvents", 1), event("app.handler.called", 2)])
        #expect(done.isEmpty)
    }

    @Test func reopeningAScopeFirstSettlesTheOldOne() throws {
        let clause = "  after app.handleEvents: require app.handler.called"
        let found = try findings(
            clause, [event("app.handleEvents", 1), event("app.handleEvents", 4), event("app.handler.called", 5)])
        #expect(found.map(\.location.line) == [1])
        #expect(found.first?.verdict == .violated)
    }

    @Test func atMostCountsWithinEachScope() throws {
        let clause = "  after app.handleEvents: at most 1 app.handler.called"
        let twice = try findings(
            clause, [event("app.handleEvents", 1), event("app.handler.called", 2), event("app.handler.called", 3)])
        #expect(twice.map(\.location.line) == [3])
        let twoWakes = try findings(
            clause,
            [
                event("app.handleEvents", 1), event("app.handler.called", 2), event("app.handleEvents", 3),
                event("app.handler.called", 4),
            ])
        #expect(twoWakes.isEmpty)
    }

    @Test func conditionsOnThreadNeedTheMainThreadKnown() throws {
        let clause = "  forbid app.handler.called where thread != main"
        let offMain = try findings(
            clause, keys: "run",
            [event("app.handleEvents", 1, thread: "1"), event("app.handler.called", 2, thread: "9")])
        #expect(offMain.map(\.location.line) == [2])
        let unknownMain = try findings(clause, keys: "run", [event("app.handler.called", 1, thread: "9")])
        #expect(unknownMain.isEmpty)
    }

    @Test func givenRequiresTheEventAnywhereInTheSliceUnlessExcused() throws {
        let clause = "  given app.handleEvents: require session.create unless run.sessions > 0"
        let missing = try findings(clause, [event("app.handleEvents", 1), event("app.terminate", 2, [:])])
        #expect(missing.map(\.location.line) == [1])
        let before = try findings(
            clause,
            [
                event("session.create", 1, [.identifier: "bg", .background: "yes"]), event("app.handleEvents", 2),
                event("app.terminate", 3, [:]),
            ])
        #expect(before.isEmpty)
        let otherSession = try findings(
            clause,
            [
                event("app.handleEvents", 1), event("session.create", 2, [.identifier: "other", .background: "yes"]),
                event("app.terminate", 3, [:]),
            ])
        #expect(otherSession.isEmpty)
    }

    @Test func withinBoundsTheTimeFromTheScopeOpening() throws {
        let clause = "  after app.background: require app.background.return within 5s"
        let slow = try findings(
            clause, keys: "run",
            [event("app.background", 1, time: 10, [:]), event("app.background.return", 2, time: 16.5, [:])])
        #expect(slow.map(\.location.line) == [2])
        #expect(slow.first?.detail == "app.background.return came 6.5s, more than 5.0s after the scope opened")
        let quick = try findings(
            clause, keys: "run",
            [event("app.background", 1, time: 10, [:]), event("app.background.return", 2, time: 12, [:])])
        #expect(quick.isEmpty)
    }

    @Test func betweenCountsOnlyClosedScopes() throws {
        let clause = "  between app.background and app.foreground: forbid task.progress"
        let closed = try findings(
            clause, keys: "run",
            [event("app.background", 1, [:]), event("task.progress", 2, [.task: "1"]), event("app.foreground", 3, [:])])
        #expect(closed.map(\.location.line) == [2])
        let open = try findings(
            clause, keys: "run", [event("app.background", 1, [:]), event("task.progress", 2, [.task: "1"])])
        #expect(open.isEmpty)
    }

    @Test func slicesKeepIdentifiersApartAndUnknownValuesNeverMatch() throws {
        let clause = "  after app.handleEvents: forbid app.handler.called before session.finishEvents"
        let found = try findings(
            clause,
            [
                event("app.handleEvents", 1, [.identifier: "a"]), event("app.handleEvents", 2, [.identifier: "b"]),
                event("session.finishEvents", 3, [.identifier: "a"]),
                event("app.handler.called", 4, [.identifier: "a"]),
                event("app.handler.called", 5, [.identifier: "b"]),
            ])
        #expect(found.map(\.location.line) == [5])
        #expect(found.first?.slice == "run 1, identifier b")
    }

    @Test func aSliceMadeLateStillSeesEarlierRunEvents() throws {
        let clause = "  after app.launch: forbid task.complete before session.create"
        let found = try findings(
            clause,
            [event("app.launch", 1, [:]), event("task.complete", 2, [.identifier: "bg", .task: "1"])])
        #expect(found.map(\.location.line) == [2])
    }

    @Test func pooledScopesShareOneSatisfyingEvent() throws {
        let events = [
            event("task.complete", 1, [.identifier: "bg", .task: "1", .error: "-999"]),
            event("task.complete", 2, [.identifier: "bg", .task: "2", .error: "-999"]),
            event("task.create", 3, [.identifier: "bg", .task: "3"]), event("app.terminate", 4, [:]),
        ]
        let pooled = try findings("  after any task.complete where error == -999: require task.create", events)
        #expect(pooled.isEmpty)
        let settled = try findings("  after task.complete where error == -999: require task.create", events)
        #expect(settled.map(\.location.line) == [1])
    }

    @Test func lastAtMostBoundsAScopeWithAnEnd() throws {
        let clause = "  after app.background until app.background.return: last at most 5s"
        let slow = try findings(
            clause, keys: "run",
            [event("app.background", 1, time: 0, [:]), event("app.background.return", 2, time: 7.25, [:])])
        #expect(slow.map(\.location.line) == [2])
        #expect(slow.first?.detail == "app.background to app.background.return took 7.25s, more than 5.0s")
        let neverReturned = try findings(clause, keys: "run", [event("app.background", 1, time: 0, [:])])
        #expect(neverReturned.isEmpty)
    }

    @Test func isMissingIsTheOneTestAnUnknownValueAnswers() throws {
        let clause = "  forbid task.complete where status is missing"
        let found = try findings(
            clause, keys: "run",
            [
                event("task.complete", 1, [.identifier: "bg", .task: "1", .status: "200"]),
                event("task.complete", 2, [.identifier: "bg", .task: "2"]),
            ])
        #expect(found.map(\.location.line) == [2])
    }

    @Test func givenHoldsWhatItFindsUntilTheTriggerComes() throws {
        let clause = "  given task.complete where reason == 0: forbid app.handleEvents"
        let triggered = try findings(
            clause,
            [
                event("app.handleEvents", 1), event("task.complete", 2, [.identifier: "bg", .task: "1", .reason: "0"]),
            ])
        #expect(triggered.map(\.location.line) == [1])
        let untriggered = try findings(clause, [event("app.handleEvents", 1)])
        #expect(untriggered.isEmpty)
    }
}
