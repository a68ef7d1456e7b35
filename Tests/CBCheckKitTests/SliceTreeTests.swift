import TestSupport
import Testing

@testable import CBCheckKit

/// A node's children in key order (`SliceTree.Node.orderedChildren`, sorted when asked after a
/// change and kept until the next) must be the order sorting the keys gives: broadcast events and the end of the log reach the
/// slices in it, and findings come out in it.
@Suite struct SliceTreeTests {
    /// Random adds, replacements and removals, with keys whose text order is not their number's
    /// order ("10" before "9"), the order asked after some of them (none, one or several changes
    /// since the last ask): it is the sorted one, with the nodes set.
    @Test func orderedChildrenAreTheSortedKeysAfterAnyChanges() {
        var generator = SeededGenerator(seed: 6)
        let node = SliceTree.Node()
        for _ in 0..<2000 {
            let key = String(generator.next(below: 120))
            if generator.next(below: 3) == 0 {
                node.setChild(nil, key)
            } else {
                node.setChild(SliceTree.Node(), key)
            }
            if generator.next(below: 3) == 0 { continue }
            #expect(node.orderedChildren.map(\.key) == node.children.keys.sorted())
            #expect(node.orderedChildren.allSatisfy { node.children[$0.key] === $0.node })
        }
    }

    /// A broadcast event (a kind without the task key) reaches a run's task slices in the text
    /// order of their keys, whatever order they were made in.
    @Test func aBroadcastReachesTheSlicesInKeyOrder() throws {
        let complete = try #require(EventKind(named: "task.complete"))
        let active = try #require(EventKind(named: "app.active"))
        let tree = SliceTree(keys: [.run, .task], observing: [complete, active])
        func event(_ kind: EventKind, _ line: Int, task: String? = nil) -> Event {
            var event = Event(kind: kind, attributes: task.map { [.task: $0] } ?? [:], line: line)
            event.sequence = line
            event.run = 1
            return event
        }
        for (line, task) in ["9", "10", "2", "1", "30"].enumerated() {
            tree.deliver(event(complete, line + 1, task: task)) { _, _ in }
        }
        var reached: [String] = []
        tree.deliver(event(active, 6)) { leaf, delivered in
            if delivered.kind == active { reached.append(leaf.keyValues[1]) }
        }
        #expect(reached == ["1", "10", "2", "30", "9"])
    }

    /// A leaf's monitors live in a buffer of the node's own (not an array): each is made for its
    /// clause, in order, and the node lets go of all of them (and what they hold) when it goes.
    @Test func aLeafsMonitorsAreItsClausesAndGoWithIt() throws {
        let complete = try #require(EventKind(named: "task.complete"))
        weak var middle: Clause?
        do {
            let matcher = EventMatcher(kinds: [complete], condition: nil)
            let clauses = (0..<3).map { _ in
                Clause(
                    scope: .always, rule: .forbid(matcher, before: nil, after: nil), unless: nil,
                    referencedKinds: [complete])
            }
            middle = clauses[1]
            let leaf = SliceTree.Node()
            leaf.makeMonitors(count: clauses.count) { ClauseMonitor(clause: clauses[$0]) }
            #expect(leaf.monitors.count == 3)
            #expect(zip(leaf.monitors, clauses).allSatisfy { $0.clause === $1 })
            let bare = SliceTree.Node()
            bare.makeMonitors(count: 0) { ClauseMonitor(clause: clauses[$0]) }
            #expect(bare.monitors.isEmpty)
        }
        #expect(middle == nil, "the leaf's monitors still hold their clause")
    }
}
