import Foundation
import TestSupport
import Testing

@testable import CBCheckKit

/// Reading on a thread of its own (`LogChecker.readsAhead`) changes when the work is done, never
/// what comes of it: the same events in the same order, the same findings, statistics and warnings.
@Suite struct ReadAheadTests {
    /// Everything a check tells its caller, as text.
    struct Outcome: Equatable {
        var events: [String] = []
        var findings: [String] = []
        var runs: [String] = []
        var stats: LineStats?
        var warnings: [String] = []
        var error: String?
    }

    static func check(_ path: String, readsAhead: Bool, library: RuleLibrary) -> Outcome {
        var checker = LogChecker(library: library)
        checker.readsAhead = readsAhead
        var outcome = Outcome()
        do {
            let result = try checker.check(
                path: path,
                onEvent: { event, run in
                    let attributes = event.attributes.map { "\($0.key.rawValue)=\($0.value)" }.joined(separator: " ")
                    outcome.events.append(
                        "\(event.line) \(event.kind.name) run=\(run.number) \(event.appState) \(attributes) "
                            + "main=\(String(describing: event.isOnMainThread)) \(event.text)")
                },
                onRunEnd: { run, verdict in outcome.runs.append("\(run.number) \(String(describing: verdict))") },
                onFinding: { outcome.findings.append("\($0.location.line) \($0.ruleID) \($0.verdict) \($0.detail)") })
            outcome.stats = result.stats
            outcome.warnings = result.warnings.map(\.description)
        } catch {
            outcome.error = "\(error)"
        }
        return outcome
    }

    @Test func everyFixtureReadsTheSameOnOneThreadOrTwo() throws {
        let library = try RuleLibrary.builtIn()
        let paths = TestSupport.fixturePaths()
        #expect(paths.count > 100)
        for path in paths + ["Samples/background-download.log"] {
            let full = TestSupport.packageRoot.appendingPathComponent(path).path
            let alone = Self.check(full, readsAhead: false, library: library)
            let ahead = Self.check(full, readsAhead: true, library: library)
            #expect(!alone.events.isEmpty, "\(path)")
            #expect(ahead == alone, "\(path)")
        }
    }

    /// `cbcheck check` reads a file ahead when a thread would otherwise idle while it ends: fewer
    /// files follow it than there are other threads.
    @Test func theFilesThatWouldLeaveAThreadIdleReadAhead() {
        func ahead(_ count: Int, jobs: Int) -> [Bool] {
            (0..<count).map { CheckOptions.readsAhead(file: $0, of: count, jobs: jobs) }
        }
        #expect(ahead(1, jobs: 1) == [false])
        #expect(ahead(1, jobs: 2) == [true])
        #expect(ahead(2, jobs: 2) == [false, true])
        #expect(ahead(3, jobs: 2) == [false, false, true])
        #expect(ahead(2, jobs: 4) == [true, true])
        #expect(ahead(5, jobs: 4) == [false, false, true, true, true])
        #expect(ahead(3, jobs: 1) == [false, false, false])
    }

    /// More events than fit in the batches waiting at once, and a pattern that hits its match limit
    /// on every line (the warning is the reading thread's, returned with the result).
    @Test func aLongLogWithAFailingPatternReadsTheSame() throws {
        let map = try TestSupport.temporaryFile(
            "event app.handleEvents\n  match /slow (a+)+$/\n", name: "slow.cbevents")
        var library = try RuleLibrary.builtIn()
        try library.addEvents(at: map)
        let fixture = try String(
            contentsOfFile: TestSupport.packageRoot.appendingPathComponent(
                "Fixtures/relaunch/cb101-handler-called-early.log"
            ).path, encoding: .utf8)
        var text = ""
        for index in 0..<300 {
            text += fixture
            if index % 100 == 0 {
                text += "2026-03-14 09:27:00.000 Downloader[4101:1200001] slow \(String(repeating: "a", count: 40))!\n"
            }
        }
        let path = try TestSupport.temporaryFile(text)
        let alone = Self.check(path, readsAhead: false, library: library)
        let ahead = Self.check(path, readsAhead: true, library: library)
        #expect(alone.events.count > EventHandoff.batchEvents * (EventHandoff.maximumBatches + 2))
        #expect(alone.warnings.count == 1)
        #expect(ahead == alone)
    }

    /// A gzip log cut short: the events read before the cut are followed, then the error is thrown,
    /// as on one thread.
    @Test func aReadErrorComesAfterTheEventsReadBeforeIt() throws {
        let cut = try TestSupport.cutGzipLog(startingWith: "Fixtures/relaunch/cb101-handler-called-early.log")
        let library = try RuleLibrary.builtIn()
        let alone = Self.check(cut, readsAhead: false, library: library)
        let ahead = Self.check(cut, readsAhead: true, library: library)
        #expect(alone.error?.contains("the gzip data ends early") == true)
        #expect(alone.findings.contains { $0.contains("CB101") })
        #expect(ahead == alone)
    }
}
