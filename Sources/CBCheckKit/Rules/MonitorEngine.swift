import Diagnostics

/// Runs every compiled rule over a trace: one `SliceTree` per distinct slicing, one
/// `ClauseMonitor` per clause per slice, findings handed to a callback as soon as they are known.
public final class MonitorEngine {
    public typealias FindingSink = (Finding) -> Void

    private let file: String
    private let trees: [SliceTree]
    /// For each tree, whether it slices by run first (its slices end with their run).
    private let treesByRun: [Bool]
    /// For each event kind (by `EventKind.index`), the trees whose rules look at it, by index:
    /// a progress line concerns two of the five built-in slicings, and the others need no call.
    private let treesByKind: [[Int]]
    /// `EventKind.runEnd` and `.logEnd`, read once: a static is a lazily made global, checked on
    /// every read.
    private let runEnd = EventKind.runEnd
    private let logEnd = EventKind.logEnd
    private let sink: FindingSink
    private var runs: [Int: RunRecord] = [:]
    /// Whether an event of each kind (by index) has come: a `require X` still open when the log
    /// ends proves nothing about a log that never shows an X at all.
    private var seen = [Bool](repeating: false, count: EventKind.all.count)
    /// Rules whose pending finding was withheld so, with the reason.
    private var unprovable: [String: String] = [:]
    /// Findings of rules that `needs suspension`, by run, held until the run ends: a line that
    /// shows the run was under the debugger may come last (Xcode's "Message from debugger").
    private var heldForContext: [Int: [Finding]] = [:]
    /// The ids of the rules that need suspension (`RuleDescription.needsSuspension`).
    private let suspensionRules: [String]
    /// The run of the event being processed: the events delivered for it nearly always belong to
    /// it, so `step` need not look the run up for each slice it reaches.
    private var current: RunRecord?

    /// - Parameters:
    ///   - rules: the rules to run.
    ///   - file: the log's path, for finding locations.
    ///   - retention: how many completed task slices stay whole, and how many retired ones are
    ///     remembered (`SliceRetirement`).
    ///   - sink: receives each finding once, violations as they happen, pending ones at the end.
    public init(
        rules: [CompiledRule], file: String, retention: SliceRetirement.Limits = .standard,
        sink: @escaping FindingSink
    ) {
        self.file = file
        self.sink = sink
        suspensionRules = rules.filter(\.description.needsSuspension).map(\.description.id)
        // Grouped by a search of the few slicings so far, in order of first use: a dictionary by
        // `[SliceKey]` hashed each key's raw-value string (0.7 M instructions at every start).
        var groups: [(keys: [SliceKey], rules: [CompiledRule])] = []
        for rule in rules {
            if let index = groups.firstIndex(where: { $0.keys == rule.keys }) {
                groups[index].rules.append(rule)
            } else {
                groups.append((rule.keys, [rule]))
            }
        }
        trees = groups.map { SliceTree(keys: $0.keys, rules: $0.rules, retention: retention) }
        treesByRun = groups.map { $0.keys.first == .run }
        let trees = trees
        treesByKind = EventKind.all.map { kind in
            let isBoundary = kind == .runEnd || kind == .logEnd
            // `session.named` renames a slice of every tree that slices by session.
            let renames = kind == .sessionNamed
            return trees.indices.filter {
                isBoundary || trees[$0].looksAt(kind) || renames && trees[$0].keys.contains(.identifier)
            }
        }
    }

    /// How many completed slices were retired, brought back by a later event, or forgotten.
    public var retirements: (retired: Int, revived: Int, forgotten: Int) {
        trees.reduce(into: (0, 0, 0)) { sum, tree in
            sum.0 += tree.retirement.retiredCount
            sum.1 += tree.retirement.revivedCount
            sum.2 += tree.retirement.forgottenCount
        }
    }

    /// How many slices still owed an event were set aside unjudged past the open-task limit, and
    /// the first line where one was.
    public var setAsideUnjudged: (count: Int, firstLine: Int?) {
        let counts = trees.map(\.retirement.unjudgedCount).reduce(0, +)
        return (counts, trees.compactMap(\.retirement.firstUnjudgedLine).min())
    }

    /// Which rules had something to judge, and what each rule's slicing had to skip unbound.
    public var coverage: RuleCoverage {
        var coverage = RuleCoverage()
        coverage.unprovable = unprovable
        for tree in trees {
            for (index, rule) in tree.rules.enumerated() {
                if tree.engaged[index] { coverage.engaged.insert(rule.description.id) }
                let triggers = Set(rule.clauses.flatMap(\.triggers).flatMap(\.kinds))
                for kind in triggers where tree.unbound[kind.index] > 0 {
                    coverage.unbound[rule.description.id, default: [:]][kind.name] = tree.unbound[kind.index]
                }
            }
        }
        return coverage
    }

