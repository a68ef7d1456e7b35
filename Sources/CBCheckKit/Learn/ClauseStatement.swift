/// What one clause of a rule says, in a form where two clauses that say the same thing in other
/// words compare alike: `require A before B` and `forbid B before A`; `forbid B after A` and
/// `after A: forbid B`. `cbcheck learn` compares each draft with the rules there are, so that it
/// does not draft again what a rule already checks.
///
/// A draft restates a clause when every slice the draft would flag, the clause flags too: the
/// same `for each` keys, the same relation between the same events, where the clause may name
/// more. On the side a violation is judged on, or the event that opens the scope, the clause may
/// be broader (`forbid task.progress, task.resumedAt, task.finishDownload after task.complete`
/// checks `forbid task.progress after task.complete`), and a condition both have is no
/// difference; on the side that must be there (the A of `require A before B`, the end of a timed
/// scope) the clause may not ask for more than the draft does. The clause's `unless` is set
/// aside: a draft without the excuse is the rule made stricter where its author chose not to be,
/// not a new ordering (CB201 excuses logs that show no download delegate).
struct ClauseStatement {
    /// The relations `learn` drafts; a clause of another shape (`between`, a scope with an end
    /// other than a timed one, `require X` alone) states none of them.
    enum Relation: Equatable {
        /// Every judged event has a required one before it.
        case precedes
        /// Every trigger is followed by a required event.
        case followedBy
        /// No judged event after a trigger.
        case neverFollowedBy
        /// The judged events counted per slice, or per slice with a trigger.
        case count(atLeast: Int, atMost: Int?)
        /// From a trigger to the required event that ends the scope took at most this long.
        case lastsAtMost(seconds: Double)
    }

    let keys: Set<SliceKey>
    private(set) var relation = Relation.precedes
    /// The event a violation is reported on (precedes, never followed by, counts).
    private(set) var judged: EventMatcher?
    /// The event that opens the scope or decides that the slice is judged; `nil`: every slice.
    private(set) var trigger: EventMatcher?
    /// The event that must be there (precedes, followed by) or ends the timed scope.
    private(set) var required: EventMatcher?
    /// `after A:` scopes only: whether a later A shares the pending obligation (`after any A`)
    /// instead of settling it.
    private(set) var pooled = false
    /// `require … within D`: the obligation's deadline, in seconds.
    private(set) var within: Double?

    /// The statement of `clause` in a rule sliced by `keys`, if it has a shape `learn` drafts.
    init?(_ clause: Clause, keys: [SliceKey]) {
        self.keys = Set(keys)
        switch (clause.scope, clause.rule) {
        case (.always, .require(let a, before: let b?, withinSeconds: let deadline)):
            (required, judged, within) = (a, b, deadline)
        case (.always, .forbid(let b, before: let a?, after: nil)):
            (required, judged) = (a, b)
        case (.after(let a, until: nil, let shared), .require(let b, before: nil, withinSeconds: let deadline)):
            (relation, trigger, required, pooled, within) = (.followedBy, a, b, shared, deadline)
        case (.always, .forbid(let b, before: nil, after: let a?)),
            (.after(let a, until: nil, _), .forbid(let b, before: nil, after: nil)):
            (relation, trigger, judged) = (.neverFollowedBy, a, b)
        case (.always, .count(let x, let least, let most)):
            (relation, judged) = (.count(atLeast: least ?? 0, atMost: most), x)
        case (.given(let a), .count(let x, let least, let most)):
            (relation, trigger, judged) = (.count(atLeast: least ?? 0, atMost: most), a, x)
        case (.after(let a, until: let b?, let shared), .duration(let seconds)):
            (relation, trigger, required, pooled) = (.lastsAtMost(seconds: seconds), a, b, shared)
        default:
            return nil
        }
    }

    /// Whether `other` flags every slice this statement flags: this one says nothing `other`
    /// does not check already.
    func isChecked(by other: ClauseStatement) -> Bool {
        guard keys == other.keys, relationIsChecked(by: other.relation) else { return false }
        // A count with a lower bound is judged on the events counted: the draft's must be the
        // clause's, or the clause may count more of them and find enough where the draft does not.
        let judgedMayBeNarrower: Bool
        if case .count(let least, _) = relation, least > 0 {
            judgedMayBeNarrower = false
        } else {
            judgedMayBeNarrower = true
        }
        return Self.side(judged, within: other.judged, mayBeNarrower: judgedMayBeNarrower)
            && (other.trigger == nil || Self.side(trigger, within: other.trigger, mayBeNarrower: true))
            && Self.side(other.required, within: required, mayBeNarrower: true)
            && (pooled || !other.pooled)
            && (within.map { mine in other.within.map { $0 <= mine } ?? false } ?? true)
    }

    // MARK: - Private

    private func relationIsChecked(by other: Relation) -> Bool {
        switch (relation, other) {
        case (.precedes, .precedes), (.followedBy, .followedBy), (.neverFollowedBy, .neverFollowedBy):
            return true
        case (.count(let least, let most), .count(let otherLeast, let otherMost)):
            return otherLeast >= least && (most.map { mine in otherMost.map { $0 <= mine } ?? false } ?? true)
        case (.lastsAtMost(let seconds), .lastsAtMost(let otherSeconds)):
            return otherSeconds <= seconds
        default:
            return false
        }
    }

    /// Whether every event `inner` matches, `outer` matches too (both absent counts as alike):
    /// `outer` names the kind (among others, if `mayBeNarrower`) and each of its conditions is
    /// one `inner` has.
    private static func side(_ inner: EventMatcher?, within outer: EventMatcher?, mayBeNarrower: Bool) -> Bool {
        guard let inner, let outer else { return inner == nil && outer == nil }
        let (innerConditions, outerConditions) = (conditions(of: inner), conditions(of: outer))
        if !mayBeNarrower { return inner.kinds == outer.kinds && innerConditions == outerConditions }
        return inner.kinds.isSubset(of: outer.kinds) && outerConditions.isSubset(of: innerConditions)
    }

    /// A matcher's comparisons, each as the rule language writes it (`error == nil`).
    private static func conditions(of matcher: EventMatcher) -> Set<String> {
        Set((matcher.condition?.comparisons ?? []).map { Condition(comparisons: [$0]).text })
    }
}
