import Testing

@testable import CBCheckKit

@Suite struct ArgumentParserTests {
    /// `cbcheck check`'s real spec: `--rules`/`--events` (repeatable), `--fail-on` (closed set),
    /// the `--fail-on-pending` and `--stats` flags, and one or more `<files>`.
    private let check = ArgumentParser(spec: CheckCommand.spec)
    /// `cbcheck explain`: exactly one `<rule>`.
    private let explain = ArgumentParser(spec: ExplainCommand.spec)

    private func usageError(_ parser: ArgumentParser, _ arguments: [String]) -> UsageError? {
        do {
            _ = try parser.parse(arguments)
            return nil
        } catch {
            return error
        }
    }

    @Test func anOptionTakesTheNextArgumentOrTheTextAfterEquals() throws {
        let spaced = try check.parse(["--fail-on", "warning", "app.log"])
        #expect(spaced.value("fail-on") == "warning")
        #expect(spaced.positionals == ["app.log"])
        let joined = try check.parse(["--fail-on=note", "app.log"])
        #expect(joined.value("fail-on") == "note")
        #expect(joined.positionals == ["app.log"])
    }

    @Test func onlyTheFirstEqualsSplitsNameFromValue() throws {
        let parsed = try check.parse(["--rules=team=a.cbrules", "app.log"])
        #expect(parsed.all("rules") == ["team=a.cbrules"])
    }

    @Test func repeatableOptionsKeepEveryValueInOrder() throws {
        let parsed = try check.parse(["--rules", "a.cbrules", "app.log", "--rules=b", "--events", "m.cbevents"])
        #expect(parsed.all("rules") == ["a.cbrules", "b"])
        #expect(parsed.value("rules") == "b")
        #expect(parsed.all("events") == ["m.cbevents"])
        #expect(parsed.all("fail-on") == [])
        #expect(parsed.value("fail-on") == nil)
        #expect(parsed.positionals == ["app.log"])
    }

    @Test func aNonRepeatableOptionGivenTwiceIsAnError() {
        #expect(
            usageError(check, ["--fail-on", "error", "--fail-on=warning", "app.log"])
                == UsageError("Option '--fail-on' given more than once", command: "check"))
    }

    @Test func flagsAreSetAndTakeNoValue() throws {
        let parsed = try check.parse(["--stats", "a.log", "--fail-on-pending", "b.log"])
        #expect(parsed.flags == ["stats", "fail-on-pending"])
        #expect(parsed.flag("stats"))
        #expect(!parsed.flag("help"))
        #expect(parsed.positionals == ["a.log", "b.log"])
        #expect(
            usageError(check, ["--stats=yes", "a.log"])
                == UsageError("Option '--stats' takes no value", command: "check"))
    }

    @Test func doubleDashEndsTheOptions() throws {
        let parsed = try check.parse(["--stats", "--", "--fail-on", "-x.log", "--"])
        #expect(parsed.flags == ["stats"])
        #expect(parsed.values.isEmpty)
        #expect(parsed.positionals == ["--fail-on", "-x.log", "--"])
    }

    @Test func aLoneDashIsAPositionalForStandardInput() throws {
        let parsed = try check.parse(["-", "--stats", "b.log"])
        #expect(parsed.positionals == ["-", "b.log"])
        #expect(try check.parse(["--rules", "-", "x.log"]).all("rules") == ["-"])
    }

    @Test func anUnknownOptionIsNamedWithTheClosestKnownOne() {
        #expect(usageError(check, ["--foo", "a.log"]) == UsageError("Unknown option '--foo'", command: "check"))
        #expect(
            usageError(check, ["--stat", "a.log"])
                == UsageError("Unknown option '--stat' (did you mean '--stats'?)", command: "check"))
        #expect(
            usageError(check, ["--fail-no=error", "a.log"])
                == UsageError("Unknown option '--fail-no' (did you mean '--fail-on'?)", command: "check"))
        #expect(
            usageError(explain, ["--hepl", "CB101"])
                == UsageError("Unknown option '--hepl' (did you mean '--help'?)", command: "explain"))
    }

    @Test func aMissingValueNamesTheOptionAndItsValue() {
        #expect(
            usageError(check, ["app.log", "--rules"])
                == UsageError("Missing value for '--rules <path>'", command: "check"))
        #expect(
            usageError(check, ["app.log", "--fail-on"])
                == UsageError("Missing value for '--fail-on <level>'", command: "check"))
    }

    @Test func anEmptyValueAfterEqualsDoesNotTakeTheNextArgument() {
        #expect(
            usageError(check, ["--fail-on=", "app.log"])
                == UsageError(
                    "The value '' is invalid for '--fail-on <level>'; use one of: error, warning, note, pending, never",
                    command: "check"))
    }

    @Test func anOptionIsNotTakenAsTheValueOfTheOptionBeforeIt() {
        #expect(
            usageError(check, ["--events", "--stats", "app.log"])
                == UsageError("Missing value for '--events <file>'", command: "check"))
    }

    @Test func aValueOutsideTheAllowedOnesListsThem() {
        #expect(
            usageError(check, ["--fail-on", "fatal", "app.log"])
                == UsageError(
                    "The value 'fatal' is invalid for '--fail-on <level>'; use one of: error, warning, note, pending, never",
                    command: "check"))
        #expect(
            usageError(check, ["--fail-on=Error", "app.log"])
                == UsageError(
                    "The value 'Error' is invalid for '--fail-on <level>'; use one of: error, warning, note, pending, never",
                    command: "check"))
    }

    @Test func aMissingPositionalIsNamed() {
        #expect(usageError(check, []) == UsageError("Missing expected argument '<files>'", command: "check"))
        #expect(usageError(check, ["--stats"]) == UsageError("Missing expected argument '<files>'", command: "check"))
        #expect(usageError(explain, []) == UsageError("Missing expected argument '<rule>'", command: "explain"))
    }

    @Test func anExtraPositionalIsNamed() throws {
        #expect(
            usageError(explain, ["CB101", "CB102"]) == UsageError("Unexpected argument 'CB102'", command: "explain"))
        #expect(try check.parse(["a.log", "b.log", "c.log"]).positionals == ["a.log", "b.log", "c.log"])
    }

    @Test func helpSkipsThePositionalCheck() throws {
        #expect(try explain.parse(["--help"]).flag("help"))
        #expect(try check.parse(["-h"]).flag("help"))
        #expect(try explain.parse(["CB101", "extra", "-h"]).flag("help"))
    }

    @Test func optionalAndRepeatableArgumentsOfACustomSpec() throws {
        let spec = CommandSpec(
            name: "demo", abstract: "A demo.",
            arguments: [
                .init(name: "input", help: "In."),
                .init(name: "output", help: "Out.", isOptional: true),
            ],
            options: [.init(names: ["-v", "--verbose"], valueName: nil, help: "Talk.")])
        let parser = ArgumentParser(spec: spec)
        #expect(try parser.parse(["in"]).positionals == ["in"])
        let both = try parser.parse(["-v", "in", "out"])
        #expect(both.positionals == ["in", "out"])
        #expect(both.flag("verbose"))
        #expect(usageError(parser, ["a", "b", "c"]) == UsageError("Unexpected argument 'c'", command: "demo"))
        #expect(usageError(parser, []) == UsageError("Missing expected argument '<input>'", command: "demo"))
    }
}
