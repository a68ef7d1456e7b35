import Testing

@testable import CBCheckKit

@Suite struct TraceBuilderTests {
    /// Builds a trace from events and returns what the sink saw.
    func trace(_ events: [Event]) -> [(Event, RunRecord)] {
        var seen: [(Event, RunRecord)] = []
        let builder = TraceBuilder { seen.append(($0, $1)) }
        for event in events { builder.add(event) }
        builder.finish()
        return seen
    }

    private func event(
        _ kind: String, line: Int, pid: Int = 100, thread: String = "1", _ attributes: [Attribute: String] = [:],
        text: String = ""
    ) -> Event {
        Event(
            kind: EventKind(named: kind)!, attributes: attributes, line: line, process: "App", pid: pid,
            thread: thread, text: text)
    }

    @Test func aNewPidEndsTheRunBeforeIt() {
        let seen = trace([event("app.launch", line: 1), event("app.launch", line: 5, pid: 200)])
        let kinds = seen.map { "\($0.0.kind.name)@\($0.0.line)#\($0.0.run)" }
        #expect(
            kinds == [
                "run.start@1#1", "app.launch@1#1", "run.end@5#1", "run.start@5#2", "app.launch@5#2", "log.end@5#2",
            ])
        #expect(seen[2].1.ending?.reason == "next run began (pid 200 began)")
    }

    @Test func willAndDidFinishLaunchingAreOneLaunchButASecondLaunchIsANewRun() {
        let seen = trace([
            event("app.launch", line: 1, text: "application:willFinishLaunchingWithOptions:"),
            event("app.launch", line: 2, text: "application:didFinishLaunchingWithOptions:"),
            event("app.launch", line: 9, text: "application:didFinishLaunchingWithOptions:"),
        ])
        #expect(seen.filter { $0.0.kind == .runStart }.count == 2)
        #expect(seen.first { $0.0.kind == .runEnd }?.1.ending?.reason == "next run began (the app launched again)")
    }

    @Test func terminateEndsTheRunAndNothingIsPending() {
        let seen = trace([event("app.launch", line: 1), event("app.terminate", line: 3)])
        #expect(seen.map(\.0.kind.name) == ["run.start", "app.launch", "app.terminate", "run.end"])
    }

    @Test func mainThreadIsLearnedFromLifecycleCalls() {
        let seen = trace([
            event("task.complete", line: 1, thread: "7"),
            event("app.handleEvents", line: 2, thread: "1", [.identifier: "com.acme.bg"]),
            event("app.handler.called", line: 3, thread: "7"),
            event("app.handler.called", line: 4, thread: "1"),
        ])
        let onMain = seen.filter { $0.0.kind.name != "run.start" && $0.0.kind.name != "log.end" }.map(
            \.0.isOnMainThread)
        #expect(onMain == [nil, true, false, true])
        #expect(seen.last?.1.mainThread == "1")
    }

    /// Every event of the trace, the builder's own included, is numbered in order of arrival and
    /// placed in its run; one given its main-thread mark keeps it where the run cannot tell.
    @Test func eventsAreNumberedAndPlacedInArrivalOrder() {
        var marked = event("task.complete", line: 1, thread: "7")
        marked.isOnMainThread = true
        let seen = trace([
            marked, event("app.launch", line: 2), event("task.complete", line: 3, thread: "7"),
            event("app.launch", line: 4, pid: 200),
        ])
        #expect(seen.map(\.0.sequence) == Array(0..<seen.count))
        #expect(seen.map(\.0.runKey) == ["1", "1", "1", "1", "1", "2", "2", "2"])
        #expect(seen.map(\.0.isOnMainThread) == [nil, true, true, false, nil, nil, true, nil])
    }

    @Test func identifiersAreInferredOnlyWhenThereIsOneCandidate() {
        let seen = trace([
            event("app.handleEvents", line: 1, [.identifier: "com.acme.bg"]),
            event("app.handler.called", line: 2),
            event("session.create", line: 3, [.identifier: "com.acme.other", .background: "yes"]),
            event("task.complete", line: 4, [.task: "3"]),
        ])
        let called = seen.first { $0.0.kind == .handlerCalled }!.0
        #expect(called[.identifier] == "com.acme.bg")
        #expect(called.inferred == [.identifier])
        let complete = seen.first { $0.0.kind.name == "task.complete" }!.0
        #expect(complete[.identifier] == nil)
    }

    @Test func appStateFollowsLifecycleEvents() {
        let seen = trace([
            event("app.launch", line: 1), event("app.active", line: 2), event("app.background", line: 3),
            event("task.progress", line: 4, [.task: "1"]),
        ])
        let states = seen.filter { $0.0.kind.name != "run.start" && $0.0.kind.name != "log.end" }.map(\.0.appState)
        #expect(states == [.unknown, .unknown, .foreground, .background])
    }
}
