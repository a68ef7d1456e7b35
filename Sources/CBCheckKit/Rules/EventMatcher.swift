/// A set of event kinds with an optional condition: `task.progress, task.complete where error == nil`.
public struct EventMatcher {
    public var kinds: Set<EventKind>
    public var condition: Condition?

    public func matches(_ event: Event, run: RunRecord?) -> Bool {
        guard kinds.contains(event.kind) else { return false }
        guard let condition else { return true }
        return condition.evaluate(event, run: run) == true
    }

    /// How the matcher reads in messages: `app.handler.called` or `task.complete (where …)`.
    public var shown: String {
        kinds.sorted().map(\.name).joined(separator: " or ")
    }
}
