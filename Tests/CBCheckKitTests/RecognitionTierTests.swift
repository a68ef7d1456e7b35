import Foundation
import TestSupport
import Testing

@testable import CBCheckKit
@testable import Diagnostics

/// Each event carries the tier of the phrasing that recognized it (`RecognitionTier`): the map
/// says it, `--stats` counts it, and an app's sentence that only restates the stronger line before
/// it folds into that line.
@Suite struct RecognitionTierTests {
    private static func check(_ lines: [String]) throws -> CheckedLines { try CheckedLines(lines) }

    @Test func aTierLineSetsTheTierOfTheMatchLinesAfterItInItsEntryOnly() throws {
        let map = try EventMapParser(
            file: "app.cbevents",
            text: """
                event app.handler.called
                  match /completionHandler\\(\\)/
                  tier phrasing
                  match /told UIKit we are done/
                event task.complete
                  match /all done/
                """
        ).parse()
        #expect(map.entries[0].patterns.map(\.tier) == [.signature, .phrasing])
        #expect(map.entries[1].patterns.map(\.tier) == [.signature])
    }

    @Test func anUnknownTierAndATierOutsideAnEntryAreErrorsWithTheirColumn() throws {
        let unknown = #expect(throws: Diagnostic.self) {
            try EventMapParser(file: "app.cbevents", text: "event task.complete\n  tier phrasin\n  match /x/").parse()
        }
        #expect(unknown?.message == "unknown tier 'phrasin'")
        #expect(unknown?.location == SourceLocation(file: "app.cbevents", line: 2, column: 8))
        #expect(unknown?.hint == "did you mean 'phrasing'?")
        let outside = #expect(throws: Diagnostic.self) {
            try EventMapParser(file: "app.cbevents", text: "tier system\nevent task.complete\n  match /x/").parse()
        }
        #expect(outside?.message == "'tier' outside an 'event' entry")
    }

    @Test func theBuiltInMapTellsTheSystemsWordsFromSignaturesAndSentences() throws {
        let read = try Self.check([
            "2024-05-01 10:00:00.100 MyApp[7:100] Task <6B7B1C3E-0B0E-4E43-9C55-1A2B3C4D5E6F>.<3> finished successfully",
            "2024-05-01 10:00:00.200 MyApp[7:300] urlSession(_:task:didCompleteWithError:) task=3 error=nil",
            "2024-05-01 10:00:00.300 MyApp[7:100] starting the download task for episode 4",
        ])
        #expect(read.events.map { $0.tier } == [.system, .signature, .phrasing])
        #expect(RecognitionTier.allCases.map { read.stats.events(of: $0) } == [1, 1, 1])
    }

    @Test func aSentenceRestatingTheSignatureBeforeItIsOneSession() throws {
        let created = try Self.check([
            "2024-05-01 10:00:00.100 MyApp[7:100] application(_:didFinishLaunchingWithOptions:)",
            "2024-05-01 10:00:00.110 MyApp[7:100] URLSessionConfiguration.background(withIdentifier: com.acme.bg)",
            "2024-05-01 10:00:00.111 MyApp[7:100] created background session com.acme.bg",
            "2024-05-01 10:00:01.000 MyApp[7:100] urlSession(_:task:didCompleteWithError:) task=3 error=nil",
        ])
        #expect(created.events.filter { $0.kind == .sessionCreate }.count == 1)
        #expect(created.stats.echoesFolded == 1)
        #expect(!created.findings.contains { $0.hasPrefix("CB108") })
    }

    @Test func twoSentencesOrASentenceOnAnotherThreadAreTwoActions() throws {
        let twice = try Self.check([
            "2024-05-01 10:00:00.310 MyApp[7:100] calling the completion handler",
            "2024-05-01 10:00:00.312 MyApp[7:100] calling the completion handler",
        ])
        #expect(twice.events.filter { $0.kind.name == "app.handler.called" }.count == 2)
        let elsewhere = try Self.check([
            "2024-05-01 10:00:00.310 MyApp[7:100] completionHandler()",
            "2024-05-01 10:00:00.312 MyApp[7:200] calling the completion handler",
        ])
        #expect(elsewhere.events.filter { $0.kind.name == "app.handler.called" }.count == 2)
        #expect(elsewhere.stats.echoesFolded == 0)
    }
}
