import Testing

@testable import CBCheckKit

/// What the builder keeps per task (`TaskRecord`): one record per task number, found without a
/// look-up for the task of the event before, with the kind the task's session last had.
@Suite struct TraceBuilderTaskRecordTests {
    private func event(
        _ kind: String, line: Int, process: String = "App", pid: Int = 100, _ attributes: [Attribute: String] = [:]
    ) -> Event {
        Event(
            kind: EventKind(named: kind)!, attributes: attributes, line: line, process: process, pid: pid, thread: "1")
    }

    /// The sink's events of the app's own lines (the builder's run boundaries left out).
    private func trace(
        _ events: [Event], taskLimit: Int = 16_384
    ) -> (
        events: [Event], runs: [RunRecord], dropped: Int
    ) {
        var seen: [Event] = []
        var runs: [RunRecord] = []
        let builder = TraceBuilder(taskLimit: taskLimit) { event, run in
            if !event.kind.isSynthetic { seen.append(event) }
            if !runs.contains(where: { $0 === run }) { runs.append(run) }
        }
        for event in events { builder.add(event) }
        builder.finish()
        return (seen, runs, builder.taskRecordsDropped)
    }

    /// A kind remembered for task 1 of one session is not the kind of task 1 of another session,
    /// even right after it (the record remembers which session its kind was for).
    @Test func aTasksKindIsRememberedPerSession() {
        let seen = trace([
            event("task.create", line: 1, [.identifier: "A", .task: "1", .kind: "upload"]),
            event("task.progress", line: 2, [.identifier: "B", .task: "1"]),
            event("task.progress", line: 3, [.identifier: "A", .task: "1"]),
            event("task.progress", line: 4, [.identifier: "B", .task: "1"]),
        ]).events
        #expect(seen.map { $0[.kind] } == ["upload", nil, "upload", nil])
        #expect(seen.map { $0.inferred.contains(.kind) } == [false, false, true, false])
    }

    /// `TaskKey` hashes the task number and the lengths of the process and session: keys that
    /// differ only in a session or process of the same length hash alike and must still be told
    /// apart by equality, in the builder's table and in a trace.
    @Test func taskKeysOfSameLengthSessionsAndProcessesStayApart() {
        typealias Key = TraceBuilder.TaskKey
        let keys = [
            Key(process: "App", identifier: "com.a.bg", task: "7"),
            Key(process: "App", identifier: "com.b.bg", task: "7"),
            Key(process: "Pap", identifier: "com.a.bg", task: "7"),
            Key(process: "App", identifier: nil, task: "7"),
            Key(process: "App", identifier: "com.a.bg", task: "8"),
        ]
        var table: [Key: String] = [:]
        for (index, key) in keys.enumerated() { table[key] = "kind \(index)" }
        #expect(table.count == keys.count)
        #expect(keys.map { table[$0] } == (0..<keys.count).map { "kind \($0)" })
        #expect(keys[0].hashValue == keys[1].hashValue)
        #expect(keys[0] != keys[1])

        let seen = trace([
            event("task.create", line: 1, process: "App", [.identifier: "com.a.bg", .task: "7", .kind: "upload"]),
            event("task.create", line: 2, process: "App", [.identifier: "com.b.bg", .task: "7", .kind: "data"]),
            event("task.progress", line: 3, process: "App", [.identifier: "com.a.bg", .task: "7"]),
            event("task.progress", line: 4, process: "App", [.identifier: "com.b.bg", .task: "7"]),
        ]).events
        #expect(seen.map { $0[.kind] } == ["upload", "data", "upload", "data"])
    }

    /// didCompleteWithError forgets the kind: a later line of the same task goes by what it says.
    @Test func aCompletedTasksKindIsForgottenEvenWhenItWasTheLastTaskTouched() {
        let seen = trace([
            event("task.create", line: 1, [.identifier: "A", .task: "1", .kind: "upload"]),
            event("task.complete", line: 2, [.identifier: "A", .task: "1"]),
            event("task.progress", line: 3, [.identifier: "A", .task: "1"]),
            event("task.finishDownload", line: 4, [.identifier: "A", .task: "1"]),
            event("task.progress", line: 5, [.identifier: "A", .task: "1"]),
        ]).events
        #expect(seen.map { $0[.kind] } == ["upload", "upload", nil, "download", "download"])
    }

