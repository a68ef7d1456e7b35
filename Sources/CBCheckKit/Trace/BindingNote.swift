/// Why the trace builder bound an event to a session or task its line did not name, or why it
/// could not. Real logs name a session on few lines (`didFinishDownloadingTo` rarely says which
/// session), so a rule sliced by identifier would see almost nothing without these inferences;
/// each one is printed by `cbcheck trace` beside its event, so it can be checked by eye, and an
/// ambiguous one binds nothing rather than guess.
public enum BindingNote: Sendable, Equatable {
    /// The session of the one handleEvents handler still waiting.
    case identifierFromWaitingHandler
    /// The session the event's task number belongs to.
    case identifierFromTask
    /// The only background session the run has named.
    case identifierOnlySession
    /// The run has named no session yet: the event goes to the run's one unnamed session
    /// (`BindingNote.unnamedSession`), which the first line that names a session names.
    case identifierUnnamed
    /// This line is the first of its run to name a session: the run's unnamed one is this one.
    case namesUnnamedSession
    /// The run has several sessions and nothing tells which: the event is not bound.
    case identifierAmbiguous(candidates: [String])
    /// The only task of the session still in flight (made or heard of, not yet completed).
    case taskOnlyOneInFlight
    /// The run has named no task: the event goes to the run's current unnamed task, the `n`-th
    /// (a task's didCompleteWithError ends it, the next unnamed event starts the next).
    case taskUnnamed(Int)
    /// Several tasks are in flight, or unnamed tasks overlap: the event is not bound to a task.
    case taskAmbiguous(inFlight: Int)
    /// The system's warning names no background task: the run's unnamed one.
    case backgroundTaskUnnamed
    /// The line names no background task, and one only is in progress in the run (begun, not
    /// ended): an expiration handler's line is that task's.
    case backgroundTaskOnlyOneInProgress

    /// The value the run's one session has until a line names it.
    public static let unnamedSession = "(unnamed)"

    /// The value of the run's background task a system warning names none of.
    public static let unnamedBackgroundTask = "(unnamed)"

    /// The value of the `n`-th unnamed task of a run.
    public static func unnamedTask(_ number: Int) -> String { "(unnamed \(number))" }

    /// The phrase `cbcheck trace` prints after the event.
    public var text: String {
        switch self {
        case .identifierFromWaitingHandler: return "identifier inferred: the one handleEvents handler waiting"
        case .identifierFromTask: return "identifier inferred: the session of its task"
        case .identifierOnlySession: return "identifier inferred: the only session of the run"
        case .identifierUnnamed: return "identifier inferred: the run's one session, not named yet"
        case .namesUnnamedSession: return "names the run's session: earlier unnamed events are this session's"
        case .identifierAmbiguous(let candidates):
            return
                "identifier ambiguous: \(candidates.count) sessions (\(candidates.joined(separator: ", "))); not bound"
        case .taskOnlyOneInFlight: return "task inferred: the only task in flight"
        case .taskUnnamed(let number): return "task inferred: unnamed task \(number) of the run"
        case .taskAmbiguous(let count): return "task ambiguous: \(count) tasks in flight; not bound"
        case .backgroundTaskUnnamed: return "bgtask inferred: the system's warning names none"
        case .backgroundTaskOnlyOneInProgress: return "bgtask inferred: the only background task in progress"
        }
    }

    /// Whether the note is about the event's task (or background task), not its session.
    var isAboutTask: Bool {
        switch self {
        case .taskOnlyOneInFlight, .taskUnnamed, .taskAmbiguous, .backgroundTaskUnnamed,
            .backgroundTaskOnlyOneInProgress:
            return true
        default: return false
        }
    }

    /// Whether the note says the event could not be bound.
    public var isAmbiguous: Bool {
        switch self {
        case .identifierAmbiguous, .taskAmbiguous: return true
        default: return false
        }
    }
}