    /// Feeds one trace event (from `TraceBuilder`).
    public func process(_ event: Event, in run: RunRecord) {
        if current !== run {
            if runs[run.number] !== run { runs[run.number] = run }
            current = run
        }
        let kind = event.kind
        seen[kind.index] = true
        run.kindsSeen.insert(kind)
        let isBoundary = kind == runEnd || kind == logEnd
        // Every tree keyed by session renames the run's unnamed slice, whether or not its rules
        // look at the naming line's kind: a handleEvents scope opened by a line naming no session
        // stayed unnamed in CB102's tree when a saved-handler line named the session, and the
        // handler's call, in the named slice, never reached it (a false "never called").
        if event.namesUnnamedSession {
            for tree in trees { tree.nameUnnamedSession(by: event) }
        }
        for index in treesByKind[kind.index] {
            let tree = trees[index]
            let byRun = treesByRun[index]
            // A run's end closes only slices that belong to one run; the others end with the log.
            if kind == logEnd && !byRun { continue }
            // The event itself (not a replayed earlier one) ends the slices it reaches; the closure
            // keeps its sequence number rather than the event.
            let ending = byRun && isBoundary ? event.sequence : -1
            tree.deliver(event) { leaf, delivered in step(leaf, tree, delivered, isEnd: delivered.sequence == ending) }
            if kind == runEnd { tree.retire(run: run.number) }
        }
        if isBoundary { releaseHeld(of: run) }
        if kind == runEnd {
            runs[run.number] = nil
            if current === run { current = nil }
        }
    }

    /// Hands on the findings held for `run`, ended, unless it ran where suspension cannot be
    /// proven: then its findings are withheld, and every rule that needs suspension is said not
    /// provable, with the line that shows why (passing there proves no more than failing).
    private func releaseHeld(of run: RunRecord) {
        let held = heldForContext.removeValue(forKey: run.number) ?? []
        guard let (context, line) = run.context.first else {
            held.forEach(sink)
            return
        }
        for id in suspensionRules where unprovable[id] == nil {
            unprovable[id] = context.reason(run: run.number, line: line)
        }
    }

    /// Ends the trace: slices not keyed by run see the end of the log now.
    public func finish(lastLine: Int) {
        let end = Event(kind: .logEnd, line: lastLine, text: "the log ends here")
        for tree in trees where tree.keys.first != .run {
            tree.forEachLeaf { leaf in step(leaf, tree, end, isEnd: true) }
        }
    }

    // MARK: - Private

    private func step(_ leaf: SliceTree.Node, _ tree: SliceTree, _ event: Event, isEnd: Bool) {
        let run = event.run == current?.number ? current : runs[event.run]
        let visited = isEnd ? tree.allClauses : tree.clausesByKind[event.kind.index]
        // The leaf's monitors are one buffer (see `SliceTree.Node.monitors`), stepped in place.
        let monitors = leaf.monitors
        let mayEngage = !isEnd && tree.engagingKinds.contains(event.kind)
        // Rule by rule, clause by clause; a rule's first finding decides it, so its later
        // clauses are passed over.
        for (ruleIndex, index) in visited where !leaf.decided.contains(ruleIndex) {
            let outcome = isEnd ? monitors[index].finish(at: event) : monitors[index].step(event, run: run)
            if mayEngage, !tree.engaged[ruleIndex], monitors[index].isEngaged(after: event, run: run) {
                tree.markEngaged(ruleIndex)
            }
            guard let outcome else { continue }
            let clause = monitors[index].clause
            if let unless = clause.unless, unless.evaluate(outcome.at, run: run) == true { continue }
            let verdict: Finding.Verdict = event.kind == logEnd ? .pending : .violated
            let rule = tree.rules[ruleIndex]
            if verdict == .pending, let owed = clause.owed, !owed.kinds.contains(where: { logsFamily(of: $0) }) {
                unprovable[rule.description.id] =
                    "the log never shows \(owed.shown) or its like, so none by its end proves nothing"
                continue
            }
            leaf.decided.insert(ruleIndex)
            tree.markEngaged(ruleIndex)
            let made = finding(rule, tree, leaf, outcome, verdict)
            if rule.description.needsSuspension, let run = run ?? runs[outcome.at.run] {
                heldForContext[run.number, default: []].append(made)
            } else {
                sink(made)
            }
        }
    }

    /// Whether the log shows an event of `kind`'s family (`app.handler.*`, `task.*`, `bgtask.*`,
    /// the app's own `session.*`): an app that logs saving the handler would log calling it too, so
    /// its absence at the log's end is pending; one that logs neither may simply not log it.
    private func logsFamily(of kind: EventKind) -> Bool {
        familyOf[kind.index].contains { seen[$0] }
    }

    private let familyOf: [[Int]] = EventKind.all.map { kind in
        let name = kind.name
        guard let dot = name.lastIndex(of: ".") else { return [kind.index] }
        let prefix = name[...dot]
        // Delegate callbacks say nothing of whether the app logs what it does itself.
        let callbacks: Set<String> = ["session.finishEvents", "session.invalid"]
        return EventKind.all.filter { $0.name.hasPrefix(prefix) && !callbacks.contains($0.name) }.map(\.index)
    }

    private func finding(
        _ rule: CompiledRule, _ tree: SliceTree, _ leaf: SliceTree.Node, _ outcome: ClauseMonitor.Outcome,
        _ verdict: Finding.Verdict
    ) -> Finding {
        let slice = zip(tree.keys, leaf.keyValues).map { "\($0.rawValue) \($1)" }.joined(separator: ", ")
        var seenLines = Set<Int>()
        let evidence = outcome.evidence.compactMap { event, role -> Finding.Evidence? in
            guard seenLines.insert(event.sequence).inserted else { return nil }
            return Finding.Evidence(line: event.line, kind: event.kind.name, role: role, text: event.text)
        }
        let description = rule.description
        return Finding(
            ruleID: description.id, ruleName: description.name, severity: description.severity, verdict: verdict,
            summary: description.summary,
            location: SourceLocation(file: file, line: outcome.at.line, column: outcome.at.column),
            detail: outcome.detail, evidence: evidence, slice: slice,
            sliceKeys: zip(tree.keys, leaf.keyValues).map { (key: $0, value: $1) }, run: outcome.at.run)
    }
}
