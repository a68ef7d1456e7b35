import Testing

@testable import CBCheckKit

/// A slice's decided rules as bits: the one word for rules 0–63 and the words after it must
/// answer exactly like the `[Bool]` they replaced, at every word's edges.
@Suite struct DecidedRulesTests {
    @Test func answersLikeAnArrayOfFlagsAcrossWordEdges() {
        let inserted = [0, 1, 62, 63, 64, 65, 127, 128, 200]
        var decided = DecidedRules()
        var flags = [Bool](repeating: false, count: 256)
        for rule in inserted {
            decided.insert(rule)
            flags[rule] = true
            for probe in flags.indices {
                #expect(decided.contains(probe) == flags[probe], "rule \(probe) after inserting \(rule)")
            }
        }
    }

    @Test func startsWithNothingDecidedAndEqualStatesAreEqual() {
        var first = DecidedRules()
        var second = DecidedRules()
        #expect(!first.contains(0) && !first.contains(63) && !first.contains(64) && !first.contains(1000))
        first.insert(3)
        #expect(first != second)
        second.insert(3)
        #expect(first == second)
        #expect(Set([first, second]).count == 1)
    }

    @Test func insertingTwiceChangesNothing() {
        var once = DecidedRules()
        once.insert(70)
        var twice = once
        twice.insert(70)
        #expect(once == twice)
        #expect(twice.contains(70) && !twice.contains(71) && !twice.contains(6))
    }
}
