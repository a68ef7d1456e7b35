/// Keeps a slice tree's memory flat however many tasks a run has: a slice whose task completed
/// (or whose background task ended) stays whole while the next `capacity` such slices come, then,
/// if nothing is owed in it, is retired to a few bytes.
///
/// A retired slice keeps its monitors' states with the events they remember reduced to kinds
/// (`ClauseMonitor.State`); the distinct states are few (every download that ended well ends in
/// the same one), so they are stored once and a retired slice is a state number and a line. A
/// later event for a retired slice (a second didCompleteWithError long after the first) brings it
/// back in the same state, so every verdict is what it would have been; only the evidence names
/// the line where the slice was retired instead of the line of the event it remembers.
public final class SliceRetirement {
    /// What a retired slice keeps: its state, interned, and the line of its last event.
    struct Retired {
        let state: Int32
        let line: Int32
    }

    /// The monitors' states of every rule of a slice, and which rules already gave a finding.
    struct SliceState: Hashable {
        var decided: DecidedRules
        /// One per clause, in the order of the leaf's `monitors`.
        var monitors: [ClauseMonitor.State]
    }

    /// A completed slice waiting its turn, with where it hangs in the tree.
    struct Waiting {
        let parent: SliceTree.Node
        let key: String
        let leaf: SliceTree.Node
    }

    /// A retired slice, in the order of retirement, to forget the oldest (weakly: a run's slices
    /// go when it ends).
    struct Forgettable {
        weak var parent: SliceTree.Node?
        let key: String
    }

    /// How many slices are kept at each stage.
    public struct Limits: Sendable {
        /// Completed slices kept whole (about 3.5 KB each) before they may be retired.
        public var whole: Int
        /// Retired slices remembered (about 56 bytes each); older ones are forgotten.
        public var remembered: Int

        public init(whole: Int, remembered: Int) {
            self.whole = whole
            self.remembered = remembered
        }

        public static let standard = Limits(whole: 1024, remembered: 131_072)
    }

    let capacity: Int
    private(set) var retiredCount = 0
    private(set) var revivedCount = 0
    /// Retired slices dropped to keep memory flat: a later event naming one starts a new slice.
    private(set) var forgottenCount = 0
    /// The queue; a slot is emptied as it is taken, so a taken slice is not kept alive by it.
    private var waiting: [Waiting?] = []
    private var remembered: RecentWindow<Forgettable>
    private var head = 0
    private var states: [SliceState] = []
    private var stateNumbers: [SliceState: Int32] = [:]

    init(limits: Limits = .standard) {
        capacity = limits.whole
        remembered = RecentWindow(capacity: limits.remembered)
    }

    /// Queues a slice whose task ended; it is retired once `capacity` later slices ended too.
    func completed(_ leaf: SliceTree.Node, key: String, under parent: SliceTree.Node) {
        guard !leaf.isWaiting else { return }
        leaf.isWaiting = true
        waiting.append(Waiting(parent: parent, key: key, leaf: leaf))
    }

    /// Retires the oldest completed slices beyond `capacity`; one still owed an event (a `require`
    /// waiting, a violation held for confirmation) goes back to the end of the queue instead.
    func retireOverflow(isSettled: (SliceTree.Node) -> Bool) {
        var budget = waiting.count - head - capacity
        while budget > 0 {
            budget -= 1
            guard let next = waiting[head] else { break }
            waiting[head] = nil
            head += 1
            guard next.parent.children[next.key] === next.leaf else { continue }  // its run ended
            if isSettled(next.leaf) {
                retire(next)
            } else {
                waiting.append(next)
            }
        }
        if head > 4096, head * 2 > waiting.count {
            waiting.removeFirst(head)
            head = 0
        }
    }

    /// Forgets the queued slices of a run whose slices were dropped.
    func dropWaiting(where belongsToEndedRun: (SliceTree.Node) -> Bool) {
        waiting = waiting[head...].filter { $0.map { !belongsToEndedRun($0.leaf) } ?? false }
        head = 0
    }

    /// The state a retired slice is brought back in, or nil when `key` was never retired here.
    func revive(_ key: String, under parent: SliceTree.Node) -> (state: SliceState, line: Int)? {
        // Most parents never retired a slice: their empty table is not hashed into.
        guard !parent.retired.isEmpty, let retired = parent.retired.removeValue(forKey: key) else { return nil }
        revivedCount += 1
        return (states[Int(retired.state)], Int(retired.line))
    }

    // MARK: - Private

    private func retire(_ slice: Waiting) {
        let leaf = slice.leaf
        let state = SliceState(decided: leaf.decided, monitors: leaf.monitors.map(\.state))
        let number: Int32
        if let known = stateNumbers[state] {
            number = known
        } else {
            number = Int32(truncatingIfNeeded: states.count)
            states.append(state)
            stateNumbers[state] = number
        }
        let line = Int32(clamping: leaf.lastLine)
        slice.parent.setChild(nil, slice.key)
        slice.parent.retired[slice.key] = Retired(state: number, line: line)
        retiredCount += 1
        if let oldest = remembered.add(Forgettable(parent: slice.parent, key: slice.key)),
            oldest.parent?.retired.removeValue(forKey: oldest.key) != nil
        {
            forgottenCount += 1
        }
    }
}