    /// A task's kind is held by its record and written to the builder's table only when the run
    /// ends: the next run of the app (a background relaunch) still knows it, and forgets it once
    /// that run saw the task complete.
    @Test func aTasksKindOutlivesItsRunUntilItCompletes() {
        let seen = trace([
            event("task.create", line: 1, pid: 100, [.identifier: "A", .task: "1", .kind: "upload"]),
            event("task.create", line: 2, pid: 100, [.identifier: "A", .task: "2", .kind: "data"]),
            event("task.progress", line: 3, pid: 200, [.identifier: "A", .task: "1"]),
            event("task.complete", line: 4, pid: 200, [.identifier: "A", .task: "1"]),
            event("task.progress", line: 5, pid: 300, [.identifier: "A", .task: "1"]),
            event("task.progress", line: 6, pid: 300, [.identifier: "A", .task: "2"]),
        ]).events
        #expect(seen.map(\.run) == [1, 1, 2, 2, 3, 3])
        #expect(seen.map { $0[.kind] } == ["upload", "data", "upload", "upload", nil, "data"])
        #expect(seen.map { $0.inferred.contains(.kind) } == [false, false, true, true, false, true])
    }

    /// A record that turns to another session's task of the same number writes the first
    /// session's kind back, and one that completed leaves none behind, across a run's end too.
    @Test func aRecordTurningToAnotherSessionKeepsTheFirstSessionsKind() {
        let seen = trace([
            event("task.create", line: 1, pid: 100, [.identifier: "A", .task: "1", .kind: "upload"]),
            event("task.create", line: 2, pid: 100, [.identifier: "B", .task: "1", .kind: "data"]),
            event("task.complete", line: 3, pid: 100, [.identifier: "B", .task: "1"]),
            event("task.progress", line: 4, pid: 200, [.identifier: "A", .task: "1"]),
            event("task.progress", line: 5, pid: 200, [.identifier: "B", .task: "1"]),
            event("task.finishDownload", line: 6, pid: 200, [.identifier: "B", .task: "1"]),
            event("task.progress", line: 7, pid: 300, [.identifier: "B", .task: "1"]),
        ]).events
        #expect(seen.map { $0[.kind] } == ["upload", "data", "data", "upload", nil, "download", "download"])
    }

    /// A task's session is still inferred when other tasks' lines come between its own.
    @Test func sessionsAreInferredForInterleavedTasks() {
        let seen = trace([
            event("task.create", line: 1, [.identifier: "A", .task: "1"]),
            event("task.create", line: 2, [.identifier: "B", .task: "2"]),
            event("task.create", line: 3, [.background: "no", .task: "3"]),
            event("task.progress", line: 4, [.task: "1"]),
            event("task.progress", line: 5, [.task: "2"]),
            event("task.progress", line: 6, [.task: "3"]),
            event("task.progress", line: 7, [.task: "1"]),
        ]).events
        #expect(seen.map { $0[.identifier] } == ["A", "B", nil, "A", "B", nil, "A"])
    }

