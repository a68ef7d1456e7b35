/// The monitors of every rule that slices by the same keys, kept in a tree by key value
/// (run → identifier → task …) so an event is routed to its slice, or broadcast to all slices
/// below the level whose key its kind does not carry.
///
/// A slice is created when an event that every key is known for first mentions it; it is then
/// brought up to date with the broadcast events its ancestors saw (the last of each kind), so
/// `after app.launch` works for an identifier first seen after the launch.
final class SliceTree {
    final class Node {
        private(set) var children: [String: Node] = [:]
        /// `children` in the order of their key values, which a broadcast event and the end of the
        /// log walk: sorted when first asked after a child came or went, then kept. Sorting at
        /// every broadcast cost more than the walk; keeping the order at every change shifted the
        /// array per new or retired slice, quadratic in a run's open tasks (100 000 tasks started,
        /// then completed: 1.7 → 3.5 s).
        var orderedChildren: [(key: String, node: Node)] {
            if let orderedCache { return orderedCache }
            let ordered = children.sorted { $0.key < $1.key }.map { (key: $0.key, node: $0.value) }
            orderedCache = ordered
            return ordered
        }
        private var orderedCache: [(key: String, node: Node)]?
        /// The child looked up last, with its key: events come in stretches of one run, one session
        /// and one task, so most look-ups ask for it again and need no hashing.
        private var recentKey: String?
        private var recentChild: Node?
        /// The monitors at a leaf: one `ClauseMonitor` per clause, rule after rule (rule `r`'s are
        /// at `SliceTree.clauseRanges[r]`), in one allocation made by `makeMonitors` and freed with
        /// the node. Not an array: its storage asked malloc for its usable size when made, and was
        /// destroyed through the runtime's unspecialized array destroy, a value-witness call per
        /// monitor (1 811 slices, 23 600 monitors on the bench log).
        private(set) var monitors = UnsafeMutableBufferPointer<ClauseMonitor>(start: nil, count: 0)
        var decided = DecidedRules()
        /// A leaf's value of each key of the tree (run, then identifier …), made by
        /// `makeKeyValues` and freed with the node, as `monitors` and for the same reasons.
        private(set) var keyValues = UnsafeMutableBufferPointer<String>(start: nil, count: 0)
        /// The last broadcast event of each kind delivered at this node, for late-created slices.
        var lastBroadcast: [EventKind: Event] = [:]
        /// Above the leaves: the slices retired from `children`, by key value.
        var retired: [String: SliceRetirement.Retired] = [:]
        /// A leaf's last line, and whether it waits to be retired.
        var lastLine = 0
        var isWaiting = false

        deinit {
            Self.free(monitors)
            Self.free(keyValues)
        }

        /// Frees a retired leaf's monitors and key values at once: a queue may still hold the
        /// node until its turn comes, and only the small node itself should stay that long.
        func releaseState() {
            Self.free(monitors)
            Self.free(keyValues)
            monitors = UnsafeMutableBufferPointer(start: nil, count: 0)
            keyValues = UnsafeMutableBufferPointer(start: nil, count: 0)
            lastBroadcast = [:]
        }

        /// Gives a new leaf its `count` monitors, `monitor(i)` the i-th; once per leaf.
        func makeMonitors(count: Int, _ monitor: (Int) -> ClauseMonitor) {
            precondition(monitors.baseAddress == nil, "a leaf's monitors are made once")
            monitors = Self.buffer(count: count, monitor)
        }

        /// Gives a new leaf its `count` key values, `value(i)` the i-th; once per leaf.
        func makeKeyValues(count: Int, _ value: (Int) -> String) {
            precondition(keyValues.baseAddress == nil, "a leaf's key values are made once")
            keyValues = Self.buffer(count: count, value)
        }

        private static func buffer<Element>(
            count: Int, _ element: (Int) -> Element
        )
            -> UnsafeMutableBufferPointer<Element>
        {
            let base = UnsafeMutablePointer<Element>.allocate(capacity: count)
            for index in 0..<count { (base + index).initialize(to: element(index)) }
            return UnsafeMutableBufferPointer(start: base, count: count)
        }

        private static func free<Element>(_ buffer: UnsafeMutableBufferPointer<Element>) {
            guard let base = buffer.baseAddress else { return }
            base.deinitialize(count: buffer.count)
            base.deallocate()
        }

        /// Gives a leaf's key at `index` a new value (its session, once a line named it).
        func renameKey(at index: Int, to value: String) { keyValues[index] = value }

        func child(_ key: String) -> Node? {
            if let recentChild, recentKey == key { return recentChild }
            guard let found = children[key] else { return nil }
            recentKey = key
            recentChild = found
            return found
        }

