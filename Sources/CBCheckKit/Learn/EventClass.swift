/// What `cbcheck learn` counts as one kind of event: a canonical kind, a kind narrowed by
/// whether the call reported an error (`task.complete where error == nil`), or, with `--raw`, a
/// kind narrowed to one phrasing of the user's event map (`task.complete where phrasing ==
/// "app.cbevents:7"`).
///
/// The error narrowing exists because the documented orderings split there: a download that
/// succeeds hands its file over before it completes, a failed one does not (APPLE-FACTS T3, T6).
/// Without it, "didFinishDownloadingTo precedes didCompleteWithError" would never hold in logs
/// that have a single timeout in them. The phrasing narrowing tells apart what one app logs from
/// two places (a retry's completion and a first try's) that the vocabulary names alike.
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
    /// The event-map phrasing (`app.cbevents:7`) every event of the class was recognized by; `nil`
    /// for every phrasing. Set only with `outcome == .any`.
    public let phrasing: String?

    public init(_ kind: EventKind, _ outcome: Outcome = .any, phrasing: String? = nil) {
        self.kind = kind
        self.outcome = outcome
        self.phrasing = phrasing
    }

    /// The classes an event belongs to: its kind, its kind narrowed by its error when the line
    /// said one, and its kind narrowed to its phrasing when that is one of `rawPhrasings`.
    /// Synthetic kinds (`run.start`, `run.end`, `log.end`) belong to none: they bound the slices
    /// rather than happen in them.
    static func classes(of event: Event, rawPhrasings: Set<String> = []) -> [EventClass] {
        guard !event.kind.isSynthetic else { return [] }
        var classes = [EventClass(event.kind)]
        if event.kind.carries(.error), let error = event[.error] {
            classes.append(EventClass(event.kind, error == "nil" ? .succeeded : .failed))
        }
        if !rawPhrasings.isEmpty, let phrasing = event.phrasing, rawPhrasings.contains(phrasing) {
            classes.append(EventClass(event.kind, phrasing: phrasing))
        }
        return classes
    }

    /// The condition the narrowing adds to a matcher, if any.
    var condition: String? {
        if let phrasing { return "phrasing == \"\(phrasing)\"" }
        switch outcome {
        case .any: return nil
        case .succeeded: return "error == nil"
        case .failed: return "error != nil"
        }
    }

    /// Narrowed by an error or a phrasing: every event of the class is also one of its kind's.
    var isNarrowed: Bool { outcome != .any || phrasing != nil }

    /// Whether every event of this class is also one of `other` (a narrowing of the same kind).
    func isNarrowing(of other: EventClass) -> Bool {
        kind == other.kind && isNarrowed && !other.isNarrowed
    }

    /// As a rule matcher writes it, with `extra` (a task-kind condition) joined by `and`.
    func matcher(adding extra: String? = nil) -> String {
        let conditions = [condition, extra].compactMap { $0 }
        return conditions.isEmpty ? kind.name : "\(kind.name) where \(conditions.joined(separator: " and "))"
    }

    /// For rule names: `task-complete`, `task-complete-ok`, `task-complete-failed`,
    /// `task-complete-at-app-cbevents-7`.
    var slug: String {
        let base = String(kind.name.map { $0 == "." ? "-" : $0 })
        if let phrasing { return base + "-at-" + String(phrasing.map { $0.isLetter || $0.isNumber ? $0 : "-" }) }
        switch outcome {
        case .any: return base
        case .succeeded: return base + "-ok"
        case .failed: return base + "-failed"
        }
    }

    public var description: String { matcher() }

    public static func < (lhs: EventClass, rhs: EventClass) -> Bool {
        (lhs.kind, lhs.outcome.rawValue, lhs.phrasing ?? "") < (rhs.kind, rhs.outcome.rawValue, rhs.phrasing ?? "")
    }
}
