/// Turns recognized events into a trace: assigns each to a run, learns each run's main thread,
/// derives the app state, fills in identifiers the line left out, and adds the synthetic
/// `run.start`, `run.end` and `log.end` events the rules use as boundaries.
///
/// Memory grows with the runs and sessions in the log, not with its length.
public final class TraceBuilder {
    /// Receives every event of the trace, synthetic ones included, in log order.
    public typealias Sink = (Event, RunRecord) -> Void

    private let sink: Sink
    /// The current run of each process (the system-line join looks through them).
    var runsByProcess: [String: RunRecord] = [:]
    private var runCount = 0
    private var sequence = 0
    private var lastEvent: Event?
    /// The run `runFor` returned last: the next event is nearly always its process's too, and is
    /// then placed without hashing the process name.
    private var lastRun: RunRecord?
    /// A watchdog kill waiting for the report's next lines (`add`).
    private var heldKill: Event?
    /// The kind (download, upload, data) of each task: kept across runs, because a background
    /// task outlives the run that made it. A live run's task records hold their kinds and write
    /// them here when they let go of them (`TaskRecord.knownKind`).
    var taskKinds: [TaskKey: String] = [:]
    /// How many repeated mentions of a callback were folded into the call (`TraceBuilder+Echoes`).
    public internal(set) var echoesFolded = 0
    /// How many events were bound by inference, and how many were left unbound as ambiguous.
    public private(set) var eventsBound = 0
    public private(set) var eventsAmbiguous = 0

    /// A task as the kinds are remembered by: its process, session (`nil` when unknown) and number.
    struct TaskKey: Hashable {
        var process: String
        var identifier: String?
        var task: String

        /// The task number and the lengths of the others: hashing a session identifier's bytes
        /// (often 30 or more) and the process's made each look-up cost about 800 instructions,
        /// and a task number alone rarely repeats among a log's open tasks. Equality still
        /// compares all three.
        func hash(into hasher: inout Hasher) {
            hasher.combine(task)
            hasher.combine(identifier?.utf8.count ?? -1)
            hasher.combine(process.utf8.count)
        }
    }

    /// An event's task number and session, read from it once and kept in step as they are
    /// inferred: every step of `add` asks for them, and each read scans the event's attributes.
    struct TaskNaming {
        var task: String?
        var session: String?
    }

    /// How many task records a run keeps at most (`--max-open-tasks`): beyond them the oldest
    /// is let go of, so tasks that never complete do not grow the trace without end.
    private let taskLimit: Int

    public init(taskLimit: Int = SliceRetirement.Limits.standard.open, sink: @escaping Sink) {
        self.taskLimit = taskLimit
        self.sink = sink
    }

    /// The task records runs let go of past `taskLimit`.
    public private(set) var taskRecordsDropped = 0

    /// Adds one event read from the log.
    ///
    /// A kill waits for the next event: a crash report's exception code (0x8badf00d) is followed
    /// by the lines that say why, and a kill named there ("has active assertions beyond permitted
    /// time": a background task never ended) is the same kill, told better; a kill told again
    /// with the same reason (a report's header, then assertiond's "Forcing crash report" line
    /// pasted under it) is the same kill too. Read as two, the report gave a second finding and
    /// a second run.
    public func add(_ raw: consuming Event) {
        let event = consume raw
        if let held = heldKill {
            heldKill = nil
            if event.kind == .systemKill, event.line - held.line <= Self.crashReportSpan,
                held.attribute(.reason, equals: "watchdog") == true
                    || held.attributes[.reason] == event.attributes[.reason]
            {
                echoesFolded += 1
            } else {
                place(held)
            }
        }
        if event.kind == .systemKill {
            heldKill = event
            return
        }
        place(event)
    }

    /// How many lines on a crash report's reason for a kill may come: a report's header puts it
    /// within about five, and the next report is further on than this (a report's backtraces and
    /// binary images run to dozens of lines).
    static let crashReportSpan = 30

