import Foundation
import TestSupport
import Testing

/// Runs the built `cbcheck` binary as a user would and checks what it prints and returns.
@Suite struct EndToEndTests {
    private let sample = "Samples/background-download.log"

    @Test func sampleLogFindingsArePrintedCompilerStyleAndFailTheRun() throws {
        let output = try TestSupport.run([sample])
        #expect(output.status == 1)
        let lines = output.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("\(sample):75:50: error: [CB101] completion handler called before") })
        #expect(
            lines.contains {
                $0.hasPrefix("\(sample):75:50: error: [CB104] the handleEvents completion handler was called off")
            })
        #expect(output.stdout.contains("    \(sample):70: app.handleEvents: scope opened here"))
        #expect(
            output.stderr == """
                \(sample): run 1 (Downloader pid 2051, lines 1–63): background-download (seed 000 §1–2, the run that starts it)
                \(sample): run 2 (Downloader pid 2388, lines 66–90): none; closest: launched-in-background (seed 000 §1), \
                departs at line 75: app.handler.called came before session.finishEvents
                \(sample): run 3 (Downloader pid 2710, lines 96–132): foreground-download (seed 002)
                \(sample): note: 17 rules not checked (--stats lists them)
                cbcheck: 2 errors in 1 file

                """)
    }

    @Test func checkIsTheDefaultSubcommandAndStatsAccountForEveryLine() throws {
        let output = try TestSupport.run(["check", sample, "--stats"])
        #expect(output.status == 1)
        #expect(output.stderr.contains("\(sample): 135 lines, format nslog (detected at line 1)\n"))
        #expect(output.stderr.contains("  continuation          8\n"))
        #expect(output.stderr.contains("  unparseable           0\n"))
    }

    @Test func failOnPendingDecidesWhetherAPendingFindingFails() throws {
        let path = "Fixtures/relaunch/cb102-handler-never-called-pending.log"
        let lenient = try TestSupport.run([path])
        #expect(lenient.status == 0)
        #expect(lenient.stdout.contains("[CB102] the handleEvents completion handler was never called (pending: "))
        let strict = try TestSupport.run([path, "--fail-on-pending"])
        #expect(strict.status == 1)
    }

    @Test func failOnWarningCountsWarnings() throws {
        let path = "Fixtures/relaunch/cb107-unstable-identifier.log"
        #expect(try TestSupport.run([path]).status == 0)
        #expect(try TestSupport.run([path, "--fail-on", "warning"]).status == 1)
    }

    @Test func standardInputIsReadFromDash() throws {
        let log = try String(contentsOf: TestSupport.packageRoot.appendingPathComponent(sample), encoding: .utf8)
        let output = try TestSupport.run(["-"], stdin: log)
        #expect(output.status == 1)
        #expect(output.stdout.hasPrefix("-:75:50: error: [CB101]"))
    }

    @Test func inputErrorsNameThePathAndExitTwo() throws {
        let missing = try TestSupport.run(["no/such.log"])
        #expect(missing.status == 2)
        #expect(missing.stderr.hasPrefix("error: no/such.log: no such file\n"))
        let directory = try TestSupport.run(["Sources/CPCRE2"])
        #expect(directory.status == 2)
        #expect(
            directory.stderr.hasPrefix(
                "error: Sources/CPCRE2: no *.log, *.txt, *.ndjson files (or .gz) in this directory\n"))
    }

    @Test func usageErrorsLookLikeArgumentParser() throws {
        let output = try TestSupport.run(["check", "--fial-on", "error", sample])
        #expect(output.status == 2)
        #expect(
            output.stderr.hasPrefix(
                "Error: Unknown option '--fial-on' (did you mean '--fail-on'?)\nUsage: cbcheck check "))
        #expect(output.stderr.hasSuffix("  See 'cbcheck check --help' for more information.\n"))
        // The usage is wrapped as in --help, its later lines under the first.
        let usage = output.stderr.split(separator: "\n").dropFirst().dropLast()
        #expect(usage.count > 3)
        #expect(usage.allSatisfy { $0.count <= 80 }, "\(usage)")
        #expect(usage.dropFirst().allSatisfy { $0.hasPrefix("       [") || $0.hasPrefix("       <") }, "\(usage)")
        let badValue = try TestSupport.run([sample, "--fail-on", "fatal"])
        #expect(badValue.status == 2)
        #expect(badValue.stderr.contains("use one of: error, warning, note, pending, never"))
        let noFile = try TestSupport.run(["check"])
        #expect(noFile.stderr.hasPrefix("Error: Missing expected argument '<files>'"))
    }

    @Test func aRuleFileTypoIsReportedWithFileLineColumnAndACaret() throws {
        let rules = try TestSupport.temporaryFile(
            "rule CB900 typo\n  summary \"x\"\n  forbid app.handler.caled\n", name: "typo.cbrules")
        let output = try TestSupport.run([sample, "--rules", rules])
        #expect(output.status == 2)
        #expect(
            output.stderr.hasPrefix(
                "\(rules):3:10: error: unknown event kind 'app.handler.caled'\n    forbid app.handler.caled\n           ^\n"
                    + "  hint: did you mean 'app.handler.called'?\n"))
    }

    @Test func userEventMapsTeachAppPhrasings() throws {
        let log = try TestSupport.temporaryFile(
            """
            2026-03-14 09:26:51.140 Shop[7:1] AppDelegate woke for transfers of com.shop.bg
            2026-03-14 09:26:51.200 Shop[7:1] background session com.shop.bg rebuilt
            2026-03-14 09:26:51.300 Shop[7:1] telling UIKit we are done

            """)
        let map = try TestSupport.temporaryFile(
            """
            event app.handleEvents
              match /woke for transfers of (?<identifier>\\S+)/
            event app.handler.called
              match /telling UIKit we are done/
            """, name: "shop.cbevents")
        let output = try TestSupport.run(["trace", log, "--events", map])
        #expect(output.status == 0)
        #expect(output.stdout.contains("app.handleEvents  identifier=com.shop.bg"))
        #expect(output.stdout.contains("app.handler.called  identifier=com.shop.bg (inferred)"))
        let check = try TestSupport.run([log, "--events", map])
        #expect(check.stdout.contains("[CB101]"))
    }

    /// What a `phrasing ==` condition names is shown on the events the user's own map recognized,
    /// and only there.
    @Test func traceShowsThePhrasingOfTheUsersOwnMap() throws {
        let output = try TestSupport.run([
            "trace", "--events", "Samples/learn-raw/episodes.cbevents", "Samples/learn-raw/good-1.log",
        ])
        #expect(output.status == 0)
        let rows = output.stdout.split(separator: "\n").filter { $0.contains("phrasing=") }
        #expect(!rows.isEmpty)
        #expect(rows.allSatisfy { $0.contains("app.resultRecorded") && $0.contains("phrasing=episodes.cbevents:") })
        #expect(!output.stdout.contains("phrasing=events.cbevents"))
    }

    @Test func traceShowsRunsThreadsAndLines() throws {
        let output = try TestSupport.run(["trace", sample])
        #expect(output.status == 0)
        #expect(output.stdout.hasPrefix("run 1 · Downloader pid 2051 · from line 1\n  line   time "))
        #expect(output.stdout.contains("\nrun 2 · Downloader pid 2388 · from line 66\n"))
        #expect(output.stdout.contains("app.handleEvents  identifier=com.acme.Downloader.bg"))
        #expect(
            output.stdout.contains(
                "  end of run 2 · lines 66–90 · main thread 1079902 · ended: next run began (pid 2710 began) (line 96)\n"
                    + "  scenario: none; closest: launched-in-background (seed 000 §1), departs at line 75: "
                    + "app.handler.called came before session.finishEvents\n"))
    }

    /// Peak memory (KB) of `cbcheck COMMAND` on a run of `tasks` downloads (`many_tasks.py`).
    private func peakMemory(_ command: [String], tasks: Int) throws -> Int {
        let log = try TestSupport.temporaryFile("", name: "tasks.log")
        let script =
            "python3 Scripts/hostile/many_tasks.py $2 $1 && /usr/bin/time -f 'peak %M' \"$0\" "
            + command.joined(separator: " ") + " $1"
        let output = try TestSupport.run(
            ["-c", script + " 2>&1 >/dev/null", TestSupport.binary.path, log, String(tasks)],
            executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(output.status == 0)
        let line = output.stdout.split(separator: "\n").first { $0.hasPrefix("peak ") } ?? ""
        return Int(line.dropFirst(5)) ?? .max
    }

    /// The trace is printed as it is read: ten times the tasks in one run, the same peak memory.
    /// (Not under AddressSanitizer, whose quarantine keeps freed memory.)
    @Test(.disabled(if: ProcessInfo.processInfo.environment["ASAN_OPTIONS"] != nil))
    func traceMemoryIsFlatInTheTasksOfARun() throws {
        let few = try peakMemory(["trace"], tasks: 1000)
        let many = try peakMemory(["trace"], tasks: 10_000)
        #expect(many - few < 8000, "peak RSS \(few) KB for 1 000 tasks, \(many) KB for 10 000")
    }

    /// Completed task slices are set aside: ten times the tasks in one run, about the same memory
    /// (`SliceRetirementTests` holds the verdicts to what they were).
    @Test(.disabled(if: ProcessInfo.processInfo.environment["ASAN_OPTIONS"] != nil))
    func checkMemoryIsFlatInTheTasksOfARun() throws {
        let few = try peakMemory(["check", "--stats"], tasks: 1000)
        let many = try peakMemory(["check", "--stats"], tasks: 10_000)
        #expect(many - few < 8000, "peak RSS \(few) KB for 1 000 tasks, \(many) KB for 10 000")
    }

    @Test func rulesAndExplainDescribeTheCatalog() throws {
        let rules = try TestSupport.run(["rules"])
        #expect(rules.status == 0)
        #expect(rules.stdout.split(separator: "\n").count == 38)
        #expect(rules.stdout.hasPrefix("CB101  error   handler-called-early"))
        let explain = try TestSupport.run(["explain", "cb101"])
        #expect(explain.status == 0)
        #expect(explain.stdout.hasPrefix("CB101 handler-called-early (error)\n"))
        #expect(explain.stdout.contains("\nRATIONALE\n"))
        #expect(
            explain.stdout.contains("  after app.handleEvents: forbid app.handler.called before session.finishEvents\n")
        )
        #expect(explain.stdout.contains("  Fixtures/relaunch/cb101-handler-called-early.log\n"))
        let unknown = try TestSupport.run(["explain", "CB1O1"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("did you mean CB101?"))
    }

    @Test func helpFollowsTheArgumentParserLayout() throws {
        let root = try TestSupport.run(["--help"])
        #expect(root.status == 0)
        #expect(root.stdout.hasPrefix("OVERVIEW: Check iOS run logs"))
        #expect(
            root.stdout.contains("\nSUBCOMMANDS:\n  check (default)         Check logs against the ordering rules.\n"))
        #expect(root.stdout.contains("  See 'cbcheck help <subcommand>' for detailed help.\n"))
        let check = try TestSupport.run(["help", "check"])
        let checkFlag = try TestSupport.run(["check", "--help"])
        #expect(check.stdout == checkFlag.stdout)
        #expect(
            check.stdout.contains(
                "USAGE: cbcheck check [--rules <path> ...] [--events <file> ...]\n       [--line-formats <path> ...] [--format <format>]"
            ))
        #expect(
            check.stdout.contains("  --fail-on <level>       Exit with status 1 on a violation this severe or more;\n"))
        #expect(
            check.stdout.contains(
                "(values: error, warning, note, pending, never;\n                          default: error)"))
    }

    @Test func anInstalledBinaryNeedsNothingBesideIt() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cbcheck-install-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let copy = directory.appendingPathComponent("cbcheck")
        try FileManager.default.copyItem(at: TestSupport.binary, to: copy)
        let log = TestSupport.packageRoot.appendingPathComponent(sample).path
        let process = Process()
        process.executableURL = copy
        process.arguments = [log]
        process.currentDirectoryURL = directory
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = Pipe()
        try process.run()
        let out = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(out.contains("[CB101]"))
    }
}
