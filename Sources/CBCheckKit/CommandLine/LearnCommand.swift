/// `cbcheck learn GOOD… [--bad BAD]…`: drafts rules from logs known to be correct.
enum LearnCommand {
    static let spec = CommandSpec(
        name: "learn", abstract: "Draft rules from the orderings that hold in every slice of logs known to be correct.",
        discussion: """
            Mines the good logs' traces per run, per session identifier and per task (and per task kind:
            download, upload, data): A always precedes B, A is always followed by B, A is never followed
            by B, at most once, exactly once given A, and how long A to B took (drafted as a bound of
            twice the longest time, at least 1s, rounded up; from one or two slices, marked weakly
            supported). What the event vocabulary makes true, what follows from others, what fewer
            than --min-support slices exercised, time bounds fewer than --time-bound-support slices
            measured, and what a loaded rule (built-in, the settings file's, --rules) already checks
            are left out, the last listed with that rule's id. The rest is printed as rule-file text
            (or, with --format json, one JSON document), ranked by support and numbered after the
            highest L-number of the rules there are, each rule with a comment naming a place in the
            good logs that shows it; no printed rule fires on the good logs. --raw also mines each
            phrasing of your own event map apart from its kind. --bad checks the rules on logs known
            to be wrong and says which rule catches each, at which line; --emit-fixtures writes the
            logs as annotated fixtures and the rules beside them, so 'cbcheck test --rules
            DIR/learned.cbrules DIR' covers the new rules. See docs/learning-rules.md.
            """,
        arguments: [
            .init(
                name: "good", help: "Logs known to be correct, or folders searched for *.log, *.txt and *.ndjson.",
                isRepeatable: true)
        ],
        options: [
            .init(
                names: ["--bad"], valueName: "<path>",
                help: "A log known to be wrong, or a folder of them: say which learned rule catches it, and where.",
                isRepeatable: true),
            .init(
                names: ["--min-support"], valueName: "<n>",
                help: "Leave out invariants exercised by fewer slices than this.", defaultValue: "2"),
            .init(
                names: ["--time-bound-support"], valueName: "<n>",
                help: "Print a time bound (last at most) only when this many slices measured it.", defaultValue: "5"),
            .init(
                names: ["--no-time-bounds"], valueName: nil, help: "Print no time bounds, only orderings and counts."),
            .init(
                names: ["--raw"], valueName: nil,
                help:
                    "Also mine each phrasing of your own event map (--events) apart from its kind; rules name it with 'where phrasing == \"FILE:LINE\"'."
            ),
            .init(
                names: ["--format"], valueName: "<format>",
                help: "How to print the rules: rule-file text, or one JSON document (docs/learn.schema.json).",
                allowedValues: ["text", "json"], defaultValue: "text"),
            .init(
                names: ["--emit-fixtures"], valueName: "<dir>",
                help: "Write the good and bad logs as annotated fixtures, and the rules as learned.cbrules, here."),
            CBCheck.eventsOption, CBCheck.lineFormatsOption,
            .init(
                names: ["--rules"], valueName: "<path>",
                help:
                    "Your own rules (a .cbrules file or a folder of them), besides the settings file's: what they check is not drafted again, and drafts are numbered after their highest L-number.",
                isRepeatable: true),
        ] + CBCheck.configOptions + [CBCheck.logFormatOption, CBCheck.processOption])

    /// The supports are positive numbers; standard input cannot be read twice.
    static func validate(_ arguments: ParsedArguments) throws(UsageError) {
        _ = try pruner(arguments)
        if (arguments.positionals + arguments.all("bad")).contains("-") {
            throw UsageError("learn reads each log more than once: save standard input to a file", command: "learn")
        }
    }

    static func run(_ arguments: ParsedArguments, _ console: Console) -> Int32 {
        guard let setup = CBCheck.loadSetup(arguments, console), let pruner = try? pruner(arguments) else {
            return 2
        }
        guard let good = paths(arguments.positionals, console), let bad = paths(arguments.all("bad"), console) else {
            return 2
        }
        var learner = RuleLearner(library: setup.library)
        learner.pruner = pruner
        learner.raw = arguments.flag("raw")
        learner.makeChecker = { CBCheck.checker($0, arguments) }
        learner.existingIDs += setup.disabled.map(\.id)
        do {
            let outcome = try learner.learn(good: good, bad: bad)
            for warning in outcome.warnings { console.error("\(warning)\n") }
            let text = LearnReport.text(outcome)
            let json = arguments.value("format") == "json"
            if json {
                console.outVerbatim(LearnJSONReport.generate(outcome, raw: learner.raw))
            } else {
                console.out(text)
            }
            if let directory = arguments.value("emit-fixtures") {
                // What `cbcheck test` runs: the built-in rules, --rules and --events, without the settings file.
                var writer = LearnedFixtureWriter(library: try CBCheck.makeSetup(arguments, Configuration()).library)
                writer.testOptions =
                    arguments.all("rules").flatMap { ["--rules", $0] }
                    + arguments.all("events").flatMap { ["--events", $0] }
                console.error(try writer.write(outcome, rulesText: text, to: directory))
            }
            console.error(LearnReport.summary(outcome))
        } catch {
            let hint = error.hint.map { "\n  hint: \($0)" } ?? ""
            console.error(error.location == nil ? "error: \(error.message)\(hint)\n" : "\(error)\n")
            return 2
        }
        return 0
    }

    // MARK: - Private

    /// The thresholds of `--min-support`, `--time-bound-support` and `--no-time-bounds`.
    private static func pruner(_ arguments: ParsedArguments) throws(UsageError) -> InvariantPruner {
        let noTimeBounds = arguments.flag("no-time-bounds")
        if noTimeBounds && arguments.value("time-bound-support") != nil {
            throw UsageError(
                "--no-time-bounds leaves out what --time-bound-support asks for: give one", command: "learn")
        }
        return InvariantPruner(
            minimumSupport: try count("min-support", arguments, default: 2),
            minimumTimeBoundSupport: noTimeBounds ? nil : try count("time-bound-support", arguments, default: 5))
    }

    private static func count(_ key: String, _ arguments: ParsedArguments, default: Int) throws(UsageError) -> Int {
        let text = arguments.value(key) ?? String(`default`)
        guard let value = Int(text), value >= 1 else {
            throw UsageError(
                "The value '\(text)' is invalid for '--\(key) <n>'; use a number from 1", command: "learn")
        }
        return value
    }

    /// The logs named, folders expanded; `nil` (after saying why) when a folder holds none.
    private static func paths(_ arguments: [String], _ console: Console) -> [String]? {
        let inputs = LogInputs.expand(arguments).inputs
        for input in inputs {
            if let error = input.error {
                console.error("error: \(error)\n")
                return nil
            }
        }
        return inputs.map(\.path)
    }
}
