import Diagnostics

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
            --baseline file are reported but fail nothing. Folders are searched recursively; files are
            checked in parallel (-j) and reported in the order given, a folder's files in path order.
            Settings come from the nearest .cbcheck file upward unless --config or --no-config says
            otherwise; command-line options add to it or override it (its fail-on replaces the default).
            """,
        arguments: [
            .init(
                name: "files",
                help: "Log files, or folders searched for *.log, *.txt and *.ndjson; '-' reads standard input.",
                isRepeatable: true)
        ],
        options: [CBCheck.rulesOption, CBCheck.eventsOption, CBCheck.lineFormatsOption] + CheckOptions.reportOptions
            + TerminalStyle.options
            + CheckOptions.gateOptions + PathOptions.options
            + CBCheck.configOptions + [
                CheckOptions.jobsOption, CBCheck.logFormatOption, CBCheck.processOption, CBCheck.profileOption,
            ] + LimitOptions.options,
        isDefault: true)

    /// The usage mistakes the parser cannot see: `--report` values, the percentage, `-j`.
    static func validate(_ arguments: ParsedArguments) throws(UsageError) {
        _ = try CheckOptions.destinations(arguments)
        _ = try CheckOptions.maxUnrecognized(arguments)
        try LimitOptions.validate(arguments, command: "check")
        _ = try CheckOptions.jobs(arguments)
        try TerminalStyle.validate(arguments, command: "check")
    }

    static func run(_ arguments: ParsedArguments, _ console: Console) -> Int32 {
        guard let setup = CBCheck.loadSetup(arguments, console),
            let destinations = try? CheckOptions.destinations(arguments),
            let jobs = try? CheckOptions.jobs(arguments)
        else { return 2 }
        let configuration = setup.configuration
        let ids = Set(setup.library.rules.map(\.description.id))
        for value in arguments.all("require-checked") {
            for id in value.split(separator: ",").map(String.init) where id != "all" && !ids.contains(id) {
                let hint = id.didYouMean(in: ids.sorted()).map { "; did you mean '\($0)'?" } ?? ""
                console.error("error: unknown rule id '\(id)' in '--require-checked \(value)'\(hint)\n")
                return 2
            }
        }
        var report = CheckReport(
            rules: setup.library.rules.map(\.description), policy: CheckOptions.policy(arguments, configuration))
        let expansion = LogInputs.expand(arguments.positionals, filter: PathOptions.filter(arguments, configuration))
        let inputs = expansion.inputs
        if !arguments.flag("quiet"), let note = PathOptions.leftOutNote(expansion.leftOut) { console.error(note) }
        let keepsTimeline = destinations.contains { $0.reporter.identifier == HTMLReporter.identifier }
        var checker: LogChecker? = CBCheck.checker(setup.library, arguments)
        var progress = ProgressLine(total: inputs.count) { console.terminalControl($0) }
        progress.show(done: 0)
        OrderedWorkPool.run(
            count: inputs.count, workers: jobs, localState: &checker,
            makeState: {
                (try? CBCheck.makeSetup(arguments, configuration)).map { CBCheck.checker($0.library, arguments) }
            },
            work: { checker, index in
                checker?.readsAhead = CheckOptions.readsAhead(file: index, of: inputs.count, jobs: jobs)
                return FileCheck.run(inputs[index], checker, arguments, keepsTimeline: keepsTimeline)
            },
            deliver: { _, outcome in
                progress.clear()
                console.error(outcome.messages)
                report.files.append(outcome.file)
                progress.show(done: report.files.count)
            })
        progress.clear()
        do {
            try CheckOptions.applyBaselines(arguments, to: &report, console)
        } catch {
            console.error("error: \(error)\n")
            return 2
        }
        let written = write(report, to: destinations, arguments, console)
        if !arguments.flag("quiet") { console.error(FindingTally(report).summary + "\n") }
        if !written || report.hasInputErrors { return 2 }
        return report.fails ? 1 : 0
    }

    /// Writes the new baseline (`--write-baseline`) and every report, each failure said once on
    /// standard error with its path or "standard output"; one that fails does not stop the others.
    /// - Returns: whether everything was written.
    private static func write(
        _ report: CheckReport, to destinations: [CheckOptions.Destination], _ arguments: ParsedArguments,
        _ console: Console
    ) -> Bool {
        var files: [(path: String, text: () -> String)] = []
        if let path = arguments.value("write-baseline") {
            files.append((path, { Baseline(accepting: report.findings).render() }))
        }
        for destination in destinations {
            guard let path = destination.path else {
                let isText = destination.reporter.identifier == TextReporter.identifier
                let style = TerminalStyle.forStandardOutput(arguments)
                console.outVerbatim(
                    isText
                        ? TextReporter.generateReport(report, style: style)
                        : destination.reporter.generateReport(report))
                continue
            }
            files.append((path, { destination.reporter.generateReport(report) }))
        }
        var written = true
        for file in files {
            do {
                try ReportFile.write(file.text(), to: file.path)
            } catch {
                console.error(TerminalText.line("error: \(error)"))
                written = false
            }
        }
        return !console.reportFailedWrites() && written
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
        let blind = report.files.filter { $0.error == nil && $0.notChecked.hasNoEvents }.count
        let nothing =
            blind == 0
            ? ""
            : files == 1
                ? " (nothing checked: no callback events)" : " (\(blind) with no callback events: nothing checked)"
        // A file that could not be read (or was skipped) must not read as a clean one.
        let unread = report.files.filter { $0.error != nil && !$0.skipped }.count
        let skipped = report.files.filter(\.skipped).count
        let notRead =
            (unread == 0 ? "" : " (\(unread) with a read error)")
            + (skipped == 0 ? "" : " (\(skipped) skipped: not a text log)")
        // Not one line read from any file (each missing, unreadable or skipped): "no findings"
        // would read as a clean log.
        let readNothing = report.files.allSatisfy { $0.skipped || ($0.error != nil && ($0.stats?.lines ?? 0) == 0) }
        if readNothing, !report.files.isEmpty {
            let reasons =
                (unread == 0 ? [] : ["\(unread) file\(unread == 1 ? "" : "s") could not be read"])
                + (skipped == 0 ? [] : ["\(skipped) file\(skipped == 1 ? "" : "s") skipped, not a text log"])
            return "cbcheck: nothing checked: " + reasons.joined(separator: "; ")
        }
        return "cbcheck: \(found)\(known) in \(files) file\(files == 1 ? "" : "s")\(nothing)\(notRead)"
    }
}
