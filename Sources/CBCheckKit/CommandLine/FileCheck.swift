import Diagnostics

/// Checks one log for `cbcheck check` on whichever thread runs it, keeping what it would print on
/// standard error with the result, so the command prints every file's lines in argument order.
/// Each line is made with `TerminalText.line`: the path and the log's text in it cannot end it.
enum FileCheck {
    /// One file's part of the report, and its lines for standard error, in the order they are printed.
    struct Outcome: Sendable {
        var file: CheckReport.File
        var messages: String
    }

    /// - Parameters:
    ///   - checker: this thread's checker, or `nil` when its rules could not be loaded.
    ///   - keepsTimeline: whether to keep every event for the HTML report.
    static func run(
        _ input: LogInputs.Input, _ checker: LogChecker?, _ arguments: ParsedArguments, keepsTimeline: Bool
    ) -> Outcome {
        let path = input.path
        var file = CheckReport.File(path: path)
        var messages = ""
        guard input.error == nil, let checker else {
            let error = input.error ?? "\(path): the rules could not be loaded on this thread"
            file.error = error
            return Outcome(file: file, messages: TerminalText.line("error: \(error)"))
        }
        var runs: [CheckReport.Run] = []
        var findings: [Finding] = []
        var timeline = TimelineKeeper()
        var coverage = RuleCoverage()
        do {
            let result = try checker.check(
                path: path,
                onEvent: keepsTimeline ? { event, run in timeline.add(TimelineEvent(event, in: run)) } : nil,
                onRunEnd: { run, verdict in
                    runs.append(CheckReport.Run(run, scenario: verdict))
                    if keepsTimeline { timeline.end(run: run.number) }
                },
                onFinding: { finding in
                    findings.append(finding)
                    if keepsTimeline { timeline.noteFinding(inRun: finding.run) }
                })
            for warning in result.warnings { messages += "\(warning)\n" }  // a Diagnostic escapes its lines
            coverage = result.coverage
            file.stats = result.stats
            if let skipped = result.skipped {
                messages += TerminalText.line("warning: \(skipped)")
                (file.error, file.skipped) = ("\(skipped)", true)
            }
        } catch {
            messages += TerminalText.line("error: \(error)")
            file.error = "\(error)"
        }
        let quiet = arguments.flag("quiet")
        for run in runs where !quiet {
            guard let scenario = run.scenario else { continue }
            messages += TerminalText.line("\(path): \(RunDescription.of(run)): \(scenario.description)")
        }
        file.runs = runs
        file.findings = findings.sorted { ($0.location.line, $0.ruleID) < ($1.location.line, $1.ruleID) }
        if keepsTimeline { file.timeline = timeline.take() }
        if let stats = file.stats {
            file.uncheckable = UncheckableRules(checker.library.rules, stats: stats)
            file.notChecked = NotCheckedRules(checker.library.rules, coverage: coverage, stats: stats)
            let said = notes(stats, path: path, rules: checker.library.rules) + notCheckedNote(file)
            messages += quiet ? Self.withoutNotes(said) : said
        }
        file.problems = CheckOptions.problems(with: file.stats, arguments)
        file.problems += CheckOptions.uncheckedRequirements(file.notChecked, arguments)
        for problem in file.problems { messages += TerminalText.line("\(path): error: \(problem)") }
        if arguments.flag("stats"), let stats = file.stats {
            messages += StatsReporter.render(stats, path: path)
            if !file.notChecked.isEmpty {
                messages += TerminalText.line("  not checked: \(file.notChecked.description)")
            }
        }
        return Outcome(file: file, messages: messages)
    }

    /// `text` without its `path: note: …` and `path:line: note: …` lines (`--quiet`).
    static func withoutNotes(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.contains(": note: ") }
            .joined(separator: "\n")
    }

    /// What was not checked: for a log with no callback event, a warning that nothing was; for a
    /// log with no finding, every rule it did not put to work and why (a clean log and one the
    /// rules could not see into must not read alike); else how many, which `--format json` lists.
    static func notCheckedNote(_ file: CheckReport.File) -> String {
        guard let stats = file.stats, file.error == nil else { return "" }
        let notChecked = file.notChecked
        if notChecked.hasNoEvents {
            if stats.lines == 0 {
                return TerminalText.line("\(file.path): warning: the file is empty: nothing was checked")
            }
            let format = stats.format.map { "read as \($0)" } ?? "in no format cbcheck reads"
            return TerminalText.line(
                "\(file.path): warning: no callback events in \(stats.lines) lines (\(format)): nothing was checked")
        }
        guard !notChecked.isEmpty else { return "" }
        if file.findings.isEmpty {
            return TerminalText.line("\(file.path): note: not checked: \(notChecked.description)")
        }
        let count = notChecked.entries.count
        return TerminalText.line(
            "\(file.path): note: \(count) rule\(count == 1 ? "" : "s") not checked (--stats lists them)")
    }

    /// What a reader of the findings must know of the whole file, once: the rules it could not
    /// be checked against (no time stamps, no threads), the clock going back, and that most of it
    /// could not be read (`UnreadableLog`).
    static func notes(_ stats: LineStats, path: String, rules: [CompiledRule]) -> String {
        var text = ""
        let uncheckable = UncheckableRules(rules, stats: stats)
        if !uncheckable.isEmpty {
            text += TerminalText.line(
                "\(path): note: not checkable in this log (format \(stats.format ?? "unknown")): \(uncheckable.description)"
            )
        }
        if let line = stats.clockWentBack?.line, let note = StatsReporter.clockNote(stats) {
            text += TerminalText.line("\(path):\(line): note: \(note)")
        }
        if let line = stats.firstSliceSetAsideUnjudged, let note = StatsReporter.unjudgedNote(stats) {
            text += TerminalText.line("\(path):\(line): note: \(note)")
        }
        if let warning = UnreadableLog.warning(stats) { text += "\(path): warning: \(warning)\n" }
        if let line = stats.firstUnparseableEvent?.line, let lost = UnreadableLog.lostEvents(stats) {
            text += TerminalText.line("\(path):\(line): warning: \(lost)")
        }
        return text
    }
}