    /// Places one event read from the log in its run and sends it on.
    ///
    /// The event is taken over (`consuming`) and changed in place: its box is copied only if the
    /// caller still holds it, and every change is made before the event is shared (with
    /// `lastEvent` and the sink), so no change after that has to copy it again.
    private func place(_ raw: consuming Event) {
        var event = consume raw
        // A repeated didFinishLaunching is one launch, not the start of a second run.
        if event.kind == .appLaunch, let run = lastRun, run.ending == nil, run.pid == event.pid,
            run.process == event.process, echoesLastCallback(event, of: run) != nil
        {
            echoesFolded += 1
            lastEvent = event  // so a later didFinishLaunching is not taken for this one's second half
            return
        }
        // A debugger's line names no process: it belongs to the run it was printed in.
        let isContext = event.kind == .contextDebugger || event.kind == .contextSimulator
        guard
            let run = isContext
                ? lastRun ?? runFor(event) : event.kind.isSystemKind ? runForSystemLine(event) : runFor(event)
        else { return }
        var naming = TaskNaming(task: event[.task], session: event[.identifier])
        if !event.kind.isSystemKind, foldEcho(event, naming, in: run) || foldRestatement(event, in: run) { return }
        run.lastLine = event.line
        if let context = RunContext.shown(by: event, in: run), !run.context.contains(where: { $0.kind == context }) {
            run.context.append((context, event.line))
        }
        learnMainThread(from: event, in: run)
        var isOnMainThread = event.isOnMainThread
        // A daemon's line joined to the app's run ran on the daemon's thread, not the app's.
        if event.process == run.process, let thread = event.thread, let main = run.mainThread {
            isOnMainThread = thread == main
        }
        nameUnnamedSession(by: &event, naming, in: run)
        inferIdentifier(of: &event, &naming, in: run)
        inferTask(of: &event, &naming, in: run)
        let state = run.state  // the state the event happened in, before its own transition
        updateState(after: event, naming, in: run)
        event.place(
            run: run.number, key: run.key, isOnMainThread: isOnMainThread, appState: state, sequence: sequence)
        sequence += 1
        lastEvent = event
        run.lastEvent = event
        if event.isBound {
            if event.isAmbiguouslyBound { eventsAmbiguous += 1 } else { eventsBound += 1 }
        }
        if Self.isFolded(event.kind) {
            run.lastCallback = event
            run.eventsSinceCallback = 0
        } else {
            run.eventsSinceCallback += 1
            // A handler call between two mentions of handleEvents makes them two wakes.
            if event.kind.isHandlerKind { run.lastCallback = nil }
        }
        sink(event, run)
        if event.kind == EventKind.appTerminate {
            end(run, reason: "applicationWillTerminate", line: event.line)
        } else if event.kind == .systemKill {
            end(run, reason: "the system terminated the app", line: event.line)
        }
    }

    /// Ends the trace: every run still going gets `log.end` (its verdicts may be pending). Their
    /// tasks' kinds are not written back into `taskKinds`: no later run can ask for them, and
    /// 200,000 tasks that never completed doubled the builder's memory at the very end.
    public func finish() {
        if let held = heldKill {
            heldKill = nil
            place(held)
        }
        for run in runsByProcess.values.sorted(by: { $0.number < $1.number }) where run.ending == nil {
            var event = Event(kind: .logEnd, line: run.lastLine, text: "the log ends here")
            event.setRun(run.number, key: run.key)
            emit(event, run)
        }
        runsByProcess.removeAll()
        lastRun = nil
    }

    // MARK: - Private

    /// Sends the builder's `session.named` on, placed in `run`.
    func emitNamed(_ event: consuming Event, _ run: RunRecord) {
        var event = consume event
        event.setRun(run.number, key: run.key)
        emit(event, run)
    }

    /// Sends one of the builder's own events (run.start, run.end, log.end) on.
    private func emit(_ event: consuming Event, _ run: RunRecord) {
        var event = consume event
        stamp(&event, run)
        sink(event, run)
    }

    /// Gives an event its place in the trace (and a synthetic one the run's state).
    private func stamp(_ event: inout Event, _ run: RunRecord) {
        event.sequence = sequence
        sequence += 1
        if event.kind.isSynthetic { event.appState = run.state }
    }

