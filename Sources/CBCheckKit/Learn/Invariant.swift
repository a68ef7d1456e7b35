/// An ordering fact that held in every slice of the good logs, with how often it was exercised
/// and one place that shows it: what `cbcheck learn` prints as a draft rule.
public struct Invariant: Sendable {
    /// The shapes of invariant mined, after Synoptic's and Perfume's: two event classes A and B
    /// (`first`, `second`), or one (X, `first`).
    public enum Form: Int, Comparable, Sendable, CaseIterable {
        /// Every B has an A before it in its slice (`require A before B`).
        case alwaysPrecedes
        /// Every A is followed, later in its slice, by a B (`after any A: require B`).
        case alwaysFollowedBy
        /// No B comes after an A (`forbid B after A`).
        case neverFollowedBy
        /// X occurs at most once per slice (`at most 1 X`).
        case atMostOnce
        /// A slice with an A has exactly one X, before or after it (`given A: exactly 1 X`).
        case exactlyOnceGiven
        /// From an A to the B that ends it took at most the longest time observed
        /// (`after A until B: last at most D`).
        case lastsAtMost

        public static func < (lhs: Form, rhs: Form) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    public var form: Form
    public var slicing: Slicing
    /// Set when the invariant was mined over the task slices of one kind only (`download`).
    public var taskKind: String?
    /// A, or X for the one-class forms.
    public var first: EventClass
    /// B; `nil` for `atMostOnce`.
    public var second: EventClass?
    /// The slices that exercised it: those with A (follows, exactly once given), with B
    /// (precedes), with both (never followed by), with X (at most once), or with a measured A→B
    /// time (lasts at most).
    public var support: Int
    /// The first slice of the good logs that showed it.
    public var witness: Witness
    /// `lastsAtMost` only: the shortest and longest A→B times observed, in seconds.
    public var bounds: ClosedRange<Double>?

    /// What identifies an invariant regardless of its counts: the pruner looks others up by it.
    struct Key: Hashable {
        var form: Form
        var slicing: Slicing
        var taskKind: String?
        var first: EventClass
        var second: EventClass?
    }

    var key: Key { Key(form: form, slicing: slicing, taskKind: taskKind, first: first, second: second) }

    /// The order `learn` prints in: most support first, then a fixed order of the rest, so the
    /// same logs always give the same rules with the same ids.
    static func ranked(_ lhs: Invariant, _ rhs: Invariant) -> Bool {
        if lhs.support != rhs.support { return lhs.support > rhs.support }
        if lhs.slicing != rhs.slicing { return lhs.slicing < rhs.slicing }
        if lhs.form != rhs.form { return lhs.form < rhs.form }
        if lhs.first != rhs.first { return lhs.first < rhs.first }
        if lhs.second != rhs.second {
            return (lhs.second.map { [$0] } ?? []).lexicographicallyPrecedes(rhs.second.map { [$0] } ?? [])
        }
        return (lhs.taskKind ?? "") < (rhs.taskKind ?? "")
    }
}

/// Where in the good logs an invariant was seen to hold.
public struct Witness: Sendable {
    /// One event of the example.
    public struct Step: Sendable, Equatable {
        public var line: Int
        public var kind: String
    }

    public var file: String
    /// The events that show the invariant, in log order.
    public var steps: [Step]
    /// The line a violation of the rule would be reported on in a slice like this one: where a
    /// fixture of the good log says `#! ok`.
    public var line: Int

    init(file: String, _ events: [Event], line: Int) {
        self.file = file
        self.steps = events.sorted { $0.sequence < $1.sequence }.map { Step(line: $0.line, kind: $0.kind.name) }
        self.line = line
    }
}

/// The slicings `learn` mines, finest first: the rule engine's `for each` lists.
public enum Slicing: Int, CaseIterable, Comparable, Sendable {
    case task, identifier, bgtask, port, run

    /// The `for each` keys.
    public var keys: [SliceKey] {
        switch self {
        case .task: return [.run, .identifier, .task]
        case .identifier: return [.run, .identifier]
        case .bgtask: return [.run, .bgtask]
        case .port: return [.run, .port]
        case .run: return [.run]
        }
    }

    /// As a rule's `for each` line lists them: `run, identifier, task`.
    public var text: String { keys.map(\.rawValue).joined(separator: ", ") }

    /// The slicing an invariant over these kinds belongs to: the finest whose own key one of them
    /// carries. Two kinds that carry no identifier (`app.launch`, `app.background`) reach every
    /// identifier slice of their run alike, so an invariant between them is a fact about the run,
    /// and printing it again per identifier and per task would say the same thing three times.
    static func home(of kinds: [EventKind]) -> Slicing {
        allCases.first { slicing in kinds.contains { slicing.routes($0) } } ?? .run
    }

    public static func < (lhs: Slicing, rhs: Slicing) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Whether events of `kind` carry this slicing's own key, and so go to one slice; the others
    /// are broadcast to every slice of their run (and session).
    func routes(_ kind: EventKind) -> Bool {
        switch self {
        case .task: return kind.carries(.task)
        case .identifier: return kind.carries(.identifier)
        case .bgtask: return kind.carries(.bgtask)
        case .port: return kind.carries(.port)
        case .run: return true
        }
    }
}
