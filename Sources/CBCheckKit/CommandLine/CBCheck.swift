import Diagnostics
import Foundation
import LogReading

/// The `cbcheck` command: dispatches to a subcommand (`check` by default) and maps the outcome to
/// the exit status: 0 clean, 1 findings at or above `--fail-on`, 2 usage or input error.
public enum CBCheck {
    public static let tool = "cbcheck"
    public static let version = "0.1.0"

    static let abstract =
        "Check iOS run logs for URLSession and app-delegate callbacks out of the documented order."
    static let discussion = """
        cbcheck reads run logs (NSLog, the unified log as log show and log stream print it,
        device syslog), recognizes the background-session callbacks in them (handleEvents,
        didFinishDownloadingTo, didCompleteWithError, URLSessionDidFinishEvents, the completion
        handler), builds a trace per run, session and task, and checks it against rules that
        encode Apple's documented orderings.
        """

    /// A subcommand: what it accepts, how it checks that the values go together (before `run`,
    /// so mistakes print with the usage line, like swift-argument-parser's `validate()`), and what
    /// it does.
    struct Subcommand: Sendable {
        let spec: CommandSpec
        var validate: @Sendable (ParsedArguments) throws(UsageError) -> Void = { _ throws(UsageError) in }
        let run: @Sendable (ParsedArguments, Console) -> Int32
    }

    /// Every subcommand, in the order `--help` lists them; the first is the default.
    static let commands: [Subcommand] = [
        Subcommand(spec: CheckCommand.spec, validate: CheckCommand.validate, run: CheckCommand.run),
        Subcommand(
            spec: TraceCommand.spec,
            validate: { arguments throws(UsageError) in try LimitOptions.validate(arguments, command: "trace") },
            run: TraceCommand.run),
        Subcommand(spec: RulesCommand.spec, run: RulesCommand.run),
        Subcommand(spec: ExplainCommand.spec, run: ExplainCommand.run),
        Subcommand(spec: TestCommand.spec, run: TestCommand.run),
        Subcommand(spec: LearnCommand.spec, validate: LearnCommand.validate, run: LearnCommand.run),
    ]

    static var subcommands: [CommandSpec] { commands.map(\.spec) }

    /// Runs the tool with `arguments` (without the program name) and returns the exit status: 2,
    /// whatever the command found, when its output could not all be written.
    public static func main(_ arguments: [String], console: Console = .standard()) -> Int32 {
        console.exitStatus(dispatch(arguments, console))
    }

    // MARK: - Private

    private static func dispatch(_ arguments: [String], _ console: Console) -> Int32 {
        switch arguments.first {
        case "-h", "--help":
            return help(for: nil, console)
        case "--version":
            console.out("\(version)\n")
            return 0
        case "help":
            return help(for: arguments.dropFirst().first, console)
        case "--generate-completion-script":
            let shell = arguments.dropFirst().first ?? ""
            guard let script = CompletionScript.script(for: shell, tool: tool, subcommands: subcommands) else {
                console.error(
                    "Error: '--generate-completion-script' takes a shell: \(CompletionScript.shells.joined(separator: " or "))\n"
                )
                return 2
            }
            console.outVerbatim(script)
            return 0
        default:
            if let first = arguments.first, let command = commands.first(where: { $0.spec.name == first }) {
                return run(command, Array(arguments.dropFirst()), console)
            }
            return run(commands[0], arguments, console)
        }
    }

    private static func help(for name: String?, _ console: Console) -> Int32 {
        guard let name else {
            console.out(
                HelpFormatter.rootHelp(tool: tool, abstract: abstract, discussion: discussion, subcommands: subcommands)
            )
            return 0
        }
        guard let spec = subcommands.first(where: { $0.name == name }) else {
            console.error("Error: Unknown subcommand '\(name)'\n  See '\(tool) --help' for the subcommands.\n")
            return 2
        }
        console.out(HelpFormatter.help(for: spec, tool: tool))
        return 0
    }

    private static func run(_ command: Subcommand, _ arguments: [String], _ console: Console) -> Int32 {
        let spec = command.spec
        do {
            let parsed = try ArgumentParser(spec: spec).parse(arguments)
            if parsed.flag("help") {
                console.out(HelpFormatter.help(for: spec, tool: tool))
                return 0
            }
            try command.validate(parsed)
            return command.run(parsed, console)
        } catch {
            console.error(
                "Error: \(error.message)\n\(HelpFormatter.fittedUsage("Usage: \(HelpFormatter.usage(for: spec, tool: tool))"))\n"
                    + "  See '\(tool) \(spec.name) --help' for more information.\n")
            return 2
        }
    }

