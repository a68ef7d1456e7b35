/// What a run knows of one task number, in one place: the session it was last seen with, whether
/// it was made on a non-background session, and the kind the builder last read or wrote for it.
///
/// Most events are a task's (`task.progress` above all), and each used to look its task number up
/// in two tables and its `TaskKey` (three strings hashed) in a third, some of them twice; now an
/// event finds its task's record once (`RunRecord.task(_:)`), the same task's next event without
/// a look-up at all.
final class TaskRecord {
    /// The session the task number was last seen with (task numbers are unique per session, S10).
    var session: String?
    /// Made on a non-background session (URLSession.shared, .default): no background identifier
    /// is ever inferred for it.
    var isForeground = false
    /// What the builder's `taskKinds` holds for this task under one session, as last read or
    /// written through this record; `nil` when not known here (then the table is asked).
    var knownKind: KnownKind?

    /// `taskKinds[(process, session, task)]` is `kind` (`nil`: no entry). It stays true because
    /// only the process's live run changes that entry, and only through this record; a record
    /// that is dropped and made again starts without it.
    struct KnownKind {
        var session: String?
        var kind: String?
    }

    /// The kind `taskKinds` holds for the task under `session`, if this record knows it:
    /// `.some(nil)` is "known to have none".
    func kind(under session: String?) -> String?? {
        guard let knownKind, knownKind.session == session else { return nil }
        return .some(knownKind.kind)
    }

    /// Neither a session nor the foreground mark left: nothing the run needs to keep.
    var isEmpty: Bool { session == nil && !isForeground }
}
