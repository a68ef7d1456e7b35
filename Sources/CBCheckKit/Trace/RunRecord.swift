/// What the trace builder knows about one run (one process lifetime) so far.
///
/// A class because the builder, the monitors (`run.sessions`) and the trace printer all look at
/// the same run while it grows.
public final class RunRecord {
    /// 1-based, in order of first appearance in the file.
    public let number: Int
    /// `number` as text, the key its events' slices are found by (`Event.runKey`).
    let key: String
    public let process: String?
    public let pid: Int?
    /// The line of the run's first event.
    public let firstLine: Int
    public internal(set) var lastLine: Int
    /// The thread UIApplicationDelegate lifecycle calls ran on.
    public internal(set) var mainThread: String?
    public internal(set) var state: AppState = .unknown
    public internal(set) var sawLaunch = false
    /// Why the run is known to have ended, with the line that shows it; `nil` while it may go on.
    public internal(set) var ending: (reason: String, line: Int)?
    /// What the log shows the run was not, a device left to the system: under a debugger, in the
    /// Simulator, each with the first line that shows it (`context.*` events).
    public internal(set) var context: [(kind: RunContext, line: Int)] = []
    /// The run's first download location has been looked at for the Simulator (`RunContext`).
    var sawDownloadLocation = false
    /// Background session identifiers in order of first mention.
    public internal(set) var identifiers: [String] = []
    public internal(set) var backgroundSessionsCreated = 0
    /// Identifiers whose handleEvents came and whose handler has not been called yet.
    var waitingHandlers: [String] = []
    /// What the run knows per task number (its session, the foreground mark, its kind).
    private var tasks: [String: TaskRecord] = [:]
    /// The record asked for last: a task's events come in runs, so most find it without hashing.
    /// Kept as two fields, compared in place: an optional tuple was copied out (a retain and a
    /// release) at every look-up.
    private var lastTaskNumber: String?
    private var lastTaskRecord: TaskRecord?
    /// The run made a non-background session, so "the run's only identifier" is no safe guess.
    var hasForegroundSession = false
    /// The run's last event of a kind whose repeated mentions fold (`TraceBuilder+Echoes`).
    var lastCallback: Event?
    /// The run's events since `lastCallback`.
    var eventsSinceCallback = 0
    /// The run's last event read from the log: a phrasing that only restates it folds into it.
    var lastEvent: Event?
    /// The background tasks begun and not yet ended, in the order begun (a few at most: each
    /// is ended within seconds, and `bgtask == 0` is never begun).
    var backgroundTasksInProgress: [String] = []
    /// The run's session while no line names one (`RunRecord+Binding.swift`).
    var unnamedSession = UnnamedSession.unused
    /// The run's tasks while no line names one.
    var unnamedTasks = UnnamedTasks()
    /// Whether a line of the run named a task number.
    var hasNamedTask = false
    /// How many task numbers lines named have not completed: the one task in flight binds a line
    /// that names none (`TaskRecord.isInFlight`).
    var tasksInFlight = 0
    /// The temporary files handed to didFinishDownloadingTo, by file name, with their task.
    private(set) var temporaryFiles: [String: (identifier: String, task: String)] = [:]
    /// The file `temporaryFiles` was given last, with its entry there: an app moves the file inside
    /// didFinishDownloadingTo, so the move's line nearly always names it, and is then placed
    /// without hashing the name (a file name is a long string: about 600 instructions a look-up).
    private var lastFile: (name: String, identifier: String, task: String)?
    /// What is forgotten of tasks once enough later ones completed: their session, their file.
    var completedTasks = RecentWindow<(task: String, identifier: String?)>(capacity: 1024)
    private var recentFiles = RecentWindow<String>(capacity: 1024)
    /// CFNetwork's tasks this run's lines named (`UUID.N` of `Task <UUID>.<N>`), with the `cfnet.*`
    /// kinds already seen for each: a repeat is the same task seen twice (the daemon's copy, or
    /// "load failed" then "finished with error"). Dropped with the run.
    var systemTasks: [String: KindMask] = [:]
    /// The kinds of the run's events the monitors have seen (`MonitorEngine`): what the run's
    /// lines show the app logs.
    var kindsSeen = KindMask()

