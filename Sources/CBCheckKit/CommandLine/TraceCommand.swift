import Diagnostics
import Foundation

/// `cbcheck trace FILE`: the normalized trace the rules see, run by run, with each event's line,
/// printed as the log is read (`TracePrinter`).
enum TraceCommand {
    static let spec = CommandSpec(
        name: "trace", abstract: "Print the normalized trace: runs, main thread, app state, events and their lines.",
        discussion:
            "An event your own map (--events) recognized also shows its phrasing=FILE:LINE, what a\n"
            + "rule's 'where phrasing == \"FILE:LINE\"' names. An event recognized by the system's own\n"
            + "words shows tier=system, one recognized by an app's sentence tier=phrasing (a method's\n"
            + "printed name, the rest, says nothing).\n\nEvent kinds:\n"
            + EventKind.all.map { "  \($0.name.padding(to: 24))\($0.summary)" }.joined(separator: "\n"),
        arguments: [.init(name: "file", help: "The log to trace; '-' reads standard input.")],
        options: [CBCheck.eventsOption, CBCheck.lineFormatsOption] + CBCheck.configOptions + [
            CBCheck.logFormatOption, CBCheck.processOption, CBCheck.profileOption,
        ] + LimitOptions.options)

    static func run(_ arguments: ParsedArguments, _ console: Console) -> Int32 {
        guard let library = CBCheck.loadSetup(arguments, console)?.library else { return 2 }
        let path = arguments.positionals[0]
        let printer = TracePrinter(phrasingFiles: Set(library.userEventMapFiles.map(\.fileName)), write: console.out)
        // With a second core the log is read on a thread of its own while this one prints.
        let checker = CBCheck.checker(
            RuleLibrary.withoutRules(library), arguments, readsAhead: UsableCores.count >= 2)
        do {
            let result = try checker.check(
                path: path, onEvent: printer.add, onRunEnd: { printer.end($0, scenario: $1) }, onFinding: { _ in })
            printer.flush()
            for warning in result.warnings { console.error("\(warning)\n") }
            if let skipped = result.skipped {
                console.error(TerminalText.line("error: \(skipped)"))
                return 2
            }
            console.error(FileCheck.notes(result.stats, path: path, rules: library.rules))
            console.error(StatsReporter.render(result.stats, path: path))
        } catch {
            printer.flush()
            console.error(TerminalText.line("error: \(error)"))
            return 2
        }
        return 0
    }
}

extension RuleLibrary {
    /// The same event map with no rules, for tracing only.
    static func withoutRules(_ library: RuleLibrary) -> RuleLibrary {
        var copy = library
        copy.removeAllRules()
        return copy
    }
}
