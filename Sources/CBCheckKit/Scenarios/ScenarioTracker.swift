/// Follows every run through every scenario as its events arrive (O(scenarios) per event) and
/// names each run's scenario when it ends.
public final class ScenarioTracker {
    /// What a run was: the scenario it followed, or the closest one and where it departed.
    public struct Verdict: Sendable {
        public var run: Int
        public var scenario: String
        public var source: String
        public var matched: Bool
        /// For a run that followed none: why the closest one does not fit.
        public var departure: String?

        /// `launched-in-background (seed 000 §1)` or `none; closest: … (…), departs at line 42: …`.
        public var description: String {
            matched
                ? "\(scenario) (\(source))"
                : "none; closest: \(scenario) (\(source)), \(departure ?? "")"
        }
    }

    /// How far one run got through one scenario.
    private struct Progress {
        var next = 0
        var lastLine: Int?
        var departure: (line: Int, kind: String)?
        /// For each step, the line of the first event of it that came while an earlier step was
        /// still awaited (too early to count); empty until one came.
        var early: [Int?] = []

        func earlyLine(of step: Int) -> Int? { step < early.count ? early[step] : nil }
    }

    private let scenarios: [Scenario]
    /// Every scenario's steps, one after another (scenario `s`'s are at `stepRanges[s]`): their
    /// kinds as masks, and their conditions (`nil` for a step without one, which is then not
    /// called). Flat and read in place, so the walk copies no `Scenario` and no inner array per
    /// event (an array per scenario was retained and released at every step).
    private let stepMasks: [KindMask]
    private let stepConditions: [(@Sendable (Event) -> Bool)?]
    private let stepRanges: [Range<Int>]
    /// Each scenario's forbidden kinds, and whether they hold to the run's end.
    private let forbiddenMasks: [KindMask]
    private let forbiddenToRunEnd: [Bool]
    /// For each event kind (by `EventKind.index`), the scenarios that have a step for it or forbid
    /// it: an event of another kind cannot move a scenario's progress (a `task.progress` line
    /// concerns two of the nine, and most kinds none), so only these are walked.
    private let scenariosByKind: [[Int]]
    /// For each event kind, whether it is the trace builder's own (`EventKind.isSynthetic`), and
    /// the kinds that end a run, read once: a static is a lazily made global, checked at every read.
    private let isSynthetic: [Bool]
    private let runEnd = EventKind.runEnd
    private let logEnd = EventKind.logEnd
    /// The run of the latest event, with its progress: kept out of `others` while its events come
    /// (nearly always one after another), so an event neither hashes its run nor moves its
    /// progress out of a table and back.
    private var current: RunProgress?
    /// The progress of `current`'s run, held apart from it: stepped in place through one buffer
    /// per event, where reaching into the optional `current` checked the array was unshared at
    /// every scenario.
    private var currentStates: [Progress] = []
    /// The other runs still going that had an event.
    private var others: [Int: RunProgress] = [:]

    /// How far one run got through every scenario.
    private struct RunProgress {
        var run: Int
        var states: [Progress]
        /// Whether the run had an event of its own (the synthetic ones aside): only then has it a verdict.
        var sawEvents = false
    }

    public init(scenarios: [Scenario] = Scenario.catalog) {
        self.scenarios = scenarios
        let steps = scenarios.flatMap(\.steps)
        let stepMasks = steps.map { KindMask($0.kinds.compactMap(EventKind.init(named:))) }
        self.stepMasks = stepMasks
        stepConditions = steps.map { $0.isConditional ? $0.condition : nil }
        var start = 0
        let stepRanges = scenarios.map { scenario in
            defer { start += scenario.steps.count }
            return start..<start + scenario.steps.count
        }
        self.stepRanges = stepRanges
        let forbiddenMasks = scenarios.map { KindMask($0.forbidden.compactMap(EventKind.init(named:))) }
        self.forbiddenMasks = forbiddenMasks
        forbiddenToRunEnd = scenarios.map(\.forbiddenToRunEnd)
        let touched = zip(stepRanges, forbiddenMasks).map { range, forbidden in
            stepMasks[range].reduce(forbidden) { $0.union($1) }
        }
        scenariosByKind = EventKind.all.map { kind in touched.indices.filter { touched[$0].contains(kind) } }
        isSynthetic = EventKind.all.map(\.isSynthetic)
    }

