import Testing

@testable import CBCheckKit

/// What the pruner leaves out: invariants implied by others, by the vocabulary, or too rarely exercised.
@Suite struct InvariantPrunerTests {
    private typealias Miner = InvariantMinerTests

    private func kept(
        _ runs: [[Event]], minimumSupport: Int = 2, timeBoundSupport: Int? = 2
    ) -> (Set<String>, [InvariantPruner.Reason: Int]) {
        let pruner = InvariantPruner(minimumSupport: minimumSupport, minimumTimeBoundSupport: timeBoundSupport)
        let result = pruner.prune(Miner.mine(runs).invariants())
        let shown = result.kept.map { LearnedRule(id: "L", invariant: $0).statement }
        return (Set(shown), result.leftOut)
    }

    private let lifecycle = [
        Miner.event("app.launch", 1), Miner.event("session.create", 2),
        Miner.event("task.create", 3, [.task: "1", .kind: "download"]),
        Miner.event("task.resume", 4, [.task: "1"]), Miner.event("task.progress", 5, [.task: "1"]),
        Miner.event("task.finishDownload", 6, [.task: "1"]), Miner.event("app.fileMoved", 7, [.task: "1"]),
        Miner.event("task.complete", 8, [.task: "1", .error: "nil"]),
    ]

    @Test func aPrecedenceThatFollowsFromTwoOthersIsLeftOut() {
        let (kept, leftOut) = kept([lifecycle, lifecycle])
        #expect(kept.contains("task.create always precedes task.resume"))
        #expect(kept.contains("task.resume always precedes task.progress"))
        #expect(!kept.contains("task.create always precedes task.progress"))
        #expect(kept.contains("task.progress is always followed by task.finishDownload"))
        #expect(!kept.contains("task.create is always followed by task.finishDownload"))
        #expect((leftOut[.implied] ?? 0) > 0)
    }

    @Test func anAppsOwnLoggedStepBetweenTwoCallbacksDoesNotHideTheirOrder() {
        let (kept, _) = kept([lifecycle, lifecycle])
        #expect(kept.contains("task.finishDownload always precedes app.fileMoved"))
        #expect(kept.contains("task.finishDownload always precedes task.complete"))
    }

    @Test func theVocabularyAndOtherSlicingsStateTheRest() {
        let (kept, leftOut) = kept([lifecycle, lifecycle])
        // A run begins at its launch, so nothing is preceded by it in a way worth a rule.
        #expect(!kept.contains { $0.hasPrefix("app.launch always precedes") })
        // Every task.complete had a finishDownload first, so the narrower statement adds nothing.
        #expect(!kept.contains("task.finishDownload always precedes task.complete where error == nil"))
        #expect(kept.contains("task.complete at most once"))
        #expect(!kept.contains("task.complete where error == nil at most once"))
        // The same order per identifier is stated once, per task, where task.create belongs.
        #expect(!kept.contains { $0.contains("in download tasks") })
        #expect((leftOut[.vocabulary] ?? 0) > 0)
    }

    @Test func invariantsExercisedByFewerSlicesThanTheMinimumAreLeftOut() {
        let (once, leftOut) = kept([lifecycle])
        #expect(!once.contains("task.create always precedes task.resume"))
        #expect((leftOut[.support] ?? 0) > 0)
        let (lenient, _) = kept([lifecycle], minimumSupport: 1)
        #expect(lenient.contains("task.create always precedes task.resume"))
    }

    @Test func aTimeBoundIsKeptOnlyWithItsOrdering() {
        let (kept, _) = kept([lifecycle, lifecycle])
        #expect(kept.contains("task.resume to task.progress took 1.0s to 1.0s"))
        #expect(!kept.contains { $0.hasPrefix("task.create to task.finishDownload took") })
    }

    @Test func aTimeBoundNeedsMoreMeasurementsThanAnOrdering() {
        let bound = "task.resume to task.progress took 1.0s to 1.0s"
        let (few, leftOut) = kept(Array(repeating: lifecycle, count: 4), timeBoundSupport: 5)
        #expect(few.contains("task.resume always precedes task.progress"))
        #expect(!few.contains(bound))
        #expect((leftOut[.timeBound] ?? 0) > 0)
        let (enough, _) = kept(Array(repeating: lifecycle, count: 5), timeBoundSupport: 5)
        #expect(enough.contains(bound))
        let (none, withoutBounds) = kept(Array(repeating: lifecycle, count: 5), timeBoundSupport: nil)
        #expect(none == enough.filter { !$0.contains(" took ") })
        #expect((withoutBounds[.timeBound] ?? 0) > 0)
    }
}
