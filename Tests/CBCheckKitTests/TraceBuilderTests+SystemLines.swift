import Testing

@testable import CBCheckKit

/// The trace builder's join of CFNetwork's lines: one `Task <UUID>.<N>` seen by the app's process
/// and by nsurlsessiond is one task, in the app's run, with each fact once.
extension TraceBuilderTests {
    private static let uuid = "E0C2A4B6-8D1F-4A3C-9E5B-7F0A2C4E6B81"

    /// A line of the app (`Downloader`, pid 3311) or of the daemon (`nsurlsessiond`, pid 102).
    private func line(
        _ kind: String, _ number: Int, daemon: Bool = false, task: String = "1", uuid: String = uuid,
        _ attributes: [Attribute: String] = [:], text: String? = nil
    ) -> Event {
        var all = attributes
        if EventKind(named: kind)!.carries(.task) { all[.task] = task }
        return Event(
            kind: EventKind(named: kind)!, attributes: all, line: number,
            process: daemon ? "nsurlsessiond" : "Downloader", pid: daemon ? 102 : 3311, thread: daemon ? "1441" : "7",
            text: text ?? "Task <\(uuid)>.<\(task)> \(kind)")
    }

    private func steps(_ seen: [(Event, RunRecord)]) -> [String] {
        seen.map { "\($0.0.kind.name)@\($0.0.line)#\($0.0.run)" }
    }

    @Test func theDaemonsLineForTheAppsTaskJoinsTheAppsRun() {
        let seen = trace([
            line("app.launch", 1),
            line("cfnet.task.resume", 2),
            line("cfnet.task.response", 3, daemon: true, [.status: "500"]),
            line("cfnet.task.finished", 4, daemon: true, [.error: "nil"]),
        ])
        #expect(
            steps(seen) == [
                "run.start@1#1", "app.launch@1#1", "cfnet.task.resume@2#1", "cfnet.task.response@3#1",
                "cfnet.task.finished@4#1", "log.end@4#1",
            ])
        let response = seen.first { $0.0.kind.name == "cfnet.task.response" }!.0
        #expect(response[.status] == "500")
        #expect(response.process == "nsurlsessiond")
        // The daemon's thread says nothing about the app's main thread.
        #expect(response.isOnMainThread == nil)
    }

    @Test func oneEndSeenByTheAppAndTheDaemonIsOneEnd() {
        let seen = trace([
            line("app.launch", 1),
            line("cfnet.task.finished", 2, [.error: "-999", .reason: "0"]),
            line("cfnet.task.finished", 3, daemon: true, [.error: "-999"]),
            line(
                "cfnet.task.finished", 4, [.error: "-999"], text: "Task <\(Self.uuid)>.<1> finished with error [-999]"),
        ])
        #expect(seen.filter { $0.0.kind.name == "cfnet.task.finished" }.map(\.0.line) == [2])
    }

    @Test func anotherTaskWithTheSameNumberIsAnotherTask() {
        let seen = trace([
            line("app.launch", 1),
            line("cfnet.task.finished", 2, [.error: "nil"]),
            line("cfnet.task.finished", 3, uuid: "10FF4858-9F5E-413B-98DC-692D754F3B42", [.error: "nil"]),
        ])
        #expect(seen.filter { $0.0.kind.name == "cfnet.task.finished" }.map(\.0.line) == [2, 3])
    }

    @Test func theDaemonsLineForATaskNoLiveRunNamedIsDropped() {
        let seen = trace([
            line("cfnet.task.finished", 1, daemon: true, [.error: "nil"]),
            line("app.launch", 2),
            line("cfnet.task.resume", 3),
            line("app.terminate", 4),
            // The run that named the task has ended: the daemon's later line is nobody's.
            line("cfnet.task.finished", 5, daemon: true, [.error: "nil"]),
        ])
        #expect(
            steps(seen) == [
                "run.start@2#1", "app.launch@2#1", "cfnet.task.resume@3#1", "app.terminate@4#1", "run.end@4#1",
            ])
        #expect(!seen.contains { $0.1.process == "nsurlsessiond" })
    }

    @Test func theNextRunOfTheAppNamesTheTaskAfresh() {
        let seen = trace([
            line("app.launch", 1),
            line("cfnet.task.resume", 2),
            line("app.launch", 3),
            line("cfnet.task.finished", 4, [.error: "-999", .reason: "0"]),
        ])
        #expect(seen.first { $0.0.kind.name == "cfnet.task.finished" }?.0.run == 2)
    }

    @Test func aSystemLineGetsItsRunsOnlyIdentifierButNotBesideAForegroundSession() {
        let background = Event(
            kind: EventKind(named: "session.create")!, attributes: [.identifier: "com.acme.bg", .background: "yes"],
            line: 2, process: "Downloader", pid: 3311, thread: "7")
        var shared = background
        shared.attributes = [.background: "no"]
        let alone = trace([line("app.launch", 1), background, line("cfnet.task.finished", 3, [.error: "nil"])])
        #expect(alone.first { $0.0.kind.isSystemKind }?.0[.identifier] == "com.acme.bg")
        let beside = trace([
            line("app.launch", 1), background, shared, line("cfnet.task.finished", 4, [.error: "nil"]),
        ])
        #expect(beside.first { $0.0.kind.isSystemKind }?.0[.identifier] == nil)
    }

    /// SpringBoard's kill line names the app it kills: it ends that app's run (made for it when
    /// the log has no other line of it), never the run of another app that happens to be live;
    /// one that names none joins the one live app run.
    @Test func aDaemonsKillLineEndsTheRunOfTheAppItNames() {
        func kill(_ number: Int, _ text: String) -> Event {
            Event(
                kind: .systemKill, attributes: [.reason: "suspend"], line: number, process: "SpringBoard", pid: 1557,
                thread: nil, text: text)
        }
        let named = trace([
            line("app.launch", 1),
            kill(2, "Weather[4821] has active assertions beyond permitted time:"),
            line("cfnet.task.resume", 3),
        ])
        #expect(
            steps(named) == [
                "run.start@1#1", "app.launch@1#1", "run.start@2#2", "system.kill@2#2", "run.end@2#2",
                "cfnet.task.resume@3#1", "log.end@3#1",
            ])
        #expect(named.first { $0.0.kind == .systemKill }?.1.process == "Weather")
        #expect(named.first { $0.0.kind == .systemKill }?.1.pid == 4821)
        let unnamed = trace([line("app.launch", 1), kill(2, "has active assertions beyond permitted time:")])
        #expect(steps(unnamed) == ["run.start@1#1", "app.launch@1#1", "system.kill@2#1", "run.end@2#1"])
        #expect(KilledProcess.named(in: "Forcing crash report of BT[4821]...")! == ("BT", 4821))
        #expect(KilledProcess.named(in: "<BKNewProcess: 0x17e74840; com.app.app; pid: 560>") == nil)
    }
}
