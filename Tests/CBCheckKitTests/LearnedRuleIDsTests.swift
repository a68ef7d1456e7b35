import Testing

@testable import CBCheckKit

/// Drafted ids start after the highest `L` number that exists, so a draft never replaces a rule
/// the project kept, and no two drafts share one.
@Suite struct LearnedRuleIDsTests {
    @Test func withNoLIdsTheDraftsAreL001On() {
        #expect(LearnedRuleIDs(existing: ["CB101", "CB201"]).ids(3) == ["L001", "L002", "L003"])
        #expect(LearnedRuleIDs(existing: []).highestExistingID == nil)
    }

    @Test func theDraftsFollowTheHighestLNumberWhateverItsCaseAndGaps() {
        let ids = LearnedRuleIDs(existing: ["L007", "CB201", "l012", "L003", "LATE1", "L", "L1x"])
        #expect(ids.highestExisting == 12)
        #expect(ids.highestExistingID == "l012")
        #expect(ids.ids(2) == ["L013", "L014"])
    }

    @Test func oneWidthForAllSoTheySortAsNumbered() {
        let ids = LearnedRuleIDs(existing: ["L998"]).ids(3)
        #expect(ids == ["L0999", "L1000", "L1001"])
        #expect(ids == ids.sorted())
    }

    @Test func noTwoDraftsShareAnIdAndNoneIsOneThatExists() {
        let existing = ["L001", "L002", "L040"]
        let ids = LearnedRuleIDs(existing: existing).ids(120)
        #expect(Set(ids).count == 120)
        #expect(Set(ids).isDisjoint(with: existing))
        #expect(ids.first == "L041")
    }
}
