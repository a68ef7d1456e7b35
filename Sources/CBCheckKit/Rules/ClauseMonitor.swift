/// The automaton one clause runs for one slice: whether its scope is open, what it has seen since,
/// and the verdict once it has one. Each step is O(1).
struct ClauseMonitor {
    let clause: Clause
    private var isOpen: Bool
    private var opener: Event?
    /// `forbid … before/after Y`: the Y seen in the scope.
    private var marker: Event?
    /// `require X …`: the X seen in the scope.
    private var seen: Event?
    private var count = 0
    /// `given A`: the first A of the slice.
    private var trigger: Event?
    /// `between A and B`: a violation waiting for B to confirm the scope.
    private var held: Outcome?

    /// What a step concluded: a finding's line, sentence and evidence.
    struct Outcome {
        var at: Event
        var detail: String
        var evidence: [(Event, String)]
    }

    init(clause: Clause) {
        self.clause = clause
        // The plain scope case: switching on `clause.scope` copied its matchers out.
        switch clause.parts.scope {
        case .always, .given: isOpen = true
        case .after, .between: isOpen = false
        }
    }

    /// Feeds one event; returns a violation if this event shows one.
    mutating func step(_ event: Event, run: RunRecord?) -> Outcome? {
        let parts = clause.parts
        var outcome: Outcome?
        if isOpen { outcome = feedPattern(event, run, parts) }
        if let found = outcome, parts.scope == .between {
            if held == nil { held = found }
            outcome = nil
        }
        switch parts.scope {
        case .always:
            break
        case .given:
            if self.trigger == nil, parts.opens!.matches(event, run: run) { self.trigger = event }
            // What the pattern found counts only once the trigger has come (before or after it).
            if self.trigger == nil, let found = outcome {
                if held == nil { held = found }
                outcome = nil
            } else if self.trigger != nil, outcome == nil, let waiting = held {
                outcome = waiting
                held = nil
            }
        case .after:
            if isOpen, let close = parts.closes, close.matches(event, run: run) {
                outcome = outcome ?? closeScope(by: event)
            }
            if parts.opens!.matches(event, run: run) {
                let stillWaiting = isOpen && parts.pooled && seen == nil
                if !stillWaiting {
                    if isOpen { outcome = outcome ?? closeScope(by: event, reachedItsEnd: false) }
                    reopen(at: event)
                }
            }
        case .between:
            if isOpen, parts.closes!.matches(event, run: run) {
                outcome = outcome ?? held ?? closeScope(by: event)
                isOpen = false
                held = nil
            }
            if !isOpen, parts.opens!.matches(event, run: run) { reopen(at: event) }
        }
        return outcome
    }

    /// Whether the clause has had something to judge in this slice, asked right after a step: its
    /// scope has opened (the step already tested the opener), or for a whole-slice clause the
    /// event is one of its pattern's with a condition that could be decided (`Clause.decides`).
    func isEngaged(after event: Event, run: RunRecord?) -> Bool {
        switch clause.parts.scope {
        case .after, .between: return opener != nil
        case .given: return trigger != nil
        case .always: return clause.decides(event, run: run)
        }
    }

    /// The slice ended (`run.end` or `log.end`): obligations still open become an outcome.
    ///
    /// `mutating` though it changes nothing: called on a slice's monitor in its array, a
    /// non-mutating call copied the whole monitor out (a retain per event it holds) and destroyed
    /// the copy; a mutating one works on the element in place.
    mutating func finish(at end: Event) -> Outcome? {
        // Only a `require` or a count owes anything at the end: the others (most clauses) are
        // passed over before `clause.scope` and `clause.rule` are taken apart.
        let parts = clause.parts
        guard parts.rule == .require || parts.rule == .count else { return nil }
        switch clause.scope {
        case .between:
            return nil  // the scope never closed: nothing inside it counts
        case .given:
            guard let trigger else { return nil }
            return obligationOutcome(opener: trigger, end: end)
        case .always, .after:
            guard isOpen else { return nil }
            return obligationOutcome(opener: opener, end: end)
        }
    }

    /// Whether nothing is owed or waiting: the slice ending now would conclude nothing, and no
    /// violation is held back for a later event to confirm. Only then may a slice be retired.
    var isSettled: Bool {
        guard held == nil else { return false }
        switch clause.scope {
        case .between: return true
        case .given: return trigger == nil || !owesAnEvent
        case .always, .after: return !isOpen || !owesAnEvent
        }
    }

    /// Whether the pattern still waits for an event: a `require X` with no X yet, or fewer than
    /// `at least N` so far.
    private var owesAnEvent: Bool {
        switch clause.rule {
        case .require(_, let before, _): return before == nil && seen == nil
        case .count(_, let atLeast?, _): return count < atLeast
        default: return false
        }
    }

    /// A settled monitor's state with its remembered events reduced to their kinds: what a retired
    /// slice keeps (see `SliceRetirement`). Equal states behave alike for every later event.
    struct State: Hashable {
        var isOpen: Bool
        var count: Int
        var opener: EventKind?
        var marker: EventKind?
        var seen: EventKind?
        var trigger: EventKind?
    }

    var state: State {
        State(
            isOpen: isOpen, count: count, opener: opener?.kind, marker: marker?.kind, seen: seen?.kind,
            trigger: trigger?.kind)
    }