    /// The rules and settings a command runs with, and the rules the settings turned off.
    struct Setup {
        var library: RuleLibrary
        var configuration: Configuration
        var disabled: [Configuration.DisabledRule]
    }

    /// Loads the rules and settings (see `makeSetup`); prints the diagnostic on failure.
    static func loadSetup(_ arguments: ParsedArguments, _ console: Console) -> Setup? {
        do {
            let configuration = try configuration(arguments)
            return try makeSetup(arguments, configuration)
        } catch {
            console.error("\(error)\n")
            return nil
        }
    }

    /// The built-in rules and map, then the settings file's `rules` and `events`, then `--rules`
    /// and `--events` (so the command line has the last word), then the file's enable, disable
    /// and severity lines. Each worker of a parallel check calls this for its own copy.
    static func makeSetup(_ arguments: ParsedArguments, _ configuration: Configuration) throws(Diagnostic) -> Setup {
        var library = try RuleLibrary.builtIn()
        try configuration.addPaths(to: &library)
        for path in arguments.all("rules") { try library.addRules(at: path) }
        for path in arguments.all("events") { try library.addEvents(at: path) }
        for path in arguments.all("line-formats") { try library.addLineFormats(at: path) }
        if let name = arguments.value("log-format") { _ = try library.logFormat(named: name) }
        let disabled = try configuration.apply(to: &library)
        return Setup(library: library, configuration: configuration, disabled: disabled)
    }

    /// The settings in effect: `--config FILE`, none under `--no-config`, else the nearest
    /// `.cbcheck` from the working directory upward.
    static func configuration(_ arguments: ParsedArguments) throws(Diagnostic) -> Configuration {
        if arguments.flag("no-config") {
            if arguments.value("config") != nil {
                throw Diagnostic(.error, "--config and --no-config contradict each other")
            }
            return Configuration()
        }
        if let path = arguments.value("config") { return try Configuration.load(from: path) }
        let directory = FileManager.default.currentDirectoryPath
        guard let path = Configuration.find(from: directory) else { return Configuration() }
        return try Configuration.load(from: path)
    }

    static let configOptions: [CommandSpec.Option] = [
        .init(
            names: ["--config"], valueName: "<file>",
            help: "Read settings from this file instead of the nearest .cbcheck (see docs/config.md)."),
        .init(names: ["--no-config"], valueName: nil, help: "Ignore any .cbcheck file."),
    ]

    static let rulesOption = CommandSpec.Option(
        names: ["--rules"], valueName: "<path>",
        help:
            "A .cbrules file, or a directory of them, to add to the built-in rules; a rule with a built-in id replaces it.",
        isRepeatable: true)
    static let eventsOption = CommandSpec.Option(
        names: ["--events"], valueName: "<file>",
        help: "An event map (.cbevents) whose phrasings are tried before the built-in ones (see docs/event-map.md).",
        isRepeatable: true)
    static let logFormatOption = CommandSpec.Option(
        names: ["--log-format"], valueName: "<format>",
        help:
            "Read every file in this format instead of detecting it from its first lines: a built-in one, or one a --line-formats file names (see docs/log-formats.md).",
        allowedValues: LogFormats.identifiers, allowsOtherValues: true)
    static let lineFormatsOption = CommandSpec.Option(
        names: ["--line-formats"], valueName: "<path>",
        help:
            "A .cbformat file, or a directory of them: line formats of your own (a regex with named groups), tried before the built-in ones (see docs/log-formats.md#your-own-formats).",
        isRepeatable: true)
    static let processOption = CommandSpec.Option(
        names: ["--process"], valueName: "<name>",
        help: "Keep only this process's lines (a log of several processes); the others are counted as excluded.")

    static let profileOption = CommandSpec.Option(
        names: ["--profile"], valueName: "<name>",
        help:
            "Read every file with this library profile (repeatable), instead of the ones each file's first MiB shows; 'none' for none ('cbcheck rules --profiles' lists them).",
        allowedValues: BuiltInRuleFiles.profileNames + ["none"], isRepeatable: true)

    /// A checker with `--log-format`, `--process`, `--profile` and the `LimitOptions` applied.
    static func checker(_ library: RuleLibrary, _ arguments: ParsedArguments, readsAhead: Bool = false) -> LogChecker {
        var checker = LogChecker(library: library)
        checker.readsAhead = readsAhead
        checker.format = arguments.value("log-format").flatMap { try? library.logFormat(named: $0) }
        checker.process = arguments.value("process")
        let profiles = arguments.all("profile")
        if !profiles.isEmpty { checker.profileChoice = .only(profiles.filter { $0 != "none" }) }
        LimitOptions.apply(arguments, to: &checker)
        return checker
    }
}
