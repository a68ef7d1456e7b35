import TestSupport
import Testing

@testable import CBCheckKit

@Suite struct RecentRecognitionsTests {
    private func captured(_ ranges: [(Attribute, Range<Int>)]) -> CapturedAttributes {
        var captured = CapturedAttributes()
        for (attribute, range) in ranges { captured.capture(attribute, at: range) }
        return captured
    }

    private func found(
        _ recent: RecentRecognitions, _ pattern: Int, _ message: String, before: CapturedAttributes = .init()
    ) -> CapturedAttributes? {
        var captured = before
        let adopted = Array(message.utf8).withUnsafeBytes {
            recent.adopt(~0, into: &captured, recognizedBy: pattern, in: $0)
        }
        return adopted ? captured : nil
    }

    private func remember(_ recent: RecentRecognitions, _ pattern: Int, _ message: String, _ after: CapturedAttributes)
    {
        Array(message.utf8).withUnsafeBytes {
            recent.remember(after, before: CapturedAttributes(), recognizedBy: pattern, in: $0)
        }
    }

    @Test func aMessageThatDiffersOnlyInDigitsGetsTheRememberedRanges() throws {
        let recent = RecentRecognitions(patterns: 3)
        let after = captured([(.task, 5..<6), (.bytes, 7..<15)])
        remember(recent, 1, "task=1 59768832/63963136", after)
        let again = try #require(found(recent, 1, "task=2 11534336/63963136"))
        #expect(again.hasTheSameRanges(as: after))
        // Only the attributes asked for.
        var some = CapturedAttributes()
        _ = Array("task=2 11534336/63963136".utf8).withUnsafeBytes {
            recent.adopt(1 << UInt32(Attribute.bytes.ordinal), into: &some, recognizedBy: 1, in: $0)
        }
        #expect(some.hasTheSameRanges(as: captured([(.bytes, 7..<15)])))
        #expect(found(recent, 1, "task=12 1153433/63963136") == nil)  // other lengths
        #expect(found(recent, 1, "task=2 11534336/63963136 ") == nil)
        #expect(found(recent, 1, "tusk=2 11534336/63963136") == nil)
        #expect(found(recent, 0, "task=1 59768832/63963136") == nil)  // another pattern's
        #expect(found(recent, 2, "task=1 59768832/63963136") == nil)
    }

    @Test func theEntryPatternsOwnGroupsMustHaveFallenAlike() {
        let recent = RecentRecognitions(patterns: 1)
        remember(recent, 0, "task=1 5/6", captured([(.bytes, 7..<8)]))
        #expect(found(recent, 0, "task=1 5/6", before: captured([(.task, 5..<6)])) == nil)
        var constant = CapturedAttributes()
        constant.setConstants(1 << UInt32(Attribute.background.ordinal))
        #expect(found(recent, 0, "task=1 5/6", before: constant) == nil)
        #expect(found(recent, 0, "task=3 7/8") != nil)
    }

    @Test func theLastMessageReplacesTheOneBeforeAndLongOnesAreNotKept() {
        let recent = RecentRecognitions(patterns: 1)
        remember(recent, 0, "a 1", captured([(.task, 2..<3)]))
        remember(recent, 0, "b 1", captured([(.task, 2..<3)]))
        #expect(found(recent, 0, "a 2") == nil)
        #expect(found(recent, 0, "b 2") != nil)
        let long = String(repeating: "x", count: RecentRecognitions.longestMessage + 1)
        remember(recent, 0, long, CapturedAttributes())
        #expect(found(recent, 0, long) == nil)
        #expect(found(recent, 0, "b 3") != nil)
        let none = RecentRecognitions(patterns: 0)
        remember(none, 0, "b 1", CapturedAttributes())
        #expect(found(none, 0, "b 1") == nil)
    }

    private func describe(_ recognized: EventRecognizer.Recognized) -> String {
        let values = recognized.1.map { "\($0.key.rawValue)=\($0.value)" }
        return "\(recognized.0.name) \(values) \(recognized.phrasing)"
    }

    /// The recognizer that reuses ranges against one that runs every extractor, on every fixture
    /// line, each recognized right after the same line with other digits (so a reuse is tried).
    @Test func recognizingWithReusedRangesGivesWhatRunningTheExtractorsGives() throws {
        let map = try RuleLibrary.builtIn().eventMap
        let reusing = EventRecognizer(map: map)
        let running = EventRecognizer(map: map, reusesRecentAttributes: false)
        var random = SeededGenerator(seed: 8)
        var events = 0
        for line in TestSupport.fixtureAndSampleLines() {
            for message in [withOtherDigits(line, &random), line] {
                let (first, second) = message.withUnsafeBytes { (reusing.recognize($0), running.recognize($0)) }
                #expect(first.map(describe) == second.map(describe))
                events += first.count
            }
        }
        #expect(events > 1_000)
    }
}