    /// A monitor brought back from a retired state; `standIn` makes the event that stands for a
    /// remembered one (its kind, and the line where the slice was retired).
    init(clause: Clause, restoring state: State, standIn: (EventKind) -> Event) {
        self.clause = clause
        isOpen = state.isOpen
        count = state.count
        opener = state.opener.map(standIn)
        marker = state.marker.map(standIn)
        seen = state.seen.map(standIn)
        trigger = state.trigger.map(standIn)
    }

    // MARK: - Private

    private mutating func reopen(at event: Event) {
        isOpen = true
        opener = event
        marker = nil
        seen = nil
        count = 0
        held = nil
    }

    /// Settles the open scope. `reachedItsEnd` is false when a new opener cut it short: a duration
    /// is then unknown (the app may not log its ends), so it is not judged.
    private mutating func closeScope(by event: Event, reachedItsEnd: Bool = true) -> Outcome? {
        isOpen = false
        if case .duration(let limit) = clause.rule {
            guard reachedItsEnd else { return nil }
            guard let opener, let start = opener.time, let end = event.time else { return nil }
            let seconds = start.seconds(until: end)
            guard seconds > limit else { return nil }
            return Outcome(
                at: event,
                detail: "\(opener.kind) to \(event.kind) took \(Self.format(seconds)), more than \(Self.format(limit))",
                evidence: [(opener, "began here"), (event, "ended here")])
        }
        return obligationOutcome(opener: opener, end: event)
    }

    private mutating func feedPattern(_ event: Event, _ run: RunRecord?, _ parts: Clause.Parts) -> Outcome? {
        switch parts.rule {
        case .forbid:
            let x = parts.subject!
            if let before = parts.before {
                if before.matches(event, run: run) { marker = event }
                guard marker == nil, x.matches(event, run: run) else { return nil }
                return Outcome(
                    at: event, detail: "\(event.kind) came before \(before.matcher.shown)",
                    evidence: context(event, "here, with no \(before.matcher.shown) before it"))
            }
            if let after = parts.after {
                defer { if after.matches(event, run: run) { marker = event } }
                guard let marker, x.matches(event, run: run) else { return nil }
                return Outcome(
                    at: event, detail: "\(event.kind) came after \(marker.kind) (line \(marker.line))",
                    evidence: context(event, "here") + [(marker, "after this")])
            }
            guard x.matches(event, run: run) else { return nil }
            return Outcome(
                at: event, detail: "\(x.matcher.shown(event)) is not allowed", evidence: context(event, "here"))
        case .require:
            let x = parts.subject!
            if x.matches(event, run: run) {
                if seen == nil { seen = event }
                if let within = parts.withinSeconds, let late = lateness(of: event, limit: within) {
                    return Outcome(
                        at: event,
                        detail: "\(event.kind) came \(late), more than \(Self.format(within)) after the scope opened",
                        evidence: context(event, "here"))
                }
            }
            if let before = parts.before, seen == nil, before.matches(event, run: run) {
                return Outcome(
                    at: event, detail: "\(event.kind) came without \(x.matcher.shown) before it",
                    evidence: context(event, "here, with no \(x.matcher.shown) before it"))
            }
            return nil
        case .duration:
            return nil
        case .count:
            let x = parts.subject!
            guard x.matches(event, run: run) else { return nil }
            count += 1
            if let atMost = parts.atMost, count > atMost {
                return Outcome(
                    at: event, detail: "\(event.kind) occurred \(count) times, more than \(atMost)",
                    evidence: context(event, "occurrence \(count)"))
            }
            return nil
        }
    }

    /// What is still owed when the scope closes at `end`.
    private func obligationOutcome(opener: Event?, end: Event) -> Outcome? {
        let anchor = opener ?? end
        switch clause.rule {
        case .require(let x, let before, _) where before == nil && seen == nil:
            var detail = "no \(x.shown) followed \(anchor.kind)"
            if case .given = clause.scope { detail = "\(anchor.kind) came, but no \(x.shown) in this slice" }
            return Outcome(
                at: anchor, detail: detail,
                evidence: [(anchor, "scope opened here"), (end, Self.endRole(end))])
        case .count(let x, let atLeast?, _) where count < atLeast:
            return Outcome(
                at: anchor, detail: "\(x.shown) occurred \(count) times, fewer than \(atLeast)",
                evidence: [(anchor, "scope opened here"), (end, Self.endRole(end))])
        default:
            return nil
        }
    }

    private func context(_ event: Event, _ role: String) -> [(Event, String)] {
        var evidence: [(Event, String)] = []
        if let opener, opener.sequence != event.sequence { evidence.append((opener, "scope opened here")) }
        evidence.append((event, role))
        return evidence
    }

    private func lateness(of event: Event, limit: Double) -> String? {
        guard let start = opener?.time, let time = event.time else { return nil }
        let seconds = start.seconds(until: time)
        return seconds > limit ? Self.format(seconds) : nil
    }

    private static func format(_ seconds: Double) -> String {
        let rounded = (seconds * 1000).rounded() / 1000
        return "\(rounded)s"
    }

    private static func endRole(_ end: Event) -> String {
        end.kind == .logEnd ? "the log ended here, the run still going" : "the scope closed here (\(end.text))"
    }
}