        /// Adds, replaces or (with `nil`) removes the child under `key`.
        func setChild(_ child: Node?, _ key: String) {
            // Room for a run's usual tasks at the first child: grown from empty, the table was
            // rehashed six times per run. Only nodes above the leaves get children.
            if children.isEmpty, child != nil { children.reserveCapacity(RunRecord.expectedTasks) }
            if let child {
                if children.updateValue(child, forKey: key) !== child { orderedCache = nil }
            } else if children.removeValue(forKey: key) != nil {
                orderedCache = nil
            }
            recentKey = child == nil ? nil : key
            recentChild = child
        }
    }

    let keys: [SliceKey]
    let rules: [CompiledRule]
    /// Where each rule's clauses are in a leaf's `monitors`.
    let clauseRanges: [Range<Int>]
    /// Every rule's clauses, in that order.
    private let clauses: [Clause]
    /// Every clause with its rule, in that order (what the end of a slice judges), and for each
    /// event kind (by `EventKind.index`) only the clauses that look at it: a step visits those.
    let allClauses: [(rule: Int, clause: Int)]
    let clausesByKind: [[(rule: Int, clause: Int)]]
    private let referenced: KindMask
    private(set) var root = Node()
    /// The event after which a leaf's key is used no more (`task.complete` for `task`), if any.
    private let lastKind: EventKind?
    let retirement: SliceRetirement
    /// Whether each rule (by index in `rules`) has had something to judge in some slice
    /// (`ClauseMonitor.isEngaged(after:run:)`); a rule with a finding has.
    private(set) var engaged: [Bool]
    /// The kinds that could still put a rule of the tree to work: a step asks whether it did only
    /// for events of these, so a rule that is never put to work costs a bit test per event.
    private(set) var engagingKinds = KindMask()
    /// For each event kind (by index), how many events the tree skipped because a key their kind
    /// carries was unknown.
    private(set) var unbound: [Int]

    init(keys: [SliceKey], rules: [CompiledRule], retention: SliceRetirement.Limits = .standard) {
        self.keys = keys
        retirement = SliceRetirement(limits: retention, rules: rules.count)
        self.rules = rules
        self.referenced = KindMask(rules.reduce(into: Set<EventKind>()) { $0.formUnion($1.referencedKinds) })
        let clauses = rules.flatMap(\.clauses)
        self.clauses = clauses
        var start = 0
        let ranges = rules.map { rule in
            defer { start += rule.clauses.count }
            return start..<start + rule.clauses.count
        }
        clauseRanges = ranges
        let all = ranges.indices.flatMap { rule in ranges[rule].map { (rule: rule, clause: $0) } }
        allClauses = all
        // An event of a kind a clause does not look at leaves its monitor as it is.
        let ruleMasks = rules.map { KindMask($0.referencedKinds) }
        let clauseMasks = clauses.map { KindMask($0.referencedKinds) }
        clausesByKind = EventKind.all.map { kind in
            all.filter { ruleMasks[$0.rule].contains(kind) && clauseMasks[$0.clause].contains(kind) }
        }
        lastKind = keys.last?.lastKind
        engaged = Array(repeating: false, count: rules.count)
        unbound = Array(repeating: 0, count: EventKind.all.count)
        engagingKinds = kindsEngaging(rules.indices)
    }

    /// Notes that rule `index` has been put to work, and which kinds may still put others to work.
    func markEngaged(_ index: Int) {
        guard !engaged[index] else { return }
        engaged[index] = true
        engagingKinds = kindsEngaging(rules.indices.filter { !engaged[$0] })
    }

    /// The kinds that put some of the rules `indices` to work.
    private func kindsEngaging(_ indices: some Sequence<Int>) -> KindMask {
        KindMask(indices.flatMap { rules[$0].clauses.flatMap { $0.triggers.flatMap(\.kinds) } })
    }

    /// A tree with no rules that routes events of `kinds`: `cbcheck learn` mines the very slices
    /// the monitors would see (same routing, broadcast and replay), then checks what it mined.
    init(keys: [SliceKey], observing kinds: Set<EventKind>) {
        self.keys = keys
        self.rules = []
        self.referenced = KindMask(kinds)
        clauseRanges = []
        clauses = []
        allClauses = []
        clausesByKind = []
        lastKind = nil  // the miner keeps its own state per leaf: leaves are never set aside
        retirement = SliceRetirement()
        engaged = []
        unbound = Array(repeating: 0, count: EventKind.all.count)
    }

    /// Whether a rule of the tree looks at events of `kind` (`deliver` passes the others over).
    func looksAt(_ kind: EventKind) -> Bool { referenced.contains(kind) }

    /// Routes `event` to its slices and calls `visit` with every leaf it reaches (and, for a leaf
    /// it creates, first with each remembered broadcast event). A line that names the run's
    /// unnamed session is for the caller to pass to `nameUnnamedSession(by:)` first, in every
    /// tree, whether or not this one looks at its kind.
    func deliver(_ event: Event, _ visit: (Node, Event) -> Void) {
        let isBoundary = event.kind == .runEnd || event.kind == .logEnd
        guard isBoundary || referenced.contains(event.kind) else { return }
        deliver(event, at: root, level: 0, visit)
        if event.kind == lastKind { retirement.retireOverflow(isSettled: isSettled) }
    }

