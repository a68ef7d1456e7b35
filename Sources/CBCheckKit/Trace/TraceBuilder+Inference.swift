/// Filling in what a line left out, from what the run showed before. Never guesses among several
/// candidates: an attribute that stays unknown never matches a condition.
extension TraceBuilder {
    /// Fills in a missing identifier from context: the one handler still waiting, the session a
    /// task number belongs to, or the run's only background identifier. Never guesses among several.
    func inferIdentifier(of event: inout Event, _ naming: inout TaskNaming, in run: RunRecord) {
        if event.kind == .sessionCreate, event.attribute(.background, equals: "no") == true {
            run.hasForegroundSession = true
        }
        if event.kind == .taskCreate, event.attribute(.background, equals: "no") == true, let task = naming.task {
            run.makeTask(task).isForeground = true
        }
        guard naming.session == nil, event.kind.carries(.identifier) else { return }
        // A task on URLSession.shared or a default session belongs to no background session.
        if event.attribute(.background, equals: "no") == true { return }
        let task = naming.task.flatMap(run.task)
        if task?.isForeground == true { return }
        var candidate: String?
        var note = BindingNote.identifierFromWaitingHandler
        let mayBeForeground = run.hasForegroundSession && (event.kind.isTaskKind || event.kind.isSystemKind)
        if event.kind.isHandlerKind || event.kind == .sessionFinishEvents {
            candidate = run.onlyWaitingHandler
        }
        if candidate == nil, let session = task?.session {
            candidate = session
            note = .identifierFromTask
        }
        if candidate == nil, run.identifiers.count == 1, !mayBeForeground {
            candidate = run.identifiers.first
            note = .identifierOnlySession
        }
        // Inside a wake, a task's callback with no session named is the waking session's.
        if candidate == nil, event.kind.isTaskKind, !mayBeForeground, !run.waitingHandlers.isEmpty {
            candidate = run.onlyWaitingHandler
        }
        if candidate == nil { candidate = unnamedSession(for: &event, in: run, mayBeForeground: mayBeForeground) }
        if let candidate {
            event.attributes[.identifier] = candidate
            event.inferred.insert(.identifier)
            event.note(candidate == BindingNote.unnamedSession ? .identifierUnnamed : note)
            naming.session = candidate
        }
    }

    /// Fills in a task's kind (from its creation, or `download` for callbacks only downloads get)
    /// and, for the app's file moves and deletes, the task whose temporary file they name.
    func inferTask(of event: inout Event, _ naming: inout TaskNaming, in run: RunRecord) {
        if naming.task == nil, event.kind.carries(.task), let task = taskNamingFile(in: event, run) {
            event.attributes[.task] = task.task
            event.inferred.insert(.task)
            naming.task = task.task
            if naming.session == nil {
                event.attributes[.identifier] = task.identifier
                event.inferred.insert(.identifier)
                naming.session = task.identifier
            }
        }
        bindTask(of: &event, &naming, in: run)
        bindBackgroundTask(of: &event, in: run)
        guard let task = naming.task else { return }
        if event.kind == .taskFinishDownload, let location = event[.location] {
            run.addTemporaryFile(location.fileName, identifier: naming.session ?? "?", task: task)
        }
        guard event.kind.carries(.kind) else { return }
        let session = naming.session
        // A task named with its session gets its record now (`updateState` would make it next).
        let record = session == nil ? run.task(task) : run.makeTask(task)
        // Made only where the table is asked: most events find their kind in the task's record.
        var key: TaskKey { TaskKey(process: run.process ?? "", identifier: session, task: task) }
        // didCompleteWithError is a task's last message (T1): its kind is forgotten, so memory
        // follows the open tasks, not every task the log ever had.
        let isLast = event.kind == .taskComplete
        // What the table holds for the task: the record's kind when it knows this session's,
        // else read from the table (into the record, when there is one).
        var unrecorded: TaskRecord.KnownKind?
        if let record {
            if !record.holdsKind(under: session) {
                record.knownKind = readKind(key, removing: isLast, releasing: record, task)
            }
        } else {
            unrecorded = readKind(key, removing: isLast, releasing: nil, task)
        }
        let remembered = record?.knownKind?.kind ?? unrecorded?.kind
        let logged = event[.kind]
        var kind = isLast ? nil : logged
        if logged == nil, let inferred = remembered ?? Self.impliedKind(of: event.kind) {
            event.attributes[.kind] = inferred
            event.inferred.insert(.kind)
            kind = isLast ? nil : inferred
        }
        if let record {
            record.knownKind?.kind = kind
        } else if unrecorded?.stored != kind {
            taskKinds[key] = kind
        }
    }

    /// What `taskKinds` holds for `key` (taken out of it for a task's last message), after
    /// `record`, which knew another session's kind or none, wrote that kind back.
    private func readKind(
        _ key: TaskKey, removing: Bool, releasing record: TaskRecord?, _ task: String
    ) -> TaskRecord.KnownKind {
        if let record { writeKind(of: record, task: task, process: key.process) }
        if removing {
            return TaskRecord.KnownKind(session: key.identifier, kind: taskKinds.removeValue(forKey: key), stored: nil)
        }
        let stored = taskKinds[key]
        return TaskRecord.KnownKind(session: key.identifier, kind: stored, stored: stored)
    }

    /// Writes the kind `record` holds for its task under one session into `taskKinds`, if the table
    /// is behind: before the record knows another session's, is dropped, or its run ends.
    func writeKind(of record: TaskRecord, task: String, process: String) {
        guard let known = record.knownKind, known.isUnwritten else { return }
        taskKinds[TaskKey(process: process, identifier: known.session, task: task)] = known.kind
        record.knownKind?.stored = known.kind
    }

    /// Forgets the kind of a record let go of past the task limit, in `taskKinds` too when the table
    /// holds one for it: the table does not grow with tasks that never complete, and no kind the
    /// record had stopped being true of comes back from it.
    func forgetKind(of record: TaskRecord, task: String, process: String) {
        guard let known = record.knownKind, known.stored != nil else { return }
        taskKinds[TaskKey(process: process, identifier: known.session, task: task)] = nil
    }

    /// Writes back the kinds of every task record of `run` (it ends: its records go with it).
    func writeKinds(of run: RunRecord) {
        for (task, record) in run.taskRecords { writeKind(of: record, task: task, process: run.process ?? "") }
    }

    /// Only download tasks get these callbacks.
    private static func impliedKind(of kind: EventKind) -> String? {
        kind == .taskFinishDownload || kind == .taskResumedAt ? "download" : nil
    }

    /// The task whose downloaded temporary file (`CFNetworkDownload_….tmp`, the `path` attribute)
    /// the event names: one dictionary look-up, whatever the number of files.
    private func taskNamingFile(in event: Event, _ run: RunRecord) -> (identifier: String, task: String)? {
        guard let path = event[.path] else { return nil }
        return run.temporaryFile(path.fileName)
    }
}
