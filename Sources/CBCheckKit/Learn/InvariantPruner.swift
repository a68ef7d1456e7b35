/// Leaves out the mined invariants a reviewer need not read, and ranks the rest.
///
/// Left out: those the event vocabulary makes true by definition (a run begins at its launch),
/// those another slicing states already, those that follow from others kept (A precedes B and B
/// precedes C, so A precedes C), and those exercised by fewer slices than the minimum support.
public struct InvariantPruner {
    /// Why an invariant was left out, for the header of `learn`'s output.
    public enum Reason: String, CaseIterable, Sendable {
        case vocabulary = "true by the event vocabulary or stated per another slicing"
        case implied = "implied by others"
        case support = "support below the minimum"
        case timeBound = "time bounds measured in too few slices"
    }

    /// The fewest slices an invariant must have been exercised in (`--min-support`).
    public var minimumSupport: Int
    /// The fewest slices a time bound must have been measured in (`--time-bound-support`); `nil`
    /// leaves every time bound out (`--no-time-bounds`). Higher than `minimumSupport` by default:
    /// the longest of a few times says little about the longest a real app takes, and the
    /// orderings are what the documents fix.
    public var minimumTimeBoundSupport: Int?

    public init(minimumSupport: Int = 2, minimumTimeBoundSupport: Int? = 5) {
        self.minimumSupport = minimumSupport
        self.minimumTimeBoundSupport = minimumTimeBoundSupport
    }

    /// The invariants kept, ranked (`Invariant.ranked`), and how many were left out for each reason.
    /// - Parameter alikeTheirKind: phrasing classes (`--raw`) that recognized every event of their
    ///   kind (`InvariantMiner.phrasingsAlikeTheirKind`): their invariants are the kind's, restated.
    public func prune(
        _ all: [Invariant], alikeTheirKind: Set<EventClass> = []
    ) -> (kept: [Invariant], leftOut: [Reason: Int]) {
        var leftOut: [Reason: Int] = [:]
        let mined = all.filter { invariant in
            let restated = [invariant.first, invariant.second].contains { $0.map(alikeTheirKind.contains) == true }
            if restated { leftOut[.implied, default: 0] += 1 }
            return !restated
        }
        let facts = InvariantFacts(mined)
        var kept: [Invariant] = []
        for invariant in mined where invariant.form != .lastsAtMost {
            if let reason = reason(toLeaveOut: invariant, facts) {
                leftOut[reason, default: 0] += 1
            } else {
                kept.append(invariant)
            }
        }
        // A time bound is printed for an ordering that is itself kept.
        let orderings = Set(kept.filter { $0.form == .alwaysFollowedBy }.map { $0.with(form: .lastsAtMost).key })
        for invariant in mined where invariant.form == .lastsAtMost {
            if !orderings.contains(invariant.key) {
                leftOut[.implied, default: 0] += 1
            } else if invariant.support < minimumSupport {
                leftOut[.support, default: 0] += 1
            } else if invariant.support < minimumTimeBoundSupport ?? .max {
                leftOut[.timeBound, default: 0] += 1
            } else {
                kept.append(invariant)
            }
        }
        return (kept.sorted(by: Invariant.ranked), leftOut)
    }

    // MARK: - Private

    private func reason(toLeaveOut invariant: Invariant, _ facts: InvariantFacts) -> Reason? {
        if Self.isDefinitional(invariant) { return .vocabulary }
        let kinds = [invariant.first.kind] + (invariant.second.map { [$0.kind] } ?? [])
        if Slicing.home(of: kinds) != invariant.slicing { return .vocabulary }
        if let judged = Self.judgedClass(of: invariant), !invariant.slicing.routes(judged.kind) { return .vocabulary }
        if invariant.taskKind != nil {
            if facts.holds(invariant.with(taskKind: nil)) { return .implied }
            if LearnedRule.taskKindSide(of: invariant) == nil { return .vocabulary }
        }
        if facts.impliesByNarrowing(invariant) || facts.impliesByChaining(invariant) { return .implied }
        if invariant.support < minimumSupport { return .support }
        return nil
    }

    /// The class a count or a "before it" is judged on, which must belong to the slice: a broadcast
    /// event reaches a slice only once the slice exists, and a slice made late is replayed only the
    /// last of each kind, so counting or forbidding one there says when the slice began, not how
    /// its events were ordered (`task.create` always precedes `app.resignActive`, per task).
    private static func judgedClass(of invariant: Invariant) -> EventClass? {
        switch invariant.form {
        case .alwaysPrecedes, .neverFollowedBy, .exactlyOnceGiven: return invariant.second
        case .atMostOnce: return invariant.first
        case .alwaysFollowedBy, .lastsAtMost: return nil
        }
    }

    /// True of every log by what the kinds mean: the trace builder starts a run at a launch and
    /// ends it at `applicationWillTerminate`, so nothing precedes the one or follows the other.
    private static func isDefinitional(_ invariant: Invariant) -> Bool {
        let first = invariant.first.kind
        let second = invariant.second?.kind
        switch invariant.form {
        case .alwaysPrecedes: return first == .appLaunch
        case .neverFollowedBy: return second == .appLaunch || first == .appTerminate
        case .atMostOnce: return first == .appLaunch || first == .appTerminate
        case .exactlyOnceGiven: return second == .appLaunch || second == .appTerminate
        case .alwaysFollowedBy, .lastsAtMost: return false
        }
    }
}

extension Invariant {
    func with(form: Form? = nil, first: EventClass? = nil, second: EventClass?? = nil) -> Invariant {
        var copy = self
        if let form { copy.form = form }
        if let first { copy.first = first }
        if let second { copy.second = second }
        return copy
    }

    func with(taskKind: String?) -> Invariant {
        var copy = self
        copy.taskKind = taskKind
        return copy
    }
}
