import Foundation
import TestSupport
import Testing

@testable import CBCheckKit
@testable import Diagnostics

/// `learn --raw` on `Samples/learn-raw`: an app whose own map has two phrasings of
/// `app.resultRecorded` (saving an episode, dropping one). Mined apart, they give rules that catch
/// an app saving a failed download; mined as one kind, nothing does.
@Suite struct RawLearningTests {
    static let directory = TestSupport.packageRoot.appendingPathComponent("Samples/learn-raw")
    static let good = ["good-1.log", "good-2.log", "good-3.log"].map { directory.appendingPathComponent($0).path }
    static let bad = [directory.appendingPathComponent("bad-saved-a-failed-download.log").path]
    static let map = directory.appendingPathComponent("episodes.cbevents").path

    static func learn(raw: Bool, map: String = map) throws(Diagnostic) -> RuleLearner.Outcome {
        var library = try RuleLibrary.builtIn()
        try library.addEvents(at: map)
        var learner = RuleLearner(library: library)
        learner.raw = raw
        return try learner.learn(good: good, bad: bad)
    }

    @Test func twoPhrasingsOfOneKindAreMinedApartAndCatchWhatTheKindCannot() throws {
        let raw = try Self.learn(raw: true)
        let saved = try #require(
            raw.rules.first {
                $0.clause
                    == "require task.complete where error == nil before app.resultRecorded where phrasing == \"episodes.cbevents:5\""
            })
        #expect(saved.invariant.support == 4)
        #expect(
            saved.text().contains(
                "#   phrasing episodes.cbevents:5: match /\\[Library\\] saved episode for task (?<task>\\d+)/\n"))
        let findings = try #require(raw.badLogs.first).findings
        #expect(findings.contains { $0.ruleID == saved.id && $0.location.line == 16 })
        let plain = try Self.learn(raw: false)
        #expect(plain.badLogs.first?.findings.isEmpty == true)
        #expect(!LearnReport.text(plain).contains("phrasing"))
    }

    @Test func aPhrasingThatRecognizedEveryEventOfItsKindAddsNoRule() throws {
        let one = try TestSupport.temporaryFile(
            "event app.resultRecorded\n  match /\\[Library\\] (?:saved|dropped) episode for task (?<task>\\d+)/\n",
            name: "one.cbevents")
        let raw = try Self.learn(raw: true, map: one)
        let plain = try Self.learn(raw: false, map: one)
        #expect(raw.rules.map(\.clause) == plain.rules.map(\.clause))
        #expect(raw.held > plain.held)
        #expect((raw.leftOut[.implied] ?? 0) > (plain.leftOut[.implied] ?? 0))
    }

    @Test func rawNeedsAMapOfTheUsersOwn() throws {
        var learner = RuleLearner(library: try RuleLibrary.builtIn())
        learner.raw = true
        let error = try #require(
            capturedDiagnostic { () throws(Diagnostic) in try learner.learn(good: Self.good, bad: []) })
        #expect(error.message == "--raw mines the phrasings of your own event map, and none was given")
    }

    @Test func twoMapsOfOneFileNameAreRefusedBecausePhrasingsAreNamedByIt() throws {
        let clash = try TestSupport.temporaryFile("event app.launch\n  match /hello/\n", name: "events.cbevents")
        let error = try #require(
            capturedDiagnostic { () throws(Diagnostic) in try Self.learn(raw: true, map: clash) })
        #expect(error.message.hasPrefix("--raw names phrasings by their map's file name, and "))
        #expect(error.message.hasSuffix(" are both events.cbevents"))
    }
}
