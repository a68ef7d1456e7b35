import Testing

@testable import CBCheckKit

@Suite struct HelpFormatterTests {
    /// What `CBCheck.main` printed and returned.
    struct Run {
        var status: Int32
        var out: String
        var error: String
    }

    private func run(_ arguments: [String]) -> Run {
        final class Collected {
            var out = ""
            var error = ""
        }
        let collected = Collected()
        let console = Console(out: { collected.out += $0 }, error: { collected.error += $0 })
        let status = CBCheck.main(arguments, console: console)
        return Run(status: status, out: collected.out, error: collected.error)
    }

    private let demo = CommandSpec(
        name: "demo", abstract: "Demonstrate the layout.", discussion: "Some words.",
        arguments: [
            .init(name: "input", help: "The input."),
            .init(name: "extras", help: "More inputs.", isRepeatable: true, isOptional: true),
        ],
        options: [
            .init(
                names: ["-l", "--level"], valueName: "<level>", help: "How loud.", allowedValues: ["low", "high"],
                defaultValue: "low"),
            .init(names: ["--a-rather-long-option-name"], valueName: "<value>", help: "Goes on the next line."),
            .init(names: ["--tag"], valueName: "<tag>", help: "A tag.", isRepeatable: true),
            .init(names: ["--quiet"], valueName: nil, help: "Say nothing."),
        ])

