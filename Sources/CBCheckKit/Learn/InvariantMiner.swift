/// Mines ordering invariants from the traces of logs known to be correct, as they stream.
///
/// Every trace event goes through one `SliceTree` per slicing, the same routing the rule engine
/// uses (events that do not carry a key broadcast to every slice below, late slices replayed the
/// last broadcast event of each kind), so what is mined is what a rule would see. A slice's
/// summary lives while its run does; at `run.end` or `log.end` it is folded into the tallies and
/// dropped. Memory grows with the event classes and the slices alive at once.
public final class InvariantMiner {
    /// Logs read so far.
    public private(set) var logs = 0
    private var file = ""
    private var trees: [(slicing: Slicing, tree: SliceTree)] = []
    /// The summaries of the open slices, by slicing and leaf.
    private var open: [Slicing: [ObjectIdentifier: SliceSummary]] = [:]
    /// By slicing, then task kind (`""` for every slice of the slicing).
    private var tallies: [Slicing: [String: InvariantTally]] = [:]
    /// The phrasings mined apart from their kinds (`learn --raw`: the user's own map's).
    private let rawPhrasings: Set<String>
    /// `--raw` only: the events of each kind, and of each (kind, phrasing) class, over all logs.
    private var eventsByKind: [EventKind: Int] = [:]
    private var eventsByPhrasing: [EventClass: Int] = [:]

    /// - Parameter rawPhrasings: phrasings (`EventMap.MapPattern.phrasing`) whose events are also
    ///   mined as a class of their own; empty mines the canonical classes only.
    public init(rawPhrasings: Set<String> = []) { self.rawPhrasings = rawPhrasings }

    /// Starts the next log: slices never span files.
    public func begin(file: String) {
        finishOpenSlices()
        self.file = file
        logs += 1
        let observed = Set(EventKind.all.filter { !$0.isSynthetic })
        trees = Slicing.allCases.map { ($0, SliceTree(keys: $0.keys, observing: observed)) }
    }

    /// Adds one trace event (from `TraceBuilder`, through `LogChecker`'s `onEvent`).
    public func add(_ event: Event) {
        if !rawPhrasings.isEmpty { count(event) }
        let isBoundary = event.kind == .runEnd || event.kind == .logEnd
        for (slicing, tree) in trees {
            if event.namesUnnamedSession { tree.nameUnnamedSession(by: event) }
            tree.deliver(event) { leaf, delivered in
                let id = ObjectIdentifier(leaf)
                if isBoundary && delivered.sequence == event.sequence {
                    if let summary = open[slicing]?.removeValue(forKey: id) { fold(summary, slicing) }
                } else {
                    open[slicing, default: [:]][id, default: SliceSummary(rawPhrasings: rawPhrasings)].add(delivered)
                }
            }
            if event.kind == .runEnd { tree.retire(run: event.run) }
        }
    }

    /// Every invariant that held in every slice of every log read, before pruning.
    public func invariants() -> [Invariant] {
        finishOpenSlices()
        return Slicing.allCases.flatMap { slicing in
            (tallies[slicing] ?? [:]).keys.sorted().flatMap { tallies[slicing]![$0]!.invariants() }
        }
    }

    /// The phrasing classes that recognized every event of their kind in the logs read: in every
    /// slice they are the kind itself, so what holds of them is stated over the kind.
    public func phrasingsAlikeTheirKind() -> Set<EventClass> {
        Set(eventsByPhrasing.filter { eventsByKind[$0.key.kind] == $0.value }.keys)
    }

    /// How many slices of a slicing (and task kind) were folded.
    public func slices(of slicing: Slicing, taskKind: String? = nil) -> Int {
        tallies[slicing]?[taskKind ?? ""]?.slices ?? 0
    }

    /// The slices alive now, over every slicing: what the miner's memory grows with.
    var openSlices: Int { open.values.reduce(0) { $0 + $1.count } }

    // MARK: - Private

    private func count(_ event: Event) {
        guard !event.kind.isSynthetic else { return }
        eventsByKind[event.kind, default: 0] += 1
        if let phrasing = event.phrasing, rawPhrasings.contains(phrasing) {
            eventsByPhrasing[EventClass(event.kind, phrasing: phrasing), default: 0] += 1
        }
    }

    private func fold(_ summary: SliceSummary, _ slicing: Slicing) {
        guard !summary.occurrences.isEmpty else { return }
        var groups = [""]
        if slicing == .task, let kind = summary.taskKind { groups.append(kind) }
        for group in groups {
            let tally =
                tallies[slicing]?[group]
                ?? InvariantTally(slicing: slicing, taskKind: group.isEmpty ? nil : group)
            tallies[slicing, default: [:]][group] = tally
            tally.fold(summary, file: file)
        }
    }

    /// Slices a log left open (none, when the trace builder ended every run) are folded as they are.
    private func finishOpenSlices() {
        for slicing in Slicing.allCases {
            let leftOver = open[slicing] ?? [:]
            for summary in leftOver.values.sorted(by: { $0.firstSequence < $1.firstSequence }) {
                fold(summary, slicing)
            }
        }
        open = [:]
    }
}