    /// Feeds one trace event; at a run's end returns the run's verdict (`nil` for a run with no
    /// events of its own).
    public func add(_ event: Event) -> Verdict? {
        let run = event.run
        let kind = event.kind
        if kind == runEnd || kind == logEnd {
            guard let ended = take(run), ended.sawEvents else { return nil }
            return verdict(for: run, ended.states)
        }
        guard !isSynthetic[kind.index] else { return nil }
        if current?.run != run { makeCurrent(run) }
        current!.sawEvents = true
        let indices = scenariosByKind[kind.index]
        guard !indices.isEmpty else { return nil }
        currentStates.withUnsafeMutableBufferPointer { states in
            for index in indices where states[index].departure == nil { advance(&states[index], index, by: event) }
        }
        return nil
    }

    /// Puts `run`'s progress (a fresh one for a run not seen yet) in `current`, the previous
    /// current run's in `others`.
    private func makeCurrent(_ run: Int) {
        if var previous = current {
            previous.states = currentStates
            others[previous.run] = previous
        }
        var next =
            others.removeValue(forKey: run)
            ?? RunProgress(run: run, states: Array(repeating: Progress(), count: scenarios.count))
        currentStates = next.states
        next.states = []
        current = next
    }

    /// Removes and returns an ending run's progress, `nil` when it had no event.
    private func take(_ run: Int) -> RunProgress? {
        guard current?.run == run, var ended = current else { return others.removeValue(forKey: run) }
        ended.states = currentStates
        current = nil
        currentStates = []
        return ended
    }

    /// Steps one run's progress through one scenario, in place.
    private func advance(_ state: inout Progress, _ index: Int, by event: Event) {
        let first = stepRanges[index].lowerBound
        let count = stepRanges[index].count
        let done = state.next == count
        if state.next > 0, !done || forbiddenToRunEnd[index], forbiddenMasks[index].contains(event.kind) {
            state.departure = (event.line, event.kind.name)
            return
        }
        guard !done else { return }
        if takes(first + state.next, event) {
            state.next += 1
            state.lastLine = event.line
            return
        }
        // A later step came before the one the scenario waits for: remember where (the first time).
        for later in state.next + 1..<count where takes(first + later, event) {
            if state.early.isEmpty { state.early = Array(repeating: nil, count: count) }
            if state.early[later] == nil { state.early[later] = event.line }
            return
        }
    }

    /// Whether `event` is of step `step`'s kinds (counted over all scenarios) and meets its condition.
    @inline(__always)
    private func takes(_ step: Int, _ event: Event) -> Bool {
        guard stepMasks[step].contains(event.kind) else { return false }
        guard let condition = stepConditions[step] else { return true }
        return condition(event)
    }

    // MARK: - Private

    private func verdict(for run: Int, _ states: [Progress]) -> Verdict {
        let complete = states.indices.filter {
            states[$0].departure == nil && states[$0].next == scenarios[$0].steps.count
        }
        if let best = complete.max(by: { scenarios[$0].steps.count < scenarios[$1].steps.count }) {
            return Verdict(run: run, scenario: scenarios[best].name, source: scenarios[best].source, matched: true)
        }
        // Closest: the most steps followed; on a tie, one the run did not depart from; then catalog order.
        func closeness(_ index: Int) -> (Int, Int, Int) {
            (states[index].next, states[index].departure == nil ? 1 : 0, -index)
        }
        let closest = states.indices.max { closeness($0) < closeness($1) } ?? 0
        let state = states.isEmpty ? Progress() : states[closest]
        let scenario = scenarios[closest]
        let departure: String
        if let departed = state.departure {
            departure = "departs at line \(departed.line): \(departed.kind)"
        } else if let line = state.earlyLine(of: state.next) {
            let previous = state.next > 0 ? scenario.steps[state.next - 1].shown : "the run began"
            departure = "departs at line \(line): \(scenario.steps[state.next].shown) came before \(previous)"
        } else {
            let after = state.lastLine.map { " after line \($0)" } ?? ""
            departure = "departs\(after): no \(scenario.steps[state.next].shown)"
        }
        return Verdict(run: run, scenario: scenario.name, source: scenario.source, matched: false, departure: departure)
    }
}
