import Foundation
import TestSupport
import Testing

/// `cbcheck learn` run as a user would: the printed rules are a rule file `check` accepts, and the
/// emitted fixtures pass `cbcheck test` with them.
@Suite struct LearnCommandTests {
    private let good = "Fixtures/scenarios"
    private let bad = [
        "Fixtures/relaunch/cb101-handler-called-early.log", "Fixtures/tasks/cb201-complete-before-finish-download.log",
    ]

    @Test func emittedFixturesPassCbcheckTestWithTheLearnedRules() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "cbcheck-learn-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let learned = try TestSupport.run(
            ["learn", good, "--bad", bad[0], "--bad", bad[1], "--emit-fixtures", directory.path])
        #expect(learned.status == 0, "\(learned.stderr)")
        let rules = directory.appendingPathComponent("learned.cbrules").path
        #expect(try String(contentsOfFile: rules, encoding: .utf8) == learned.stdout)
        #expect(learned.stdout.contains("#   \(bad[0]): L0"))
        #expect(!learned.stdout.contains("caught by none"))
        #expect(
            learned.stderr.contains(
                "cbcheck learn: wrote 10 fixtures and \(rules); check them with: cbcheck test --rules \(rules) \(directory.path)\n"
            ))
        #expect(learned.stderr.hasSuffix("good logs; 2 of 2 bad logs caught\n"))
        let tested = try TestSupport.run(["test", "--rules", rules, directory.path])
        #expect(tested.status == 0, "\(tested.stdout)")
        #expect(tested.stdout.contains("10 fixtures: 10 passed, 0 failed"))
        let fixture = try String(
            contentsOf: directory.appendingPathComponent("bad-cb101-handler-called-early.log"), encoding: .utf8)
        #expect(fixture.hasPrefix("#! about: written by cbcheck learn from \(bad[0]) (a bad log)\n"))
        #expect(fixture.contains("#! expect CB101\n#! expect L0"))
    }

    @Test func thePrintedRulesAreARuleFileThatPassesTheGoodLogs() throws {
        let learned = try TestSupport.run(["learn", good])
        #expect(learned.status == 0)
        let path = try TestSupport.temporaryFile(learned.stdout, name: "learned.cbrules")
        let listed = try TestSupport.run(["rules", "--rules", path])
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.contains("L001"))
        let checked = try TestSupport.run([good, "--rules", path, "--fail-on", "note"])
        #expect(checked.status == 0, "\(checked.stdout)")
        #expect(!checked.stdout.contains("[L0"))
        #expect(try TestSupport.run(["learn", good]).stdout == learned.stdout)
    }

    @Test func rawRulesNameTheUsersPhrasingsAndCheckRunsThem() throws {
        let samples = "Samples/learn-raw"
        let map = "\(samples)/episodes.cbevents"
        let good = ["good-1.log", "good-2.log", "good-3.log"].map { "\(samples)/\($0)" }
        let bad = "\(samples)/bad-saved-a-failed-download.log"
        let learned = try TestSupport.run(["learn", "--raw", "--events", map] + good + ["--bad", bad])
        #expect(learned.status == 0, "\(learned.stderr)")
        #expect(learned.stderr.hasSuffix("good logs; 1 of 1 bad log caught\n"))
        #expect(learned.stdout.contains("app.resultRecorded where phrasing == \"episodes.cbevents:5\"\n"))
        let rules = try TestSupport.temporaryFile(learned.stdout, name: "learned.cbrules")
        let clean = try TestSupport.run(["--events", map, "--rules", rules, "--fail-on", "note"] + good)
        #expect(clean.status == 0, "\(clean.stdout)")
        let caught = try TestSupport.run(["--events", map, "--rules", rules, "--fail-on", "warning", bad])
        #expect(caught.status == 1)
        #expect(caught.stdout.contains("\(bad):16:"))
        let plain = try TestSupport.run(["learn", "--events", map] + good + ["--bad", bad])
        #expect(plain.stdout.contains("\(bad): caught by none"))
    }

    @Test func rawWithoutAMapOfTheUsersOwnIsAnError() throws {
        let output = try TestSupport.run(["learn", "--raw", good])
        #expect(output.status == 2)
        #expect(
            output.stderr
                == "error: --raw mines the phrasings of your own event map, and none was given\n"
                + "  hint: name it with --events FILE (see docs/event-map.md)\n")
    }

    @Test func standardInputIsRefusedBecauseEachLogIsReadTwice() throws {
        let output = try TestSupport.run(["learn", "-"], stdin: "")
        #expect(output.status == 2)
        #expect(output.stderr.hasPrefix("Error: learn reads each log more than once: save standard input to a file\n"))
    }
}
