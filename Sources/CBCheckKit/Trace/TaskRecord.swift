/// What a run knows of one task number, in one place: the session it was last seen with, whether
/// it was made on a non-background session, and the kind the builder last read or wrote for it.
///
/// Most events are a task's (`task.progress` above all), and each used to look its task number up
/// in two tables and its `TaskKey` (three strings hashed) in a third, some of them twice; now an
/// event finds its task's record once (`RunRecord.task(_:)`), the same task's next event without
/// a look-up at all, and the third table is written only when a record lets go of a kind.
final class TaskRecord {
    /// Its place among the run's records made, to tell it from a later record of the same
    /// task number (`RunRecord.madeTasks`).
    let serial: Int32
    /// The session the task number was last seen with (task numbers are unique per session, S10).
    var session: String?
    /// Made on a non-background session (URLSession.shared, .default): no background identifier
    /// is ever inferred for it.
    var isForeground = false
    /// A line named the task and its didCompleteWithError has not come (`RunRecord.tasksInFlight`).
    var isInFlight = false
    /// The kind of the task under one session, kept here while the record lives: the builder's
    /// `taskKinds` is written only when the record lets go of that session (another session's
    /// line, the record dropped, the run's end), so a task made and completed in one run never
    /// touches the table (a write and a removal, each hashing a `TaskKey`, about 1 000
    /// instructions apiece). `nil` when the record holds no session's kind (then the table is asked).
    var knownKind: KnownKind?

    /// `taskKinds[(process, session, task)]` is `kind` (`nil`: no entry), the table itself holding
    /// `stored` until it is written. It stays true because only the process's live run changes
    /// that entry, and only through this record.
    struct KnownKind {
        var session: String?
        var kind: String?
        /// What the table holds for the key now.
        var stored: String?

        /// The table is behind: `kind` must be written (or the entry removed) before the record
        /// lets go of the session.
        var isUnwritten: Bool { kind != stored }
    }

    /// Whether the record knows the kind `taskKinds` holds for the task under `session` (read in
    /// place: copying the kind out and back cost about 150 instructions an event).
    func holdsKind(under session: String?) -> Bool {
        guard case .some(let known) = knownKind else { return false }
        return known.session == session
    }

    init(serial: Int32) { self.serial = serial }

    /// Neither a session nor the foreground mark left: nothing the run needs to keep.
    var isEmpty: Bool { session == nil && !isForeground && !isInFlight }
}
