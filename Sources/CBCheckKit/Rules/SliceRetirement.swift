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

    /// A slice waiting its turn, with where it hangs in the tree. A slice retired from the other
    /// queue stays here until its turn, its monitors freed at retirement (`releaseState`): held
    /// whole, the queue of slices made kept 10,000 retired ones, 27 MB. (Held weakly instead, the
    /// side tables cost 3 % of the bench log's instructions.)
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
        /// Slices made kept whole, newest first (`--max-open-tasks`): beyond them the oldest is
        /// retired when it is owed nothing, and set aside unjudged when it is still owed an event,
        /// so open work has a ceiling: 200,000 downloads that never complete took 430 MB.
        public var open: Int

        public init(whole: Int, remembered: Int, open: Int = 16_384) {
            self.whole = whole
            self.remembered = remembered
            self.open = open
        }

        public static let standard = Limits(whole: 1024, remembered: 131_072)
    }

    let capacity: Int
    let openCapacity: Int
    private(set) var retiredCount = 0
    private(set) var revivedCount = 0
    /// Retired slices dropped to keep memory flat: a later event naming one starts a new slice.
    private(set) var forgottenCount = 0
    /// Slices still owed an event set aside past `openCapacity`: their rules give no verdict, and
    /// a later event naming one brings it back with every rule decided (a task's completion long
    /// after is then not taken for a task seen for the first time).
    private(set) var unjudgedCount = 0
    /// The line of the event that set the first of them aside.
    private(set) var firstUnjudgedLine: Int?
    /// The queues of completed and of open slices; a slot is emptied as it is taken, so a taken
    /// slice is not kept alive by it.
    private var waiting = Queue()
    private var opened = Queue()
    private var remembered: RecentWindow<Forgettable>
    private var states: [SliceState] = []
    private var stateNumbers: [SliceState: Int32] = [:]

    /// Every rule of the tree decided: the state a slice set aside unjudged comes back in.
    private let allDecided: DecidedRules

    init(limits: Limits = .standard, rules: Int = 0) {
        allDecided = (0..<rules).reduce(into: DecidedRules()) { $0.insert($1) }
        capacity = limits.whole
        openCapacity = limits.open
        remembered = RecentWindow(capacity: limits.remembered)
    }

    /// Queues a slice whose task ended; it is retired once `capacity` later slices ended too.
    func completed(_ leaf: SliceTree.Node, key: String, under parent: SliceTree.Node) {
        guard !leaf.isWaiting else { return }
        leaf.isWaiting = true
        waiting.append(Waiting(parent: parent, key: key, leaf: leaf))
    }

    /// Queues a slice just made for a task; once `openCapacity` later slices were made, it is
    /// retired if it is owed nothing, whether or not its task completed. A slice may wait in both
    /// queues: the one that retires it first does, and the other passes it over.
    func made(_ leaf: SliceTree.Node, key: String, under parent: SliceTree.Node) {
        opened.append(Waiting(parent: parent, key: key, leaf: leaf))
    }

    /// Retires the oldest completed slices beyond `capacity`; one still owed an event (a `require`
    /// waiting, a violation held for confirmation) goes back to the end of the queue instead.
    /// A few slices a call: with every slice owed (uploads awaiting their results), looking at
    /// the whole overflow each time made a check quadratic.
    func retireOverflow(isSettled: (SliceTree.Node) -> Bool) {
        var budget = min(waiting.count - capacity, Self.slicesLookedAtPerCall)
        while budget > 0 {
            budget -= 1
            guard let next = waiting.take() else { break }
            guard isCurrent(next) else { continue }
            if isSettled(next.leaf) { retire(next) } else { waiting.append(next) }
        }
        waiting.compact()
    }

    /// Retires or sets aside the oldest slices made beyond `openCapacity`, at the event of line
    /// `line`: each leaves the queue, so the work is one slice a slice made.
    func retireOpenOverflow(isSettled: (SliceTree.Node) -> Bool, line: Int) {
        while opened.count > openCapacity, let next = opened.take() {
            guard isCurrent(next) else { continue }
            if isSettled(next.leaf) {
                retire(next)
            } else {
                unjudgedCount += 1
                if firstUnjudgedLine == nil { firstUnjudgedLine = line }
                retire(next, deciding: allDecided)
            }
        }
        opened.compact()
    }

    /// How many slices of the completed queue one call looks at: more than the one a call adds,
    /// so the queue drains of settled slices.
    private static let slicesLookedAtPerCall = 4

    /// Forgets the queued slices of a run whose slices were dropped.
    func dropWaiting(where belongsToEndedRun: (SliceTree.Node) -> Bool) {
        waiting.drop(where: belongsToEndedRun)
        opened.drop(where: belongsToEndedRun)
    }

    /// The state a retired slice is brought back in, or nil when `key` was never retired here.
    func revive(_ key: String, under parent: SliceTree.Node) -> (state: SliceState, line: Int)? {
        // Most parents never retired a slice: their empty table is not hashed into.
        guard !parent.retired.isEmpty, let retired = parent.retired.removeValue(forKey: key) else { return nil }
        revivedCount += 1
        return (states[Int(retired.state)], Int(retired.line))
    }

    // MARK: - Private

    /// A first-in, first-out queue of slices, its taken slots emptied and now and then removed.
    private struct Queue {
        var slots: [Waiting?] = []
        var head = 0
        var count: Int { slots.count - head }

        mutating func append(_ slice: Waiting) { slots.append(slice) }

        mutating func take() -> Waiting? {
            guard head < slots.count, let next = slots[head] else { return nil }
            slots[head] = nil
            head += 1
            return next
        }

        mutating func compact() {
            if head > 4096, head * 2 > slots.count {
                slots.removeFirst(head)
                head = 0
            }
        }

        mutating func drop(where belongsToEndedRun: (SliceTree.Node) -> Bool) {
            slots = slots[head...].filter { $0.map { !belongsToEndedRun($0.leaf) } ?? false }
            head = 0
        }
    }

    /// Whether the queued slice still hangs in its tree (not retired from the other queue, its
    /// run not ended).
    private func isCurrent(_ slice: Waiting) -> Bool {
        slice.parent.children[slice.key] === slice.leaf
    }

    /// Retires `slice` in its state, or with every rule `deciding` (set aside unjudged).
    private func retire(_ slice: Waiting, deciding: DecidedRules? = nil) {
        let leaf = slice.leaf
        let state = SliceState(decided: deciding ?? leaf.decided, monitors: leaf.monitors.map(\.state))
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
        leaf.releaseState()
        slice.parent.retired[slice.key] = Retired(state: number, line: line)
        if deciding == nil { retiredCount += 1 }
        if let oldest = remembered.add(Forgettable(parent: slice.parent, key: slice.key)),
            oldest.parent?.retired.removeValue(forKey: oldest.key) != nil
        {
            forgottenCount += 1
        }
    }
}
