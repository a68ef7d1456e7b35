/// One checkable statement of a rule: a scope (where in a slice it applies) and a pattern (what
/// must or must not happen there), optionally excused by an `unless` condition.
///
/// A class, so the monitor of every slice refers to its clause instead of carrying a copy: a run
/// with thousands of tasks has a monitor per clause per task.
public final class Clause {
    /// Where the pattern applies within a slice.
    public enum Scope {
        /// The whole slice.
        case always
        /// From each `open` event to the next `close` event (or the end of the slice). A new `open`
        /// settles the scope and opens another, unless `pooled` (`after any A`): then every `open`
        /// still waiting shares the next event that satisfies the pattern.
        case after(EventMatcher, until: EventMatcher?, pooled: Bool = false)
        /// From each `open` to the next `close`; a violation counts only once `close` arrives.
        case between(EventMatcher, and: EventMatcher)
        /// The whole slice, but judged only if `trigger` occurs in it.
        case given(EventMatcher)
    }

    /// What must or must not happen in the scope.
    public enum Rule {
        /// `forbid X`, `forbid X before Y`, `forbid X after Y`.
        case forbid(EventMatcher, before: EventMatcher?, after: EventMatcher?)
        /// `require X` (before the scope closes), `require X before Y`, optionally `within D`.
        case require(EventMatcher, before: EventMatcher?, withinSeconds: Double?)
        /// `at most N X`, `at least N X`, `exactly N X`.
        case count(EventMatcher, atLeast: Int?, atMost: Int?)
        /// `last at most D`: an `after A until B` scope must close within D seconds of opening.
        case duration(atMostSeconds: Double)
    }

    public let scope: Scope
    public let rule: Rule
    /// A violation is dropped when this holds at verdict time.
    public let unless: Condition?
    /// The kinds the clause looks at, to decide which events create slices.
    public let referencedKinds: Set<EventKind>

    /// The scope and the pattern taken apart once, for `ClauseMonitor.step`, which runs for every
    /// event of a kind the clause looks at in every slice: taking a matcher out of an enum case
    /// copies the case, a reference count up and down per matcher per step.
    let parts: Parts

    public init(scope: Scope, rule: Rule, unless: Condition?, referencedKinds: Set<EventKind>) {
        self.scope = scope
        self.rule = rule
        self.unless = unless
        self.referencedKinds = referencedKinds
        parts = Parts(scope: scope, rule: rule)
        triggers = Self.triggers(of: scope, rule)
    }

    /// The matchers whose events put the clause to work (`Clause+Engagement.swift`), kept: a rule
    /// not yet put to work asks for every event it sees.
    let triggers: [EventMatcher]
}
