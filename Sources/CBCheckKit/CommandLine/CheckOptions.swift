import Diagnostics
import Foundation

/// The options of `cbcheck check` that choose where results go (`--format`, `--output`,
/// `--report`, baselines) and what fails the run (`--fail-on`, `--max-unrecognized`,
/// `--require-exercised`), with what each value means.
enum CheckOptions {
    /// Where one report goes: a file, or standard output when `path` is `nil`.
    struct Destination {
        var reporter: any Reporter.Type
        var path: String?
    }

    static let reportOptions: [CommandSpec.Option] = [
        .init(
            names: ["--format"], valueName: "<format>",
            help: "The format of the report on standard output (or in --output).",
            allowedValues: ReporterList.identifiers, defaultValue: TextReporter.identifier),
        .init(
            names: ["--output"], valueName: "<file>",
            help:
                "Write the --format report to this file instead of standard output: a regular file is replaced atomically, "
                + "a FIFO or device written into; a directory or socket is refused."),
        .init(
            names: ["--report"], valueName: "<format>=<file>",
            help: "Also write a report in this format to this file, e.g. sarif=cbcheck.sarif.",
            isRepeatable: true),
        .init(
            names: ["--baseline"], valueName: "<file>",
            help:
                "Findings listed in this file are reported but fail nothing; entries no finding matches are listed as stale."
        ),
        .init(
            names: ["--write-baseline"], valueName: "<file>",
            help: "Write every finding of this check to a baseline file, to accept them for now."),
    ]

    static let gateOptions: [CommandSpec.Option] = [
        .init(
            names: ["--fail-on"], valueName: "<level>",
            help:
                "Exit with status 1 on a violation this severe or more; 'pending' fails on any finding, 'never' on none.",
            allowedValues: FailPolicy.Level.allCases.map(\.rawValue), defaultValue: "error"),
        .init(
            names: ["--fail-on-pending"], valueName: nil,
            help: "Count pending findings at the --fail-on severity as violations too."),
        .init(
            names: ["--max-unrecognized"], valueName: "<percent>",
            help:
                "Fail when more than this percentage of a log's lines could not be parsed (a capture in another format)."
        ),
        .init(
            names: ["--require-exercised"], valueName: nil,
            help:
                "Fail when a log never reached the background path the rules check (no background, handleEvents or finishEvents)."
        ),
        .init(
            names: ["--require-checked"], valueName: "<rule>",
            help:
                "Fail when a log did not put this rule to work (no events it judges, or none it could bind); "
                + "repeatable, or comma-separated; 'all' for every rule.",
            isRepeatable: true),
        .init(
            names: ["-q", "--quiet"], valueName: nil,
            help:
                "Print only findings, warnings and errors: no notes (rules not checked, each run's scenario, the "
                + "closing count). What was not checked is still in the json, sarif and junit reports."),
        .init(
            names: ["--stats"], valueName: nil,
            help:
                "After each file, print how every line was read: events, continuations, chatter, unparseable, and "
                + "what decoration of a pasted log (indentation, '> ', line numbers, fences) was taken off."),
    ]

    /// The reports to write: `--format` to `--output` or standard output, then each `--report`.
    /// - Throws: `UsageError` for a `--report` without `=`, an unknown format, or two reports to
    ///   one file.
    static func destinations(_ arguments: ParsedArguments) throws(UsageError) -> [Destination] {
        let format = arguments.value("format") ?? TextReporter.identifier
        var destinations = [Destination(reporter: ReporterList.reporter(for: format)!, path: arguments.value("output"))]
        for value in arguments.all("report") {
            let parts = value.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[1].isEmpty else {
                throw UsageError(
                    "The value '\(value)' is invalid for '--report'; use <format>=<file>", command: "check")
            }
            guard let reporter = ReporterList.reporter(for: parts[0]) else {
                throw UsageError(
                    "Unknown report format '\(parts[0])' in '--report \(value)'; use one of: "
                        + ReporterList.identifiers.joined(separator: ", "), command: "check")
            }
            if destinations.contains(where: { $0.path == parts[1] }) {
                throw UsageError("Two reports would be written to '\(parts[1])'", command: "check")
            }
            destinations.append(Destination(reporter: reporter, path: parts[1]))
        }
        return destinations
    }

    static let jobsOption = CommandSpec.Option(
        names: ["-j", "--jobs"], valueName: "<n>",
        help:
            "Use this many threads (default: the cores cbcheck may run on): that many files at once, output in argument "
            + "order; a lone file, and the last files once fewer are left than threads, are also read on a thread "
            + "of their own while their events are checked."
    )

