import Foundation
import TestSupport
import Testing

/// `--format`, `--output`, `--report`, baselines and the gates (`--fail-on`, `--max-unrecognized`,
/// `--require-exercised`) on the built binary, as a CI job would use them.
@Suite struct ReportOptionsTests {
    private let sample = "Samples/background-download.log"

    private func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("cbcheck-reports-\(UUID())")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private func contents(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

    @Test func severalReportsAtOnceMatchWhatEachFormatPrintsAlone() throws {
        let directory = try temporaryDirectory()
        let sarif = directory.appendingPathComponent("out.sarif")
        let junit = directory.appendingPathComponent("out.xml")
        let json = directory.appendingPathComponent("out.json")
        let output = try TestSupport.run([
            sample, "--report", "sarif=\(sarif.path)", "--report=junit=\(junit.path)", "--format", "json",
            "--output", json.path,
        ])
        #expect(output.status == 1)
        #expect(output.stdout == "")
        #expect(output.stderr.hasSuffix("cbcheck: 2 errors in 1 file\n"))
        for (format, url) in [("sarif", sarif), ("junit", junit), ("json", json)] {
            #expect(try contents(url) == TestSupport.run([sample, "--format", format]).stdout, "\(format)")
        }
        // Written through a temporary file and renamed: nothing else is left in the directory.
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(names == ["out.json", "out.sarif", "out.xml"])
    }

    /// Every line lands in one category, for every format: the JSON stats add up to the lines.
    @Test func jsonStatsAddUpToTheLinesInEveryFormat() throws {
        for path in ["Fixtures/formats/seed000-1-unified.log", "Fixtures/formats/seed000-1-ndjson.log", sample] {
            let output = try TestSupport.run([path, "--format", "json"])
            let document = try #require(
                try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
            let files = try #require(document["files"] as? [[String: Any]])
            let stats = try #require(files.first?["stats"] as? [String: Any])
            let parts = [
                "events", "continuations", "chatter", "unparseable", "annotations", "headers", "excluded",
                "skippedBinary",
            ]
            let sum = parts.compactMap { stats[$0] as? Int }.reduce(0, +)
            #expect(sum == stats["lines"] as? Int, "\(path): \(stats)")
            #expect(stats["format"] as? String != nil, "\(path)")
        }
    }

    @Test func anOutputFileIsReplacedWholeAndAnUnwritableOneIsAnInputError() throws {
        let directory = try temporaryDirectory()
        let target = directory.appendingPathComponent("report.json")
        try String(repeating: "old report\n", count: 10_000).write(to: target, atomically: true, encoding: .utf8)
        let clean = "Fixtures/relaunch/cb101-handler-called-early-ok.log"
        #expect(try TestSupport.run([clean, "--format", "json", "--output", target.path]).status == 0)
        #expect(try contents(target).hasPrefix("{\n  \"schemaVersion\": 1,"))
        #expect(try contents(target).hasSuffix("  \"staleBaseline\": []\n}\n"))
        let missing = directory.appendingPathComponent("no/such/dir/report.json").path
        let failed = try TestSupport.run([clean, "--output", missing])
        #expect(failed.status == 2)
        #expect(failed.stderr.contains("error: \(missing): cannot write the report: No such file or directory\n"))
    }

    @Test func reportValuesAreCheckedBeforeAnyLogIsRead() throws {
        let noEquals = try TestSupport.run([sample, "--report", "sarif"])
        #expect(noEquals.status == 2)
        #expect(
            noEquals.stderr.hasPrefix(
                "Error: The value 'sarif' is invalid for '--report'; use <format>=<file>\nUsage: cbcheck check "))
        let unknown = try TestSupport.run([sample, "--report", "pdf=out.pdf"])
        #expect(
            unknown.stderr.hasPrefix(
                "Error: Unknown report format 'pdf' in '--report pdf=out.pdf'; use one of: "
                    + "text, json, sarif, junit, github, html\n"))
        let twice = try TestSupport.run([sample, "--report", "json=a", "--report", "sarif=a"])
        #expect(twice.stderr.hasPrefix("Error: Two reports would be written to 'a'\n"))
        let format = try TestSupport.run([sample, "--format", "pdf"])
        #expect(format.stderr.contains("use one of: text, json, sarif, junit, github, html"))
        let percent = try TestSupport.run([sample, "--max-unrecognized", "150"])
        #expect(percent.status == 2)
        #expect(percent.stderr.contains("'--max-unrecognized <percent>'; use a number from 0 to 100"))
    }

    @Test func githubCommandsAnnotateTheLogLine() throws {
        let output = try TestSupport.run([sample, "--format", "github"])
        let lines = output.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(
            lines[0].hasPrefix(
                "::error file=Samples/background-download.log,line=75,col=50,title=CB101 handler-called-early::"
                    + "completion handler called before the session finished delivering events%0A"))
        let pending = try TestSupport.run([
            "Fixtures/relaunch/cb102-handler-never-called-pending.log", "--format", "github",
        ])
        #expect(pending.stdout.hasPrefix("::warning file=Fixtures/relaunch/cb102-handler-never-called-pending.log,"))
        #expect(pending.stdout.contains("(pending: the log ended before the run did)%0A"))
    }

    @Test func aBaselineAcceptsTheSameStoryRecapturedAndListsWhatIsGone() throws {
        let directory = try temporaryDirectory()
        let baseline = directory.appendingPathComponent("baseline.json").path
        let written = try TestSupport.run([sample, "--write-baseline", baseline])
        #expect(written.status == 1)
        #expect(
            try contents(URL(fileURLWithPath: baseline)).contains(
                "\"sliceRole\": \"run, identifier com.acme.Downloader.bg\""))
        // The same story on another day: other time stamps and pids, a chatter line before every record.
        var log = try contents(TestSupport.packageRoot.appendingPathComponent(sample))
        log = log.replacingOccurrences(of: "2026-03-", with: "2026-04-").replacingOccurrences(
            of: "[2388:", with: "[4242:")
        log = log.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix("2026") ? "2026-04-01 00:00:00.000 Other[1:1] noise\n" + $0 : String($0) }
            .joined(separator: "\n")
        let recaptured = try TestSupport.temporaryFile(log)
        let accepted = try TestSupport.run([recaptured, "--baseline", baseline, "--format", "json"])
        #expect(accepted.status == 0)
        #expect(accepted.stderr.hasSuffix("cbcheck: 2 errors (2 in the baseline) in 1 file\n"))
        #expect(accepted.stdout.contains("\"baseline\": \"unchanged\""))
        // Text and GitHub output show an accepted finding as a note, never as an error.
        let text = try TestSupport.run([recaptured, "--baseline", baseline])
        #expect(text.stdout.contains(": note: [CB101] completion handler called before the session finished"))
        #expect(text.stdout.contains("(in the baseline: an accepted error)\n"))
        #expect(!text.stdout.contains(": error: ["))
        let github = try TestSupport.run([recaptured, "--baseline", baseline, "--format", "github"])
        #expect(github.status == 0)
        #expect(github.stdout.hasPrefix("::notice file="))
        #expect(!github.stdout.contains("::error"))
        #expect(!accepted.stdout.contains("\"baseline\": \"new\""))
        let fixed = try TestSupport.run(["Fixtures/relaunch/cb101-handler-called-early-ok.log", "--baseline", baseline])
        #expect(fixed.status == 0)
        #expect(fixed.stderr.contains("\(baseline): stale: CB101 (run, identifier com.acme.Downloader.bg; "))
        #expect(fixed.stderr.contains("\(baseline): stale: CB104 (run; app.handler.called) no longer occurs\n"))
        let newFinding = try TestSupport.run([
            "Fixtures/relaunch/cb103-handler-called-twice.log", "--baseline", baseline,
        ])
        #expect(newFinding.status == 1)
        let broken = try TestSupport.temporaryFile("{\"findings\": []}", name: "baseline.json")
        let malformed = try TestSupport.run([sample, "--baseline", broken])
        #expect(malformed.status == 2)
        #expect(malformed.stderr.contains("error: \(broken): not a version 1 cbcheck baseline\n"))
    }

    @Test func failOnLevelsFromErrorToNever() throws {
        let pending = "Fixtures/relaunch/cb102-handler-never-called-pending.log"
        let warning = "Fixtures/relaunch/cb107-unstable-identifier.log"
        #expect(try TestSupport.run([pending, "--fail-on", "note"]).status == 0)
        #expect(try TestSupport.run([pending, "--fail-on", "pending"]).status == 1)
        #expect(try TestSupport.run([warning, "--fail-on", "note"]).status == 1)
        #expect(try TestSupport.run([warning, "--fail-on", "pending"]).status == 1)
        #expect(try TestSupport.run([sample, "--fail-on", "never"]).status == 0)
        #expect(try TestSupport.run([sample, "--fail-on", "never", "--require-exercised"]).status == 0)
    }

    @Test func aLogThatIsMostlyUnreadableOrNeverWentToTheBackgroundCanFail() throws {
        let garbled = try TestSupport.temporaryFile(
            "2026-03-14 09:26:51.140 Shop[7:1] applicationDidEnterBackground(_:)\n" + "2026-03-14 09:2\n"
                + "09:26:51 broken prefix\n" + "2026-03-14 09:26:51.300 Shop[7:1] hello\n")
        let lenient = try TestSupport.run([garbled, "--max-unrecognized", "50"])
        #expect(lenient.status == 0)
        let strict = try TestSupport.run([garbled, "--max-unrecognized", "10%", "--format", "junit"])
        #expect(strict.status == 1)
        #expect(
            strict.stderr.contains(
                "\(garbled): error: 2 of 4 lines (50%) could not be parsed, more than --max-unrecognized 10%\n"))
        #expect(strict.stdout.contains("<failure message=\"2 of 4 lines (50%) could not be parsed"))
        let foreground = "Fixtures/scenarios/seed002-foreground-download.log"
        #expect(try TestSupport.run([foreground]).status == 0)
        let unexercised = try TestSupport.run([foreground, "--require-exercised"])
        #expect(unexercised.status == 1)
        #expect(unexercised.stderr.contains("\(foreground): error: the log never reached the background path"))
        #expect(try TestSupport.run([garbled, "--require-exercised"]).status == 0)
    }
}

/// `--quiet`: findings, warnings and errors only, as a CI log wants them.
@Suite struct QuietOutputTests {
    @Test func quietKeepsTheFindingsAndDropsTheNotesAndTheCount() throws {
        let loud = try TestSupport.run(["Samples/background-download.log"])
        let quiet = try TestSupport.run(["-q", "Samples/background-download.log"])
        #expect(quiet.status == loud.status)
        #expect(quiet.stdout == loud.stdout)
        #expect(loud.stderr.contains(": note: "))
        #expect(loud.stderr.hasSuffix("cbcheck: 2 errors in 1 file\n"))
        #expect(quiet.stderr.isEmpty, "\(quiet.stderr)")
    }

    @Test func quietStillSaysNothingWasChecked() throws {
        let log = try TestSupport.temporaryFile(
            "2026-03-14 09:26:51.102 Downloader[4101:1200001] [Feed] row rendered\n", name: "chatter.log")
        let quiet = try TestSupport.run(["--quiet", log])
        #expect(quiet.stderr.contains("warning: no callback events in 1 lines"), "\(quiet.stderr)")
        #expect(!quiet.stderr.contains("note:"))
    }
}
