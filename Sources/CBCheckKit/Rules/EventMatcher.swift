/// A set of event kinds with an optional condition: `task.progress, task.complete where error == nil`.
///
/// A class: every monitor step takes its clause's matchers out of their enum cases, and a copy is
/// then one reference, not a set's and a condition's.
public final class EventMatcher {
    public let kinds: Set<EventKind>
    public let condition: Condition?
    /// Whether each kind (by `EventKind.index`) is one of `kinds`, for the per-event test: read
    /// in place, where `KindMask.contains` stayed a call from the monitor's step (120 000 calls).
    private let isMatched: [Bool]

    public init(kinds: Set<EventKind>, condition: Condition?) {
        self.kinds = kinds
        self.condition = condition
        let mask = KindMask(kinds)
        isMatched = EventKind.all.map(mask.contains)
    }

    /// Inlined into the monitor's step, which asks it several times per event: most events are of
    /// another kind, and the kind test is then a load from a table instead of a call.
    @inline(__always)
    public func matches(_ event: Event, run: RunRecord?) -> Bool {
        isMatched[event.kind.index] && (condition == nil || meetsCondition(event, run: run))
    }

    @inline(never)
    private func meetsCondition(_ event: Event, run: RunRecord?) -> Bool {
        condition?.evaluate(event, run: run) == true
    }

    /// How the matcher reads in messages: `app.handler.called` or `task.complete where error == nil`.
    public var shown: String {
        let names = kinds.sorted().map(\.name).joined(separator: " or ")
        return condition.map { "\(names) where \($0.text)" } ?? names
    }

    /// How one matching event reads in messages: its kind, and the condition it met.
    func shown(_ event: Event) -> String {
        condition.map { "\(event.kind) where \($0.text)" } ?? event.kind.name
    }
}
