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
        #expect(learned.stderr.hasSuffix(" more already checked); 2 of 2 bad logs caught\n"))
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
        #expect(learned.stderr.hasSuffix(" more already checked); 1 of 1 bad log caught\n"))
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

    /// Learned from the eight scenario fixtures, the rules flag near misses: mostly through time
    /// bounds from few measurements (docs/learning-rules.md records these figures; as tight as the
    /// samples, the bounds from two slices flagged 6 of the 9).
    @Test func timeBoundsFromFewMeasurementsAreLeftOut() throws {
        let nearMisses = [
            "cb201-complete-before-finish-download-ok.log",
            "cb202-task-completed-twice-ok.log",
            "cb203-callbacks-after-complete-ok.log",
            "cb204-temp-file-used-after-return-ok.log",
            "cb205-progress-taken-as-completion-ok.log",
            "cb206-resume-without-offset-ok.log",
            "cb207-finish-events-in-foreground-ok.log",
            "cb208-finish-events-before-task-messages-ok.log",
            "cb209-cancel-without-cancelled-completion-ok.log",
        ].flatMap { ["--bad", "Fixtures/tasks/\($0)"] }
        let strict = try TestSupport.run(["learn", good, "--time-bound-support", "2"] + nearMisses)
        #expect(strict.stderr.hasSuffix("; 4 of 9 bad logs caught\n"))
        let byDefault = try TestSupport.run(["learn", good] + nearMisses)
        #expect(byDefault.stderr.hasSuffix("; 2 of 9 bad logs caught\n"))
        #expect(byDefault.stdout.contains(" time bounds measured in too few slices (5, --time-bound-support)\n"))
        let none = try TestSupport.run(["learn", good, "--no-time-bounds"])
        #expect(none.status == 0)
        #expect(!none.stdout.contains("last at most"))
        #expect(none.stdout.contains(" time bounds measured in too few slices (--no-time-bounds)\n"))
        let both = try TestSupport.run(["learn", good, "--no-time-bounds", "--time-bound-support", "3"])
        #expect(both.status == 2)
        #expect(
            both.stderr.hasPrefix("Error: --no-time-bounds leaves out what --time-bound-support asks for: give one\n"))
    }

    /// A bound is twice the longest time, at least a second: none is drafted in milliseconds, and
    /// the comment says what was observed and, from one or two slices, that it is weakly supported.
    @Test func draftedTimeBoundsHaveHeadroomAndSayWhatWasObserved() throws {
        let learned = try TestSupport.run(["learn", good, "--time-bound-support", "2"])
        #expect(learned.status == 0, "\(learned.stderr)")
        let bounds = learned.stdout.split(separator: "\n").filter { $0.contains(": last at most ") }
        #expect(bounds.count > 10)
        #expect(bounds.allSatisfy { !$0.hasSuffix("ms") }, "\(bounds)")
        #expect(
            learned.stdout.contains(
                ": app.fileMoved to task.complete where error == nil took 2ms to 3ms\n"
                    + "#   support: 10 slices (per run, identifier, task) exercised it\n"
                    + "#   observed: at most 3ms in 10 slices; drafted: 1s (twice the longest, at least 1s, rounded up)\n"
            ))
        #expect(
            learned.stdout.contains(
                ": task.cancel to task.complete where error != nil took 24ms to 48ms\n"
                    + "#   support: 2 slices (per run, identifier, task) exercised it\n"
                    + "#   observed: at most 48ms in 2 slices; drafted: 1s (twice the longest, at least 1s, rounded up)\n"
                    + "#   weakly supported: only 2 slices measured it, too few to say how long the app may take\n"
            ))
        #expect(
            learned.stdout.contains("  after task.cancel until task.complete where error != nil: last at most 1s\n"))
        let byDefault = try TestSupport.run(["learn", good])
        #expect(byDefault.stdout.contains("#   observed: at most "))
        #expect(!byDefault.stdout.contains("weakly supported"))
    }

    @Test func jsonSaysWhatTheTextSaysAndTheFixturesStillGetRuleText() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "cbcheck-learn-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let text = try TestSupport.run(["learn", good, "--bad", bad[0]])
        let json = try TestSupport.run(
            ["learn", good, "--bad", bad[0], "--format", "json", "--emit-fixtures", directory.path])
        #expect(json.status == 0, "\(json.stderr)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(document["schemaVersion"] as? Int == 1)
        let rules = try #require(document["rules"] as? [[String: Any]])
        let ids = text.stdout.split(separator: "\n").filter { $0.hasPrefix("rule ") }.map {
            $0.split(separator: " ")[1]
        }
        #expect(rules.compactMap { $0["id"] as? String } == ids.map(String.init))
        let handler = try #require(
            rules.first {
                ($0["text"] as? String)?.hasSuffix("require session.finishEvents before app.handler.called\n") == true
            })
        #expect(handler["form"] as? String == "alwaysPrecedes")
        #expect(handler["slicing"] as? [String] == ["run", "identifier"])
        let catches = try #require(handler["catches"] as? [[String: Any]])
        #expect(catches.first?["file"] as? String == bad[0])
        #expect(catches.first?["line"] as? Int == 12)
        let witness = try #require(handler["witness"] as? [String: Any])
        #expect((witness["file"] as? String)?.hasPrefix("Fixtures/scenarios/") == true)
        let badLogs = try #require(document["badLogs"] as? [[String: Any]])
        #expect(badLogs.map { $0["caught"] as? Bool } == [true])
        let written = try String(contentsOf: directory.appendingPathComponent("learned.cbrules"), encoding: .utf8)
        #expect(written == text.stdout)
    }

    @Test func helpNamesEveryOption() throws {
        let help = try TestSupport.run(["learn", "--help"])
        #expect(help.status == 0)
        for option in [
            "--bad", "--min-support", "--time-bound-support", "--no-time-bounds", "--raw", "--format",
            "--emit-fixtures",
            "--events", "--rules", "--log-format", "--process", "--config", "--no-config",
        ] {
            #expect(help.stdout.contains("  \(option)"), "\(option) in: \(help.stdout)")
        }
        #expect(help.stdout.contains("document (docs/learn.schema.json). (values: text,"))
    }

    @Test func standardInputIsRefusedBecauseEachLogIsReadTwice() throws {
        let output = try TestSupport.run(["learn", "-"], stdin: "")
        #expect(output.status == 2)
        #expect(output.stderr.hasPrefix("Error: learn reads each log more than once: save standard input to a file\n"))
    }
}