    /// Whether file `file` (0-based, of `count`) reads ahead on a thread of its own: when fewer files
    /// follow it than there are other threads, a thread would otherwise idle while it ends (a lone
    /// log on two cores, the last of three). Earlier files fill the threads one each. Measured on
    /// two cores (docs/performance.md, "Many files"): three 200 MB logs 0.59 → 0.49 s, two 20 MB
    /// and a 200 MB one 0.33 → 0.22 s, two or four equal logs unchanged.
    static func readsAhead(file: Int, of count: Int, jobs: Int) -> Bool {
        jobs >= 2 && count - 1 - file < jobs - 1
    }

    /// `-j`: a positive number of threads; default, the cores the process may run on (`UsableCores`).
    static func jobs(_ arguments: ParsedArguments) throws(UsageError) -> Int {
        guard let text = arguments.value("jobs") else { return UsableCores.count }
        guard let jobs = Int(text), jobs >= 1 else {
            throw UsageError(
                "The value '\(text)' is invalid for '-j <n>'; use a whole number of at least 1", command: "check")
        }
        return jobs
    }

    /// `--fail-on` and `--fail-on-pending`; the settings file's `fail-on` when the option is absent.
    static func policy(_ arguments: ParsedArguments, _ configuration: Configuration) -> FailPolicy {
        let level = arguments.value("fail-on").flatMap(FailPolicy.Level.init(rawValue:)) ?? configuration.failOn
        return FailPolicy(level: level ?? .error, countingPending: arguments.flag("fail-on-pending"))
    }

    /// `--max-unrecognized` as a number from 0 to 100, or `nil` when not given.
    static func maxUnrecognized(_ arguments: ParsedArguments) throws(UsageError) -> Double? {
        guard let text = arguments.value("max-unrecognized") else { return nil }
        let trimmed = text.hasSuffix("%") ? String(text.dropLast()) : text
        guard let percent = Double(trimmed), (0...100).contains(percent) else {
            throw UsageError(
                "The value '\(text)' is invalid for '--max-unrecognized <percent>'; use a number from 0 to 100",
                command: "check")
        }
        return percent
    }

    /// Event kinds that show a log reached the background path the rules are about.
    static let exercisingKinds = ["app.background", "app.handleEvents", "session.finishEvents"]

    /// The file-wide checks that fail for a log with these statistics.
    static func problems(with stats: LineStats?, _ arguments: ParsedArguments) -> [String] {
        guard let stats else { return [] }
        var problems: [String] = []
        let read = stats.lines - stats.annotations - stats.decoration
        if let limit = try? maxUnrecognized(arguments), read > 0 {
            let percent = Double(stats.unparseable) * 100 / Double(read)
            if percent > limit {
                problems.append(
                    "\(stats.unparseable) of \(read) lines (\(Int(percent.rounded()))%) could not be parsed, "
                        + "more than --max-unrecognized \(arguments.value("max-unrecognized")!)")
            }
        }
        if arguments.flag("require-exercised"),
            !exercisingKinds.contains(where: { EventKind(named: $0).map { stats.events(of: $0) > 0 } ?? false })
        {
            problems.append(
                "the log never reached the background path the rules check (no "
                    + exercisingKinds.joined(separator: ", ") + " event); --require-exercised")
        }
        return problems
    }

    /// `--require-checked`: a problem for each named rule (or every rule, `all`) the log did not
    /// put to work, with the reason.
    static func uncheckedRequirements(_ notChecked: NotCheckedRules, _ arguments: ParsedArguments) -> [String] {
        let required = arguments.list("require-checked")
        guard !required.isEmpty else { return [] }
        let all = required.contains("all")
        return notChecked.entries.filter { all || required.contains($0.rule) }.map {
            "\($0.rule) was not checked (\($0.reason)); --require-checked"
        }
    }

    /// `--baseline`: marks accepted findings and lists stale entries on standard error
    /// (`--write-baseline` is written with the reports, by `CheckCommand`).
    static func applyBaselines(_ arguments: ParsedArguments, to report: inout CheckReport, _ console: Console) throws {
        if let path = arguments.value("baseline") {
            try Baseline.read(at: path).apply(to: &report)
            for entry in report.staleBaseline {
                let identity = entry.identity
                let times = entry.count == 1 ? "" : " (\(entry.count) times)"
                console.error(
                    TerminalText.line(
                        "\(path): stale: \(identity.rule) (\(identity.sliceRole); "
                            + "\(identity.evidenceKinds.joined(separator: ", "))) no longer occurs\(times)"))
            }
        }
    }
}
