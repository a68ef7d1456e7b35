/// What a rule slices its events by (`for each run, identifier`): one monitor per distinct value.
public enum SliceKey: String, CaseIterable, Sendable {
    case run, identifier, task, bgtask, port

    /// The event's value for this key: `.some(nil)` when the kind carries the attribute but the
    /// log did not say it (unknown: the event is skipped), `nil` when the kind does not carry it
    /// at all (the event concerns every slice of its run and is broadcast to them).
    func value(of event: Event) -> String?? {
        switch self {
        case .run: return .some(event.runKey)
        case .identifier: return carried(.identifier, event)
        case .task: return carried(.task, event)
        case .bgtask: return carried(.bgtask, event)
        case .port: return carried(.port, event)
        }
    }

    /// The event that should be the last to name a value (a task's didCompleteWithError, T1; a
    /// background task's `endBackgroundTask`): a slice keyed by it may be retired once it came
    /// (`SliceRetirement`), and is brought back if another event names it after all.
    var lastKind: EventKind? {
        switch self {
        case .task: return .taskComplete
        case .bgtask: return EventKind(named: "bgtask.end")
        case .run, .identifier, .port: return nil
        }
    }

    private func carried(_ attribute: Attribute, _ event: Event) -> String?? {
        event.kind.carries(attribute) ? .some(event[attribute]) : nil
    }
}