    /// The run an event belongs to: a new pid for the process, or a second launch, starts a new one.
    func runFor(_ event: Event) -> RunRecord {
        // Most events: the same process and pid as the event before, and no launch.
        if let run = lastRun, run.ending == nil, run.pid == event.pid, event.kind != .appLaunch,
            run.process == event.process
        {
            return run
        }
        let process = event.process ?? ""
        let current = lastRun.flatMap { ($0.process ?? "") == process ? $0 : nil } ?? runsByProcess[process]
        if let run = current, run.ending == nil {
            let samePid = run.pid == event.pid
            let relaunch = event.kind == .appLaunch && run.sawLaunch && !isSecondHalfOfLaunch(event)
            if samePid && !relaunch {
                lastRun = run
                return run
            }
            let reason = samePid ? "the app launched again" : "pid \(event.pid.map(String.init) ?? "?") began"
            end(run, reason: "next run began (\(reason))", line: event.line)
        }
        runCount += 1
        let run = RunRecord(
            number: runCount, process: event.process, pid: event.pid, firstLine: event.line, taskLimit: taskLimit)
        run.onDrop = { [unowned self] task, record in
            taskRecordsDropped += 1
            forgetKind(of: record, task: task, process: process)
        }
        runsByProcess[process] = run
        lastRun = run
        var start = Event(
            kind: .runStart, line: event.line, process: event.process, pid: event.pid,
            text: "run \(run.number) begins")
        start.setRun(run.number, key: run.key)
        emit(start, run)
        return run
    }

    /// willFinishLaunching followed by didFinishLaunching is one launch, not two.
    private func isSecondHalfOfLaunch(_ event: Event) -> Bool {
        guard let lastEvent, lastEvent.kind == .appLaunch, lastEvent.pid == event.pid else { return false }
        return lastEvent.text.contains("willFinishLaunching") && event.text.contains("didFinishLaunching")
    }

    private func end(_ run: RunRecord, reason: String, line: Int) {
        guard run.ending == nil else { return }
        run.ending = (reason, line)
        writeKinds(of: run)
        var event = Event(kind: .runEnd, line: line, process: run.process, pid: run.pid, text: reason)
        event.setRun(run.number, key: run.key)
        emit(event, run)
    }

    private func learnMainThread(from event: Event, in run: RunRecord) {
        if event.kind.runsOnMainThread, run.mainThread == nil, let thread = event.thread {
            run.mainThread = thread
        }
        if event.kind == .appLaunch { run.sawLaunch = true }
    }

    private func updateState(after event: Event, _ naming: TaskNaming, in run: RunRecord) {
        if let entered = AppState.entered(by: event.kind) { run.state = entered }
        if let identifier = naming.session {
            switch event.kind {
            case .appHandleEvents:
                run.remember(identifier: identifier)
                run.waitingHandlers.append(identifier)
            case .handlerCalled:
                if let index = run.waitingHandlers.firstIndex(of: identifier) { run.waitingHandlers.remove(at: index) }
            case .sessionCreate where event.attribute(.background, equals: "no") != true:
                run.remember(identifier: identifier)
                run.backgroundSessionsCreated += 1
            default:
                break
            }
            // Written only when it changes: nearly every line of a task names the session it has.
            if let task = naming.task {
                let record = run.makeTask(task)
                if record.session != identifier { record.session = identifier }
            }
        }
        if event.kind == .taskComplete, let task = naming.task {
            forgetOldTasks(afterCompleting: task, of: naming.session, run)
        }
    }

    /// Keeps what the run remembers per task to the tasks still open and the last completed ones:
    /// a later message of a long-completed task then goes by what its own line says.
    private func forgetOldTasks(afterCompleting task: String, of session: String?, _ run: RunRecord) {
        guard let old = run.completedTasks.add((task, session)), let record = run.task(old.task) else {
            return
        }
        if record.session == old.identifier { record.session = nil }
        record.isForeground = false
        if record.isEmpty {
            writeKind(of: record, task: old.task, process: run.process ?? "")
            run.forgetTask(old.task)
        }
    }

}