    /// Records of completed tasks go once 1 024 later tasks completed: a run of many tasks keeps
    /// a bounded number, and a forgotten task's line goes by what it says.
    @Test func recordsOfLongCompletedTasksAreDropped() {
        // Two sessions, so a task's session is inferred from its record or not at all.
        var events = [
            event("session.create", line: 1, [.identifier: "A", .background: "yes"]),
            event("session.create", line: 1, [.identifier: "B", .background: "yes"]),
            event("task.create", line: 1, [.background: "no", .task: "0"]),
        ]
        for task in 1...3000 {
            events.append(event("task.create", line: 2 * task, [.identifier: "A", .task: "\(task)"]))
            events.append(event("task.complete", line: 2 * task + 1, [.identifier: "A", .task: "\(task)"]))
        }
        events.append(event("task.complete", line: 7000, [.task: "0"]))
        for task in 1...3000 {
            events.append(event("task.complete", line: 7000 + task, [.identifier: "A", .task: "\(task + 3000)"]))
        }
        events.append(event("task.progress", line: 10_001, [.task: "1"]))
        events.append(event("task.progress", line: 10_002, [.task: "6000"]))
        let result = trace(events)
        #expect(result.runs.count == 1)
        #expect(result.runs[0].taskRecordCount <= 1025)
        #expect(result.events.suffix(2).map { $0[.identifier] } == [nil, "A"])
    }

    /// A dropped record writes back what it held: here that the task completed, so the kind an
    /// earlier run left in the table (read by this run before the completion) is gone when the
    /// task's number comes up again.
    @Test func aDroppedRecordLeavesItsTasksCompletionBehind() {
        var events = [
            event("session.create", line: 1, pid: 100, [.identifier: "A", .background: "yes"]),
            event("task.create", line: 2, pid: 100, [.identifier: "A", .task: "1", .kind: "upload"]),
            event("task.progress", line: 3, pid: 200, [.identifier: "A", .task: "1"]),
            event("task.complete", line: 4, pid: 200, [.identifier: "A", .task: "1"]),
        ]
        for task in 2...1030 {
            events.append(event("task.complete", line: 2 + 2 * task, pid: 200, [.identifier: "A", .task: "\(task)"]))
        }
        events.append(event("task.progress", line: 3000, pid: 200, [.identifier: "A", .task: "1"]))
        let seen = trace(events).events
        #expect(seen[2...3].map { $0[.kind] } == ["upload", "upload"])
        #expect(seen.last?[.kind] == nil)
    }

    /// Past the task limit the oldest record is let go of, counted, with its kind: a task still
    /// in flight stays counted in flight, so a line that names no task is not bound to another
    /// one that is the only other left, and the dropped task's later line carries no kind.
    @Test func recordsPastTheTaskLimitAreLetGoOfOldestFirst() {
        var events = [event("session.create", line: 1, [.identifier: "A", .background: "yes"])]
        for task in 1...4 {
            events.append(event("task.create", line: 1 + task, [.identifier: "A", .task: "\(task)", .kind: "upload"]))
        }
        for task in 2...3 {
            events.append(event("task.complete", line: 8 + task, [.identifier: "A", .task: "\(task)"]))
        }
        events.append(event("task.progress", line: 20, [.identifier: "A"]))
        events.append(event("task.progress", line: 21, [.identifier: "A", .task: "1"]))
        events.append(event("task.progress", line: 22, [.identifier: "A", .task: "4"]))
        let limited = trace(events, taskLimit: 3)
        // Task 1's record went when task 4's was made, task 2's when task 1's line made a new one.
        #expect(limited.dropped == 2)
        #expect(limited.runs[0].taskRecordCount <= 3)
        #expect(limited.events.suffix(3).map { $0[.task] } == [nil, "1", "4"])
        #expect(limited.events.suffix(2).map { $0[.kind] } == [nil, "upload"])
        let whole = trace(events)
        #expect(whole.dropped == 0)
        #expect(whole.events.suffix(3).map { $0[.task] } == [nil, "1", "4"])
        #expect(whole.events.suffix(2).map { $0[.kind] } == ["upload", "upload"])
    }

    /// Two processes' lines alternating stay in their own runs (the last run is remembered, not
    /// taken for the next process's).
    @Test func alternatingProcessesKeepTheirRuns() {
        let seen = trace([
            event("app.launch", line: 1, process: "App"),
            event("app.launch", line: 2, process: "Other"),
            event("app.active", line: 3, process: "App"),
            event("app.active", line: 4, process: "Other"),
        ]).events
        #expect(seen.map(\.run) == [1, 2, 1, 2])
    }
}
