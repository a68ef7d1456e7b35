import Foundation
import TestSupport
import Testing

@testable import CBCheckKit

@Suite struct FixtureMutationTests {
    private let fixture = """
        #! about: a small fixture
        2026-03-14 23:59:50.100+0800 App[7:1] application(_:didFinishLaunchingWithOptions:)
        2026-03-14 23:59:50.500+0800 App[7:1] creating background session com.acme.bg
        2026-03-14 23:59:51.100+0800 App[7:9] urlSession(_:downloadTask:didWriteData:) task=3 totalBytesWritten=10
        #! expect CB201
        2026-03-14 23:59:51.200+0800 App[7:9] urlSession(_:task:didCompleteWithError:) task=3 error=nil kind=downloadTask
        2026-03-14 23:59:52.300 App[7:9] BackgroundDownloadTask <5F1C2D3A-8B4E-4C6D-9A0F-2E7B1C3D4E5F>.<3> done
            UserInfo={NSErrorFailingURLKey=https://cdn.example.com/a}
        2026-03-14 23:59:53.400 App[7:1] endBackgroundTask(12) for background task 12
        """

    private func lines(_ result: FixtureMutation.Result) -> [String] {
        result.text.components(separatedBy: "\n")
    }

    @Test func shiftedTimestampsMoveTheClockAndKeepFractionAndZone() {
        let result = FixtureMutation.shiftedTimestamps.apply(to: fixture)
        let shifted = lines(result)
        #expect(shifted[1].hasPrefix("2026-03-16 03:17:32.100+0800 App[7:1] "))
        #expect(shifted[6].hasPrefix("2026-03-16 03:17:34.300 App[7:9] "))
        #expect(shifted[4] == "#! expect CB201")
        #expect(result.origin == Array(1...9).map { Optional($0) })
    }

    @Test func renamedIdentifiersRewriteUUIDsAndTaskNumbersButNotBackgroundTasks() {
        let renamed = lines(FixtureMutation.renamedIdentifiers.apply(to: fixture))
        #expect(renamed[5].contains("task=703 error=nil"))
        #expect(renamed[6].contains("BackgroundDownloadTask <c68394a1-f2b5-b3d4-0176-95e283a4b5c6>.<703> done"))
        #expect(renamed[6].contains(">.<703> done"))
        #expect(!renamed[6].contains("5F1C2D3A"))
        #expect(renamed[8].hasSuffix("endBackgroundTask(12) for background task 12"))
    }

    @Test func insertedLinesGoAboveTheAnnotationBlockAndAreMappedToNoOriginalLine() {
        let result = FixtureMutation.insertedChatter.apply(to: fixture)
        let text = lines(result)
        let annotation = text.firstIndex(of: "#! expect CB201")!
        #expect(text[annotation - 1].hasSuffix("[Mutation] image cache hit: avatar-42.png in 3 ms"))
        #expect(text[annotation + 1].contains("didCompleteWithError"))
        #expect(result.origin[annotation - 1] == nil)
        #expect(result.origin[annotation + 1] == 6)
    }

    @Test func unrelatedSessionAddsAnotherProcessWholeWake() {
        let result = FixtureMutation.unrelatedSession.apply(to: fixture)
        let added = lines(result).filter { $0.contains("Weather[31337:31337]") }
        #expect(added.count == FixtureMutation.weatherWake.count)
        #expect(added.first?.hasPrefix("2026-03-14 23:59:50.100+0800 Weather[31337:31337] application(") == true)
    }

    @Test func aRuleThatDependsOnATaskNumberFlipsUnderRenaming() throws {
        var library = try RuleLibrary.builtIn()
        let rules = try TestSupport.temporaryFile(
            "rule CB900 fragile\n  summary \"depends on a task number\"\n  forbid task.complete where task == 3\n",
            name: "fragile.cbrules")
        try library.addRules(at: rules)
        let text = fixture.replacingOccurrences(of: "#! expect CB201", with: "#! expect CB201 CB900")
        let runner = FixtureRunner(library: library)
        #expect(try runner.run(text: text, displayPath: "fragile.log").passed)
        let renamed = try MutationOutcome.check(
            path: "fragile.log", text: text, under: .renamedIdentifiers, with: runner)
        #expect(!renamed.result.passed)
        #expect(renamed.result.mismatches.map(\.line) == [6])
        #expect(renamed.result.mismatches.map(\.ruleID) == ["CB900"])
        let shifted = try MutationOutcome.check(
            path: "fragile.log", text: text, under: .shiftedTimestamps, with: runner)
        #expect(shifted.result.passed)
    }
}
