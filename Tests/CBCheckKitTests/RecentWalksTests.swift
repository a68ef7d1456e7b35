import Testing

@testable import CBCheckKit

@Suite struct RecentWalksTests {
    private func candidates(_ members: [Int]) -> CandidateSet {
        var set = CandidateSet()
        for member in members { set.insert(member) }
        return set
    }

    private func remember(_ walks: RecentWalks, _ number: Int, _ members: [Int], _ message: String) {
        var groups = CapturedAttributes()
        groups.capture(.task, at: 5..<6)
        var attributes = groups
        attributes.capture(.bytes, at: 7..<9)
        Array(message.utf8).withUnsafeBytes {
            walks.remember(
                number, groups: groups, attributes: attributes, matchStart: 2, over: candidates(members), in: $0)
        }
    }

    private func winner(_ walks: RecentWalks, _ members: [Int], _ message: String) -> Int? {
        Array(message.utf8).withUnsafeBytes { walks.winner(of: candidates(members), in: $0).map(walks.number) }
    }

    @Test func theSameCandidatesInAMessageThatDiffersOnlyInDigitsHaveTheSameWinner() throws {
        let walks = RecentWalks()
        remember(walks, 12, [3, 12, 40], "task=1 12/34")
        #expect(winner(walks, [3, 12, 40], "task=7 99/00") == 12)
        let hit = try #require(
            Array("task=7 99/00".utf8).withUnsafeBytes { walks.winner(of: candidates([3, 12, 40]), in: $0) })
        var expected = CapturedAttributes()
        expected.capture(.task, at: 5..<6)
        #expect(walks.groups(hit).hasTheSameRanges(as: expected))
        #expect(walks.matchStart(hit) == 2)
        var adopted = walks.groups(hit)
        walks.adopt(~0, from: hit, into: &adopted)
        expected.capture(.bytes, at: 7..<9)
        #expect(adopted.hasTheSameRanges(as: expected))
    }

    @Test func otherCandidatesOtherLengthsOrOtherBytesHaveNone() {
        let walks = RecentWalks()
        remember(walks, 12, [3, 12, 40], "task=1 12/34")
        #expect(winner(walks, [3, 12], "task=1 12/34") == nil)
        #expect(winner(walks, [3, 12, 40, 200], "task=1 12/34") == nil)
        #expect(winner(walks, [3, 12, 40], "task=10 12/34") == nil)
        #expect(winner(walks, [3, 12, 40], "task=1 12-34") == nil)
        #expect(winner(walks, [], "task=1 12/34") == nil)
    }

    /// Two shapes of one kind of line that take turns both stay; a third replaces the one used
    /// least recently.
    @Test func twoShapesStayAndAThirdReplacesTheOneUsedLeastRecently() {
        let walks = RecentWalks()
        remember(walks, 12, [3, 12], "task=1 1234567/34")
        remember(walks, 12, [3, 12], "task=2 12345678/34")
        #expect(winner(walks, [3, 12], "task=1 7654321/34") == 12)
        #expect(winner(walks, [3, 12], "task=2 87654321/34") == 12)
        #expect(winner(walks, [3, 12], "task=1 7654321/34") == 12)
        remember(walks, 12, [3, 12], "task=10 1/34")
        #expect(winner(walks, [3, 12], "task=1 7654321/34") == 12)
        #expect(winner(walks, [3, 12], "task=2 87654321/34") == nil)
        #expect(winner(walks, [3, 12], "task=11 2/34") == 12)
    }

    @Test func longMessagesAreNotKeptAndADisabledOneKeepsNothing() {
        let walks = RecentWalks()
        let long = String(repeating: "7", count: RecentRecognitions.longestMessage + 1)
        remember(walks, 1, [1], long)
        #expect(winner(walks, [1], long) == nil)
        let disabled = RecentWalks(isEnabled: false)
        remember(disabled, 1, [1], "a 1")
        #expect(winner(disabled, [1], "a 1") == nil)
    }
}
