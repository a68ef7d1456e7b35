/// One trace event as the HTML timeline draws it: where it happened (run, session, task, thread),
/// when (time, or only the line when the log has no times), the app's state before and after it,
/// and the line's text. A plain value, so a worker thread can hand it to the reporter.
public struct TimelineEvent: Sendable {
    public var kind: String
    public var line: Int
    /// Microseconds since 1970, `nil` when the line had no time stamp.
    public var microseconds: Int64?
    /// The zone offset the log wrote, so times show as the log said them.
    public var zoneOffsetSeconds = 0
    public var run: Int
    /// The background session identifier, when the event names one or the trace inferred it.
    public var identifier: String?
    public var task: String?
    /// The app's state when the event happened: the trace builder's, which is the state before
    /// the event's own transition (`applicationDidEnterBackground` happens in the foreground).
    public var appState: AppState
    /// The app's state once the event happened, which the timeline draws from the event on: the
    /// band changes colour at the event that changed the state, not one event later.
    public var appStateAfter: AppState
    /// The thread the line was written on (NSLog's `[pid:tid]`, the unified log's thread column,
    /// a Console export's `Thread:`), `nil` when the log names none.
    public var thread: String?
    /// Whether `thread` is the run's main thread; `nil` when either is unknown.
    public var isOnMainThread: Bool?
    /// The process that wrote the line when it is not the run's own (nsurlsessiond's lines joined
    /// to the app's run): its thread is that process's, not one of the app's.
    public var otherProcess: String?
    /// The first line of the record's message.
    public var text: String
    /// `run.start`, `run.end`, `log.end`: made by the trace builder, not read from a line.
    public var isSynthetic: Bool

    /// The event as `run`, the run the trace builder placed it in, saw it.
    public init(_ event: Event, in run: RunRecord) {
        kind = event.kind.name
        line = event.line
        microseconds = event.time?.microseconds
        zoneOffsetSeconds = event.time?.zoneOffsetSeconds ?? 0
        self.run = event.run
        identifier = event[.identifier]
        task = event[.task]
        appState = event.appState
        appStateAfter = AppState.entered(by: event.kind) ?? event.appState
        thread = event.thread
        isOnMainThread = event.isOnMainThread
        otherProcess = event.process != run.process ? event.process : nil
        text = event.text
        isSynthetic = event.kind.isSynthetic
    }
}
