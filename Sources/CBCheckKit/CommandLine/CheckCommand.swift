/// `cbcheck check FILE…`: runs every rule over each log, then writes the findings in each format
/// asked for and maps them to the exit status.
enum CheckCommand {
    static let spec = CommandSpec(
        name: "check", abstract: "Check logs against the ordering rules.",
        discussion: """
            Each finding is printed compiler-style (path:line:col: error: [CB101] summary), followed by
            what happened and the log lines that show it; --format and --report write json, sarif,
            junit or github instead or as well. A finding is 'pending' when the expected event had not
            come when the log ended and nothing shows the run ended; pending findings do not fail the
            check unless --fail-on pending or --fail-on-pending is given. Findings listed in a
            --baseline file are reported but fail nothing.
            """,
        arguments: [.init(name: "files", help: "Log files to check; '-' reads standard input.", isRepeatable: true)],
        options: [CBCheck.rulesOption, CBCheck.eventsOption] + CheckOptions.reportOptions + CheckOptions.gateOptions,
        isDefault: true)

    /// The usage mistakes the parser cannot see: `--report` values, the percentage.
    static func validate(_ arguments: ParsedArguments) throws(UsageError) {
        _ = try CheckOptions.destinations(arguments)
        _ = try CheckOptions.maxUnrecognized(arguments)
    }

    static func run(_ arguments: ParsedArguments, _ console: Console) -> Int32 {
        guard let library = CBCheck.loadLibrary(arguments, console),
            let destinations = try? CheckOptions.destinations(arguments)
        else { return 2 }
        let policy = FailPolicy(
            level: FailPolicy.Level(rawValue: arguments.value("fail-on") ?? "error") ?? .error,
            countingPending: arguments.flag("fail-on-pending"))
        var report = CheckReport(rules: library.rules.map(\.description), policy: policy)
        let checker = LogChecker(library: library)
        for path in arguments.positionals {
            var file = check(path, checker, console)
            file.problems = CheckOptions.problems(with: file.stats, arguments)
            for problem in file.problems { console.error("\(path): error: \(problem)\n") }
            if arguments.flag("stats"), let stats = file.stats {
                console.error(StatsReporter.render(stats, path: path))
            }
            report.files.append(file)
        }
        do {
            try CheckOptions.applyBaselines(arguments, to: &report, console)
            for destination in destinations {
                let text = destination.reporter.generateReport(report)
                if let path = destination.path { try ReportFile.write(text, to: path) } else { console.out(text) }
            }
        } catch {
            console.error("error: \(error)\n")
            return 2
        }
        console.error(FindingTally(report).summary + "\n")
        if report.hasInputErrors { return 2 }
        return report.fails ? 1 : 0
    }

    // MARK: - Private

    /// Checks one log; reading warnings and each run's scenario go to standard error as they come.
    private static func check(_ path: String, _ checker: LogChecker, _ console: Console) -> CheckReport.File {
        var file = CheckReport.File(path: path)
        var runs: [CheckReport.Run] = []
        var findings: [Finding] = []
        do {
            let result = try checker.check(
                path: path,
                onRunEnd: { run, verdict in
                    runs.append(CheckReport.Run(run, scenario: verdict))
                }, onFinding: { findings.append($0) })
            for warning in result.warnings { console.error("\(warning)\n") }
            file.stats = result.stats
            if let skipped = result.skipped {
                console.error("warning: \(skipped)\n")
                (file.error, file.skipped) = ("\(skipped)", true)
            }
        } catch {
            console.error("error: \(error)\n")
            file.error = "\(error)"
        }
        for run in runs {
            guard let scenario = run.scenario else { continue }
            console.error("\(path): \(RunDescription.of(run)): \(scenario.description)\n")
        }
        file.runs = runs
        file.findings = findings.sorted { ($0.location.line, $0.ruleID) < ($1.location.line, $1.ruleID) }
        return file
    }
}

/// Counts findings by severity and verdict for the closing line on standard error.
struct FindingTally {
    let report: CheckReport

    init(_ report: CheckReport) { self.report = report }

    var summary: String {
        let findings = report.findings
        var parts: [String] = []
        for severity in Severity.allCases.reversed() {
            let count = findings.filter { $0.verdict == .violated && $0.severity == severity }.count
            if count > 0 { parts.append("\(count) \(severity.rawValue)\(count == 1 ? "" : "s")") }
        }
        let pending = findings.filter { $0.verdict == .pending }.count
        if pending > 0 { parts.append("\(pending) pending") }
        let baselined = findings.filter(\.isBaselined).count
        let found = parts.isEmpty ? "no findings" : parts.joined(separator: ", ")
        let known = baselined > 0 ? " (\(baselined) in the baseline)" : ""
        let files = report.files.count
        return "cbcheck: \(found)\(known) in \(files) file\(files == 1 ? "" : "s")"
    }
}