    /// The task records made, oldest first, with their serial numbers: beyond `taskLimit` the
    /// oldest still kept is let go of (a task number named again later gets a new record).
    private var madeTasks: RecentWindow<(number: String, serial: Int32)>
    private var nextSerial: Int32 = 0
    /// Told of each record let go of past the limit, with its task number, before it goes (its
    /// kind goes with it: a later message of such a task goes by what its own line says).
    var onDrop: ((String, TaskRecord) -> Void)?

    init(
        number: Int, process: String?, pid: Int?, firstLine: Int,
        taskLimit: Int = SliceRetirement.Limits.standard.open
    ) {
        madeTasks = RecentWindow(capacity: taskLimit)
        self.number = number
        self.key = String(number)
        self.process = process
        self.pid = pid
        self.firstLine = firstLine
        self.lastLine = firstLine
        // Room for a run's usual tasks and files at once: grown from empty, each table was rehashed
        // six times per run (a file name is a long string), about 2 M instructions on the bench log.
        tasks.reserveCapacity(Self.expectedTasks)
        temporaryFiles.reserveCapacity(Self.expectedTasks)
    }

    /// How many task records and temporary files a run's tables have room for from the start.
    static let expectedTasks = 64

    /// The record of task `number`, `nil` when the run keeps none.
    func task(_ number: String) -> TaskRecord? {
        if lastTaskNumber == number, let lastTaskRecord { return lastTaskRecord }
        guard let record = tasks[number] else { return nil }
        (lastTaskNumber, lastTaskRecord) = (number, record)
        return record
    }

    /// The record of task `number`, made when the run keeps none (one hash either way).
    func makeTask(_ number: String) -> TaskRecord {
        if lastTaskNumber == number, let lastTaskRecord { return lastTaskRecord }
        var made = false
        let record = record(in: &tasks[number], made: &made)
        if made, let oldest = madeTasks.add((number, record.serial)) { dropIfKept(oldest) }
        (lastTaskNumber, lastTaskRecord) = (number, record)
        return record
    }

    private func record(in slot: inout TaskRecord?, made: inout Bool) -> TaskRecord {
        if let record = slot { return record }
        let record = TaskRecord(serial: nextSerial)
        nextSerial &+= 1
        slot = record
        made = true
        return record
    }

    /// Lets go of the record `made` names, if it is still kept (not forgotten after completing).
    /// An in-flight task stays counted in `tasksInFlight`: the count then never falls to one
    /// while it might be open, so no line is bound to another task by mistake.
    private func dropIfKept(_ made: (number: String, serial: Int32)) {
        guard let record = tasks[made.number], record.serial == made.serial else { return }
        onDrop?(made.number, record)
        forgetTask(made.number)
    }

    /// Drops the record of task `number` (a task completed long ago).
    func forgetTask(_ number: String) {
        tasks[number] = nil
        if lastTaskNumber == number { (lastTaskNumber, lastTaskRecord) = (nil, nil) }
    }

    /// Every task record the run keeps, by task number (their kinds are written back at its end).
    var taskRecords: [String: TaskRecord] { tasks }

    /// Remembers that the temporary file `name` is task `task`'s of session `identifier`; the file
    /// given 1 024 files before is forgotten.
    func addTemporaryFile(_ name: String, identifier: String, task: String) {
        temporaryFiles[name] = (identifier, task)
        lastFile = (name, identifier, task)
        if let old = recentFiles.add(name) {
            temporaryFiles[old] = nil
            if old == name { lastFile = nil }
        }
    }

    /// The temporary files recorded for session `old`, now `new`'s.
    func renameTemporaryFiles(from old: String, to new: String) {
        for (name, file) in temporaryFiles where file.identifier == old { temporaryFiles[name] = (new, file.task) }
        if let file = lastFile, file.identifier == old { lastFile = (file.name, new, file.task) }
    }

    /// The task whose temporary file is `name`, if the run was given it (and has not forgotten it).
    func temporaryFile(_ name: String) -> (identifier: String, task: String)? {
        if let lastFile, lastFile.name == name { return (lastFile.identifier, lastFile.task) }
        return temporaryFiles[name]
    }

    /// How many task records the run keeps (for tests of the memory bound).
    var taskRecordCount: Int { tasks.count }

    func remember(identifier: String) {
        if !identifiers.contains(identifier) { identifiers.append(identifier) }
    }
}