    /// Drops the slices of a finished run; they can receive nothing more.
    func retire(run: Int) {
        guard keys.first == .run else { return }
        let key = String(run)
        root.setChild(nil, key)
        // A leaf with no key values was retired already (`releaseState`): nothing to wait for.
        retirement.dropWaiting { $0.keyValues.isEmpty || $0.keyValues.first == key }
    }

    /// Every leaf, for the end of the log.
    func forEachLeaf(_ visit: (Node) -> Void) {
        func walk(_ node: Node, _ level: Int) {
            if level == keys.count { return visit(node) }
            for child in node.orderedChildren { walk(child.node, level + 1) }
        }
        walk(root, 0)
    }

    // MARK: - Private

    /// The broadcast events remembered above a leaf since line `since`, in the order they came:
    /// the nodes above it are found again by its key values, root first (keeping the path while
    /// every event descends cost an array per event, and only a new slice needs it), their events
    /// gathered in one array without an array of the nodes.
    private func broadcasts(above leaf: Node, since: Int) -> [Event] {
        var replay: [Event] = []
        var node = root
        var level = 0
        while true {
            for event in node.lastBroadcast.values where event.line > since { replay.append(event) }
            guard level + 1 < keys.count, let next = node.child(leaf.keyValues[level]) else { break }
            node = next
            level += 1
        }
        if replay.count > 1 { replay.sort { $0.sequence < $1.sequence } }
        return replay
    }

    /// A new slice: brought back in its retired state if it was retired, else fresh; then brought
    /// up to date with what its ancestors broadcast before (since its retirement, if it was).
    ///
    /// Inlined into the walk: called out of line, it made the walk retain the event and its
    /// visitor twice on every entry (1.4 M instructions on the bench log).
    @inline(__always)
    private func startSlice(
        _ leaf: Node, key: String, under parent: Node, for event: Event, _ visit: (Node, Event) -> Void
    ) {
        leaf.makeKeyValues(count: keys.count) { index in
            if case .some(.some(let known)) = keys[index].value(of: event) { return known }
            return "*"
        }
        var since = Int.min
        if let revived = retirement.revive(key, under: parent) {
            since = revived.line
            let standIn = { (kind: EventKind) in
                Event(
                    kind: kind, line: revived.line,
                    text: "\(kind) of this slice, before line \(revived.line) (where its slice was set aside)")
            }
            leaf.makeMonitors(count: clauses.count) {
                ClauseMonitor(clause: clauses[$0], restoring: revived.state.monitors[$0], standIn: standIn)
            }
            leaf.decided = revived.state.decided
        } else {
            // Made fresh, one allocation (`decided` starts empty): a copy of a shared template was
            // copied again, element by element through the value witness, at the slice's first step.
            leaf.makeMonitors(count: clauses.count) { ClauseMonitor(clause: clauses[$0]) }
        }
        for earlier in broadcasts(above: leaf, since: since) { visit(leaf, earlier) }
    }

    /// Whether every rule of `leaf` has decided or is owed nothing: the leaf may be retired.
    private func isSettled(_ leaf: Node) -> Bool {
        clauseRanges.indices.allSatisfy { rule in
            leaf.decided.contains(rule) || leaf.monitors[clauseRanges[rule]].allSatisfy(\.isSettled)
        }
    }

    /// Walks down from `start` along the event's key values (a loop: nearly every event names
    /// every key), fanning out only at a level whose key its kind does not carry.
    private func deliver(
        _ event: Event, at start: Node, level startLevel: Int, _ visit: (Node, Event) -> Void
    ) {
        var node = start
        var level = startLevel
        while level < keys.count {
            switch keys[level].value(of: event) {
            case .some(.some(let value)):
                let isLeaf = level + 1 == keys.count
                let child: Node
                if let existing = node.child(value) {
                    child = existing
                } else {
                    child = Node()
                    node.setChild(child, value)
                    if isLeaf {
                        startSlice(child, key: value, under: node, for: event, visit)
                        if lastKind != nil {
                            retirement.made(child, key: value, under: node)
                            retirement.retireOpenOverflow(isSettled: isSettled, line: event.line)
                        }
                    }
                }
                guard isLeaf else {
                    node = child
                    level += 1
                    continue
                }
                child.lastLine = event.line
                visit(child, event)
                if event.kind == lastKind { retirement.completed(child, key: value, under: node) }
                return
            case .some(.none):
                // The kind names this key but the log did not say it and nothing could tell:
                // unknown, skipped, and counted for the rules that could not be checked.
                unbound[event.kind.index] += 1
                return
            case .none:
                if event.kind != .runEnd, event.kind != .logEnd { node.lastBroadcast[event.kind] = event }
                for child in node.orderedChildren { deliver(event, at: child.node, level: level + 1, visit) }
                return
            }
        }
        node.lastLine = event.line  // a slicing with no key, or a broadcast reaching the leaves
        visit(node, event)
    }

}
