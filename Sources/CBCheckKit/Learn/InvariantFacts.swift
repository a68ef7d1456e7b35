/// Which invariants held, to ask whether one follows from others of the same slicing and task
/// kind. Only logical consequences count: what is left out can be derived from what is printed.
struct InvariantFacts {
    private typealias Form = Invariant.Form
    private let holding: Set<Invariant.Key>
    /// The classes met in each slicing and task kind, for "is there a B between them".
    private let classes: [Group: [EventClass]]

    private struct Group: Hashable {
        var slicing: Slicing
        var taskKind: String?
    }

    init(_ mined: [Invariant]) {
        holding = Set(mined.map(\.key))
        var classes: [Group: Set<EventClass>] = [:]
        for invariant in mined {
            let group = Group(slicing: invariant.slicing, taskKind: invariant.taskKind)
            classes[group, default: []].insert(invariant.first)
            if let second = invariant.second { classes[group, default: []].insert(second) }
        }
        self.classes = classes.mapValues { $0.sorted() }
    }

    func holds(_ invariant: Invariant) -> Bool { holding.contains(invariant.key) }

    /// A stronger statement over a narrower or broader class holds: `task.complete where error ==
    /// nil` preceded by A follows from `task.complete` preceded by A.
    func impliesByNarrowing(_ invariant: Invariant) -> Bool {
        let a = invariant.first
        let broaderA = a.isNarrowed ? EventClass(a.kind) : nil
        let b = invariant.second
        let broaderB = b.flatMap { $0.isNarrowed ? EventClass($0.kind) : nil }
        let group = Group(slicing: invariant.slicing, taskKind: invariant.taskKind)
        let narrowerA = narrowings(of: a, in: group)
        let narrowerB = b.map { narrowings(of: $0, in: group) } ?? []
        func holds(_ form: Form, _ first: EventClass?, _ second: EventClass?) -> Bool {
            guard let first else { return false }
            return self.holds(invariant.with(form: form, first: first, second: .some(second)))
        }
        switch invariant.form {
        case .alwaysPrecedes:
            return narrowerA.contains { holds(.alwaysPrecedes, $0, b) }
                || (broaderB != nil && holds(.alwaysPrecedes, a, broaderB))
        case .alwaysFollowedBy:
            return holds(.alwaysFollowedBy, broaderA, b) || narrowerB.contains { holds(.alwaysFollowedBy, a, $0) }
        case .neverFollowedBy:
            return holds(.neverFollowedBy, broaderA, b) || (broaderB != nil && holds(.neverFollowedBy, a, broaderB))
        case .atMostOnce:
            return holds(.atMostOnce, broaderA, nil)
        case .exactlyOnceGiven:
            return holds(.exactlyOnceGiven, broaderA, b)
        case .lastsAtMost:
            return false
        }
    }

    /// The invariant follows from two others through a third class B: A precedes B precedes C;
    /// A is followed by B, which is followed by C; no C after B, and every A has a B before it.
    func impliesByChaining(_ invariant: Invariant) -> Bool {
        let a = invariant.first
        guard let c = invariant.second else { return false }
        func holds(_ form: Form, _ first: EventClass, _ second: EventClass?) -> Bool {
            self.holds(invariant.with(form: form, first: first, second: .some(second)))
        }
        /// Every slice with `x` has a `y`.
        func presenceOf(_ y: EventClass, given x: EventClass) -> Bool {
            holds(.alwaysFollowedBy, x, y) || holds(.alwaysPrecedes, y, x)
        }
        let group = Group(slicing: invariant.slicing, taskKind: invariant.taskKind)
        let between = (classes[group] ?? []).filter {
            $0.kind != a.kind && $0.kind != c.kind && !Self.isAppAction($0.kind)
        }
        switch invariant.form {
        case .alwaysPrecedes:
            return between.contains { holds(.alwaysPrecedes, a, $0) && holds(.alwaysPrecedes, $0, c) }
        case .alwaysFollowedBy:
            return between.contains { holds(.alwaysFollowedBy, a, $0) && holds(.alwaysFollowedBy, $0, c) }
        case .neverFollowedBy:
            if holds(.alwaysPrecedes, c, a) && holds(.atMostOnce, c, nil) { return true }
            return between.contains { b in
                (holds(.alwaysPrecedes, b, a) && holds(.neverFollowedBy, b, c))
                    || (holds(.neverFollowedBy, a, b) && holds(.alwaysFollowedBy, c, b))
            }
        case .exactlyOnceGiven:
            if holds(.atMostOnce, c, nil) && presenceOf(c, given: a) { return true }
            // Given a B that every A brings along, the same holds given A; of two that always come
            // together, the one first in vocabulary order is kept.
            return between.contains { b in
                holds(.exactlyOnceGiven, b, c) && presenceOf(b, given: a) && (!presenceOf(a, given: b) || b < a)
            }
        case .atMostOnce, .lastsAtMost:
            return false
        }
    }

    // MARK: - Private

    /// What the app logs of its own doing (storing the handler, moving a file, recording a
    /// result), as against the system's callbacks and the API calls the documents order. Apps and
    /// builds log these differently, so an ordering of two documented events is not left out
    /// because one app logged its own step between them: `task.finishDownload` precedes
    /// `task.complete` stays even where every good log moved the file in between.
    private static func isAppAction(_ kind: EventKind) -> Bool {
        kind.name.hasPrefix("app.") && !kind.runsOnMainThread && kind != .handlerCalled
    }

    /// The error narrowings of a kind, and the phrasings of it met in `group` (`--raw`).
    private func narrowings(of eventClass: EventClass, in group: Group) -> [EventClass] {
        guard !eventClass.isNarrowed else { return [] }
        let phrasings = (classes[group] ?? []).filter { $0.kind == eventClass.kind && $0.phrasing != nil }
        return [EventClass(eventClass.kind, .succeeded), EventClass(eventClass.kind, .failed)] + phrasings
    }
}