    @Test func helpHasOverviewUsageArgumentsAndOptionsInColumns() {
        #expect(
            HelpFormatter.help(for: demo, tool: "cbcheck") == """
                OVERVIEW: Demonstrate the layout.

                Some words.

                USAGE: cbcheck demo [--level <level>] [--a-rather-long-option-name <value>]
                       [--tag <tag> ...] [--quiet] <input> [<extras> ...]

                ARGUMENTS:
                  <input>                 The input.
                  <extras> ...            More inputs.

                OPTIONS:
                  -l, --level <level>     How loud. (values: low, high; default: low)
                  --a-rather-long-option-name <value>
                                          Goes on the next line.
                  --tag <tag>             A tag.
                  --quiet                 Say nothing.
                  -h, --help              Show help information.

                """)
    }

    @Test func aCommandWithoutArgumentsOrDiscussionHasNoSectionsForThem() {
        let spec = CommandSpec(name: "rules", abstract: "List the rules.")
        #expect(
            HelpFormatter.help(for: spec, tool: "cbcheck") == """
                OVERVIEW: List the rules.

                USAGE: cbcheck rules

                OPTIONS:
                  -h, --help              Show help information.

                """)
    }

    @Test func aLabelOfTwentyFourCharactersGoesOnItsOwnLine() {
        let spec = CommandSpec(
            name: "x", abstract: "X.",
            options: [
                .init(names: ["--abcdefghijklmnopqrstu"], valueName: nil, help: "Fits."),
                .init(names: ["--abcdefghijklmnopqrstuv"], valueName: nil, help: "Does not."),
            ])
        let options = HelpFormatter.help(for: spec, tool: "t").split(separator: "\n").drop { $0 != "OPTIONS:" }
        #expect(
            Array(options) == [
                "OPTIONS:",
                "  --abcdefghijklmnopqrstu Fits.",
                "  --abcdefghijklmnopqrstuv",
                "                          Does not.",
                "  -h, --help              Show help information.",
            ])
    }

    @Test func helpTextWrapsAtEightyColumns() throws {
        // 54 columns are left after the 26-column label: this help fills them exactly.
        let full = "abcdefghi abcdefghi abcdefghi abcdefghi abcdefghi abcd"
        #expect(full.count == 54)
        let spec = CommandSpec(
            name: "x", abstract: "X.",
            options: [
                .init(names: ["--full"], valueName: nil, help: full),
                .init(names: ["--over"], valueName: nil, help: full + " xy"),
            ])
        let lines = HelpFormatter.help(for: spec, tool: "t").split(separator: "\n")
        let full80 = "  --full                  " + full
        #expect(full80.count == 80)
        #expect(lines.contains { $0 == full80 })
        let over = try #require(lines.firstIndex { $0.hasPrefix("  --over") })
        #expect(lines[over] == "  --over                  " + full)
        #expect(lines[over + 1] == String(repeating: " ", count: 26) + "xy")
    }

    @Test func wrapBreaksBetweenWordsAndKeepsOverlongWordsWhole() {
        #expect(HelpFormatter.wrap("a bb ccc dddd", width: 6) == ["a bb", "ccc", "dddd"])
        #expect(HelpFormatter.wrap("supercalifragilistic is long", width: 8) == ["supercalifragilistic", "is long"])
        #expect(HelpFormatter.wrap("two  spaces", width: 80) == ["two spaces"])
        #expect(HelpFormatter.wrap("", width: 10) == [""])
    }

    @Test func checkHelpLinesUpEveryOptionAtColumnTwentySeven() throws {
        let help = HelpFormatter.help(for: CheckCommand.spec, tool: "cbcheck")
        #expect(
            help.contains(
                """
                OPTIONS:
                  --rules <path>          A .cbrules file, or a directory of them, to add to the
                                          built-in rules; a rule with a built-in id replaces it.
                  --events <file>         An event map (.cbevents) whose phrasings are tried
                                          before the built-in ones (see docs/event-map.md).
                  --line-formats <path>   A .cbformat file, or a directory of them: line formats
                                          of your own (a regex with named groups), tried before
                                          the built-in ones (see
                                          docs/log-formats.md#your-own-formats).
                  --format <format>       The format of the report on standard output (or in
                                          --output). (values: text, json, sarif, junit, github,
                                          html; default: text)
                """))
        #expect(
            help.contains(
                """
                  --report <format>=<file>
                                          Also write a report in this format to this file, e.g.
                                          sarif=cbcheck.sarif.
                """))
        // The usage is wrapped between options, its later lines under the first.
        let usage = """

            USAGE: cbcheck check [--rules <path> ...] [--events <file> ...]
                   [--line-formats <path> ...] [--format <format>] [--output <file>]
                   [--report <format>=<file> ...] [--baseline <file>]
                   [--write-baseline <file>] [--color <when>] [--evidence-width <columns>]
                   [--fail-on <level>] [--fail-on-pending] [--max-unrecognized <percent>]
                   [--require-exercised] [--require-checked <rule> ...] [--quiet] [--stats]
                   [--include <glob> ...] [--exclude <glob> ...] [--config <file>]
                   [--no-config] [--jobs <n>] [--log-format <format>] [--process <name>]
                   [--profile <name> ...] [--max-input-size <size>] [--max-open-tasks <n>]

            """
        let arguments =
            "       <files> ...\n\nARGUMENTS:\n"
            + "  <files> ...             Log files, or folders searched for *.log, *.txt and\n"
            + "                          *.ndjson; '-' reads standard input.\n"
        #expect(help.contains(usage + arguments))
        let rows = try #require(help.components(separatedBy: "\nOPTIONS:\n").last).split(separator: "\n")
        #expect(rows.count >= 10)
        for row in rows {
            #expect(row.count <= 80, "\(row)")
            // A label too long for its column stands alone, its help on the next rows (ArgumentParser's way).
            if row.hasPrefix("  --"), !row.dropFirst(2).contains("  ") { continue }
            guard row.count > 26 else {
                Issue.record("row shorter than the label column: \(row)")
                continue
            }
            let helpColumn = row.index(row.startIndex, offsetBy: 26)
            #expect(row[..<helpColumn].hasSuffix(" "), "\(row)")
            #expect(row[helpColumn] != " ", "\(row)")
        }
    }

    /// Every line of every help text fits 80 columns: the overviews and discussions are reflowed,
    /// the usage lines wrapped between their options.
    @Test func everyHelpFitsEightyColumns() {
        let texts =
            [run(["--help"]).out]
            + ["check", "trace", "rules", "explain", "test", "learn"].map { run([$0, "--help"]).out }
        for text in texts {
            #expect(text.contains("USAGE: "))
            for line in text.split(separator: "\n") {
                #expect(line.count <= 80, "\(line)")
            }
        }
    }

    @Test func usageListsOptionsByTheirLongNameThenArguments() {
        #expect(
            HelpFormatter.usage(for: CheckCommand.spec, tool: "cbcheck")
                == "cbcheck check [--rules <path> ...] [--events <file> ...] [--line-formats <path> ...] [--format <format>] "
                + "[--output <file>] [--report <format>=<file> ...] [--baseline <file>] [--write-baseline <file>] "
                + "[--color <when>] [--evidence-width <columns>] [--fail-on <level>] [--fail-on-pending] [--max-unrecognized <percent>] [--require-exercised] "
                + "[--require-checked <rule> ...] [--quiet] [--stats] [--include <glob> ...] [--exclude <glob> ...] [--config <file>] [--no-config] [--jobs <n>] [--log-format <format>] [--process <name>] [--profile <name> ...] [--max-input-size <size>] [--max-open-tasks <n>] <files> ..."
        )
        #expect(
            HelpFormatter.usage(for: ExplainCommand.spec, tool: "cbcheck")
                == "cbcheck explain [--rules <path> ...] [--config <file>] [--no-config] <rule>")
    }

    @Test func rootHelpListsTheSubcommandsAndMarksTheDefault() {
        let text = HelpFormatter.rootHelp(
            tool: "tool", abstract: "Do things.", discussion: "More about it.",
            subcommands: [
                CommandSpec(name: "check", abstract: "Check.", isDefault: true),
                CommandSpec(
                    name: "trace",
                    abstract: "Print the normalized trace: runs, main thread, app state, events and their lines."),
            ])
        #expect(
            text == """
                OVERVIEW: Do things.

                More about it.

                USAGE: tool <subcommand>

                OPTIONS:
                  --version               Show the version.
                  -h, --help              Show help information.
                  --generate-completion-script <shell>
                                          Print the completion script for bash or zsh.

                SUBCOMMANDS:
                  check (default)         Check.
                  trace                   Print the normalized trace: runs, main thread, app
                                          state, events and their lines.

                  See 'tool help <subcommand>' for detailed help.

                """)
    }

    @Test func cbcheckHelpPrintsTheRootHelp() {
        let result = run(["--help"])
        #expect(result.status == 0)
        #expect(result.error == "")
        #expect(
            result.out.hasPrefix(
                "OVERVIEW: Check iOS run logs for URLSession and app-delegate callbacks out of\nthe documented order.\n\n"
            ))
        #expect(
            result.out.contains(
                """

                USAGE: cbcheck <subcommand>

                OPTIONS:
                  --version               Show the version.
                  -h, --help              Show help information.
                  --generate-completion-script <shell>
                                          Print the completion script for bash or zsh.

                SUBCOMMANDS:
                  check (default)         Check logs against the ordering rules.
                  trace                   Print the normalized trace: runs, main thread, app
                                          state, events and their lines.

                """))
        #expect(result.out.contains("\n  rules                   List the rules: id, severity, name and summary.\n"))
        #expect(
            result.out.contains(
                """

                  explain                 Explain a rule: summary, rationale, sources with their
                                          addresses, what it checks, an example.

                """))
        #expect(result.out.hasSuffix("\n\n  See 'cbcheck help <subcommand>' for detailed help.\n"))
        #expect(result.out.components(separatedBy: "(default)").count == 2)
        #expect(run(["-h"]).out == result.out)
        #expect(run(["help"]).out == result.out)
    }

    @Test func subcommandHelpAndTheHelpSubcommandPrintTheSameText() {
        let expected = HelpFormatter.help(for: ExplainCommand.spec, tool: "cbcheck")
        #expect(
            expected.hasPrefix(
                "OVERVIEW: Explain a rule: summary, rationale, sources with their addresses, what\nit checks, an example.\n"
            ))
        for arguments in [["help", "explain"], ["explain", "--help"], ["explain", "-h"]] {
            let result = run(arguments)
            #expect(result.status == 0, "\(arguments)")
            #expect(result.out == expected, "\(arguments)")
        }
        #expect(run(["check", "--help"]).out == HelpFormatter.help(for: CheckCommand.spec, tool: "cbcheck"))
    }

    @Test func anUnknownSubcommandForHelpIsAnError() {
        let result = run(["help", "chek"])
        #expect(result.status == 2)
        #expect(result.out == "")
        #expect(result.error == "Error: Unknown subcommand 'chek'\n  See 'cbcheck --help' for the subcommands.\n")
    }

    @Test func aUsageErrorPrintsTheMessageTheUsageAndWhereToLook() {
        let result = run(["explain", "--rule", "x.cbrules", "CB101"])
        #expect(result.status == 2)
        #expect(result.out == "")
        #expect(
            result.error == """
                Error: Unknown option '--rule' (did you mean '--rules'?)
                Usage: cbcheck explain [--rules <path> ...] [--config <file>] [--no-config]
                       <rule>
                  See 'cbcheck explain --help' for more information.

                """)
    }

    @Test func versionPrintsTheVersion() {
        let result = run(["--version"])
        #expect(result.status == 0)
        #expect(result.out == "0.1.0\n")
    }
}
