/// The monitors of every rule that slices by the same keys, kept in a tree by key value
/// (run → identifier → task …) so an event is routed to its slice, or broadcast to all slices
/// below the level whose key its kind does not carry.
///
/// A slice is created when an event that every key is known for first mentions it; it is then
/// brought up to date with the broadcast events its ancestors saw (the last of each kind), so
/// `after app.launch` works for an identifier first seen after the launch.
final class SliceTree {
    final class Node {
        var children: [String: Node] = [:]
        /// The monitors of each rule at a leaf: one `ClauseMonitor` per clause.
        var monitors: [[ClauseMonitor]] = []
        var decided: [Bool] = []
        var keyValues: [String] = []
        /// The last broadcast event of each kind delivered at this node, for late-created slices.
        var lastBroadcast: [EventKind: Event] = [:]
    }

    let keys: [SliceKey]
    let rules: [CompiledRule]
    /// The kinds each rule, and each of its clauses, looks at: an event of another kind leaves
    /// their monitors as they are, so they are not stepped at all.
    let ruleMasks: [KindMask]
    let clauseMasks: [[KindMask]]
    private let referenced: KindMask
    private var root = Node()

    init(keys: [SliceKey], rules: [CompiledRule]) {
        self.keys = keys
        self.rules = rules
        self.referenced = KindMask(rules.reduce(into: Set<EventKind>()) { $0.formUnion($1.referencedKinds) })
        ruleMasks = rules.map { KindMask($0.referencedKinds) }
        clauseMasks = rules.map { $0.clauses.map { KindMask($0.referencedKinds) } }
    }

    /// A tree with no rules that routes events of `kinds`: `cbcheck learn` mines the very slices
    /// the monitors would see (same routing, broadcast and replay), then checks what it mined.
    init(keys: [SliceKey], observing kinds: Set<EventKind>) {
        self.keys = keys
        self.rules = []
        self.referenced = KindMask(kinds)
        ruleMasks = []
        clauseMasks = []
    }

    /// Routes `event` to its slices and calls `visit` with every leaf it reaches (and, for a leaf
    /// it creates, first with each remembered broadcast event).
    func deliver(_ event: Event, _ visit: (Node, Event) -> Void) {
        let isBoundary = event.kind == .runEnd || event.kind == .logEnd
        guard isBoundary || referenced.contains(event.kind) else { return }
        var path: [Node] = []
        path.reserveCapacity(keys.count)
        deliver(event, at: root, level: 0, path: &path, visit)
    }

    /// Drops the slices of a finished run; they can receive nothing more.
    func retire(run: Int) {
        if keys.first == .run { root.children[String(run)] = nil }
    }

    /// Every leaf, for the end of the log.
    func forEachLeaf(_ visit: (Node) -> Void) {
        func walk(_ node: Node, _ level: Int) {
            if level == keys.count { return visit(node) }
            for key in node.children.keys.sorted() { walk(node.children[key]!, level + 1) }
        }
        walk(root, 0)
    }

    // MARK: - Private

    /// `path` holds the nodes above `node` while the event descends; it is restored on return.
    private func deliver(
        _ event: Event, at node: Node, level: Int, path: inout [Node], _ visit: (Node, Event) -> Void
    ) {
        if level == keys.count { return visit(node, event) }
        switch keys[level].value(of: event) {
        case .some(.some(let value)):
            path.append(node)
            defer { path.removeLast() }
            if let child = node.children[value] {
                return deliver(event, at: child, level: level + 1, path: &path, visit)
            }
            let child = Node()
            node.children[value] = child
            if level + 1 == keys.count {
                // A new slice: bring it up to date with what its ancestors broadcast before.
                child.keyValues = keys.indices.map { index in
                    if case .some(.some(let known)) = keys[index].value(of: event) { return known }
                    return "*"
                }
                child.monitors = rules.map { $0.clauses.map(ClauseMonitor.init) }
                child.decided = Array(repeating: false, count: rules.count)
                let replay = path.flatMap { $0.lastBroadcast.values }.sorted { $0.sequence < $1.sequence }
                for earlier in replay { visit(child, earlier) }
            }
            deliver(event, at: child, level: level + 1, path: &path, visit)
        case .some(.none):
            return  // the kind names this key but the log did not say it: unknown, skipped
        case .none:
            if event.kind != .runEnd, event.kind != .logEnd { node.lastBroadcast[event.kind] = event }
            path.append(node)
            defer { path.removeLast() }
            for key in node.children.keys.sorted() {
                deliver(event, at: node.children[key]!, level: level + 1, path: &path, visit)
            }
        }
    }

}
