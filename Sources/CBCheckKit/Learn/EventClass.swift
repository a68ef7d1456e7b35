/// What `cbcheck learn` counts as one kind of event: a canonical kind, or a kind narrowed by
/// whether the call reported an error (`task.complete where error == nil`).
///
/// The narrowing exists because the documented orderings split there: a download that succeeds
/// hands its file over before it completes, a failed one does not (APPLE-FACTS T3, T6). Without
/// it, "didFinishDownloadingTo precedes didCompleteWithError" would never hold in logs that have
/// a single timeout in them.
public struct EventClass: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// How an event's `error` attribute narrows its kind.
    public enum Outcome: Int, Sendable {
        /// Any event of the kind.
        case any
        /// `error == nil`: the call reported no error.
        case succeeded
        /// `error != nil`: the call reported one.
        case failed
    }

    public let kind: EventKind
    public let outcome: Outcome

    public init(_ kind: EventKind, _ outcome: Outcome = .any) {
        self.kind = kind
        self.outcome = outcome
    }

    /// The classes an event belongs to: its kind, and its kind narrowed by its error when the line
    /// said one. Synthetic kinds (`run.start`, `run.end`, `log.end`) belong to none: they bound
    /// the slices rather than happen in them.
    static func classes(of event: Event) -> [EventClass] {
        guard !event.kind.isSynthetic else { return [] }
        guard event.kind.carries(.error), let error = event[.error] else { return [EventClass(event.kind)] }
        return [EventClass(event.kind), EventClass(event.kind, error == "nil" ? .succeeded : .failed)]
    }

    /// The condition the narrowing adds to a matcher, if any.
    var condition: String? {
        switch outcome {
        case .any: return nil
        case .succeeded: return "error == nil"
        case .failed: return "error != nil"
        }
    }

    /// Whether every event of this class is also one of `other` (a narrowing of the same kind).
    func isNarrowing(of other: EventClass) -> Bool {
        kind == other.kind && outcome != .any && other.outcome == .any
    }

    /// As a rule matcher writes it, with `extra` (a task-kind condition) joined by `and`.
    func matcher(adding extra: String? = nil) -> String {
        let conditions = [condition, extra].compactMap { $0 }
        return conditions.isEmpty ? kind.name : "\(kind.name) where \(conditions.joined(separator: " and "))"
    }

    /// For rule names: `task-complete`, `task-complete-ok`, `task-complete-failed`.
    var slug: String {
        let base = String(kind.name.map { $0 == "." ? "-" : $0 })
        switch outcome {
        case .any: return base
        case .succeeded: return base + "-ok"
        case .failed: return base + "-failed"
        }
    }

    public var description: String { matcher() }

    public static func < (lhs: EventClass, rhs: EventClass) -> Bool {
        (lhs.kind, lhs.outcome.rawValue) < (rhs.kind, rhs.outcome.rawValue)
    }
}
