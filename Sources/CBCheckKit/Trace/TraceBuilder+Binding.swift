/// Binding the events whose lines name no session or task (most lines of a real log) to the
/// slices the rules keep, by the inferences `BindingNote` lists, and saying so on the event.
extension TraceBuilder {
    /// A line that names a session in a run whose earlier lines went to its unnamed session names
    /// that session: the run's records and the slice trees (`Event.namesUnnamedSession`) rename it.
    func nameUnnamedSession(by event: inout Event, _ naming: TaskNaming, in run: RunRecord) {
        guard let session = naming.session, run.unnamedSession != .closed else { return }
        if event.attribute(.background, equals: "no") == true || session == BindingNote.unnamedSession { return }
        if let task = naming.task.flatMap(run.task), task.isForeground { return }
        guard run.unnamedSession == .bound else {
            run.unnamedSession = .closed
            return
        }
        run.nameUnnamedSession(session)
        let process = run.process ?? ""
        for (key, kind) in taskKinds where key.process == process && key.identifier == BindingNote.unnamedSession {
            taskKinds[key] = nil
            taskKinds[TaskKey(process: process, identifier: session, task: key.task)] = kind
        }
        event.namesUnnamedSession = true
        event.note(.namesUnnamedSession)
    }

    /// The session for an event that names none when no handler, task or only session tells:
    /// the run's unnamed one while the run has named none, else nothing (ambiguous, and said).
    func unnamedSession(for event: inout Event, in run: RunRecord, mayBeForeground: Bool) -> String? {
        let unnamed = BindingNote.unnamedSession
        // A task's line says nothing of its session's kind: until the run shows a background
        // session (a creation, handleEvents), a task on an unnamed one may be URLSession.shared's
        // or a default session's, which CB109, CB404 and CB405 must not judge.
        if run.identifiers.isEmpty, event.kind.isTaskKind || event.kind.isSystemKind,
            event.attribute(.background, equals: "yes") != true
        {
            return nil
        }
        let onlyUnnamed = run.identifiers.isEmpty || run.identifiers == [unnamed]
        if run.unnamedSession != .closed, onlyUnnamed, !mayBeForeground {
            run.unnamedSession = .bound
            return unnamed
        }
        var candidates = run.identifiers
        if mayBeForeground { candidates.append("a default session") }
        if candidates.count > 1 { event.note(.identifierAmbiguous(candidates: candidates)) }
        return nil
    }

    /// Keeps the run's named tasks in flight, and binds an event that names no task to the only
    /// task in flight or to the run's current unnamed task.
    func bindTask(of event: inout Event, _ naming: inout TaskNaming, in run: RunRecord) {
        let kind = event.kind
        if let task = naming.task {
            if !event.inferred.contains(.task) { run.noteNamedTask(task, completing: kind == .taskComplete) }
            return
        }
        guard kind.carries(.task), !kind.isSystemKind, event.attribute(.background, equals: "no") != true else {
            return
        }
        let inFlight = run.tasksInFlight
        if inFlight == 1, !run.unnamedTasks.isOpen, let only = run.onlyTaskInFlight {
            bind(&event, &naming, task: only, .taskOnlyOneInFlight)
            if kind == .taskComplete { run.noteNamedTask(only, completing: true) }
            return
        }
        if inFlight > 1 || run.hasNamedTask || run.unnamedTasks.isAmbiguous {
            if inFlight > 1 { event.note(.taskAmbiguous(inFlight: inFlight)) }
            return
        }
        var tasks = run.unnamedTasks
        defer { run.unnamedTasks = tasks }
        if kind.isTaskKind {
            if kind == .taskCreate, tasks.isOpen {
                tasks.isAmbiguous = true
                event.note(.taskAmbiguous(inFlight: 2))
                return
            }
            if !tasks.isOpen {
                tasks.number += 1
                tasks.isOpen = true
            }
            if kind == .taskComplete { tasks.isOpen = false }
        } else if tasks.number == 0 {
            return  // the app's own action on a task (a move, a record) starts no task
        }
        bind(&event, &naming, task: BindingNote.unnamedTask(tasks.number), .taskUnnamed(tasks.number))
    }

    /// A line about a background task that names none goes to the run's one task in progress
    /// (begun with an identifier, not ended): an expiration handler's "background task expired"
    /// is nearly always that task's (CB502). Failing that, the system's warnings (a kill for
    /// "assertions beyond permitted time", UIKit's warning without its task id) go to the run's
    /// unnamed background task, so the rules sliced by background task see them. Never `begin`
    /// or `end`, whose pairs an unnamed slice would mix up.
    func bindBackgroundTask(of event: inout Event, in run: RunRecord) {
        let kind = event.kind
        if kind == .backgroundTaskBegin || kind == .backgroundTaskEnd {
            if let bgtask = event[.bgtask] { run.noteBackgroundTask(bgtask, inProgress: kind == .backgroundTaskBegin) }
            return
        }
        guard kind.carries(.bgtask), event[.bgtask] == nil else { return }
        if run.backgroundTasksInProgress.count == 1, let only = run.backgroundTasksInProgress.first {
            event.attributes[.bgtask] = only
            event.inferred.insert(.bgtask)
            event.note(.backgroundTaskOnlyOneInProgress)
            return
        }
        guard Self.warningKinds[kind.index] else { return }
        event.attributes[.bgtask] = BindingNote.unnamedBackgroundTask
        event.inferred.insert(.bgtask)
        event.note(.backgroundTaskUnnamed)
    }

    private static let warningKinds: [Bool] = EventKind.all.map {
        ["bgtask.overdue", "bgtask.unended", "system.kill"].contains($0.name)
    }

    private func bind(_ event: inout Event, _ naming: inout TaskNaming, task: String, _ note: BindingNote) {
        event.attributes[.task] = task
        event.inferred.insert(.task)
        event.note(note)
        naming.task = task
    }
}
