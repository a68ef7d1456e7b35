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

    private func carried(_ attribute: Attribute, _ event: Event) -> String?? {
        event.kind.carries(attribute) ? .some(event[attribute]) : nil
    }
}
