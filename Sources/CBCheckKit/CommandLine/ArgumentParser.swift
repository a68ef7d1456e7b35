/// Parses a command line against a `CommandSpec`: `--name value`, `--name=value`, flags, `--`
/// to end options, and `-` as a positional (standard input).
public struct ArgumentParser {
    public let spec: CommandSpec

    public init(spec: CommandSpec) { self.spec = spec }

    /// - Throws: `UsageError` naming the unknown option, missing value or bad value.
    public func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var remaining = arguments[...]
        var optionsEnded = false
        while let argument = remaining.popFirst() {
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let options = spec.options + [CommandSpec.helpOption]
            guard let option = options.first(where: { $0.names.contains(parts[0]) }) else {
                let names = options.flatMap(\.names)
                let hint = parts[0].closestMatch(in: names).map { " (did you mean '\($0)'?)" } ?? ""
                throw UsageError("Unknown option '\(parts[0])'\(hint)", command: spec.name)
            }
            guard option.valueName != nil else {
                if parts.count > 1 {
                    throw UsageError("Option '\(parts[0])' takes no value", command: spec.name)
                }
                parsed.flags.insert(option.key)
                continue
            }
            // A following option is not a value: `--events --stats` lacks the events file.
            var value: String?
            if parts.count > 1 {
                value = parts[1]
            } else if let next = remaining.first, !next.hasPrefix("-") || next == "-" {
                value = remaining.popFirst()
            }
            guard let value else {
                throw UsageError("Missing value for '\(parts[0]) \(option.valueName!)'", command: spec.name)
            }
            if let allowed = option.allowedValues, !option.allowsOtherValues, !allowed.contains(value) {
                throw UsageError(
                    "The value '\(value)' is invalid for '\(parts[0]) \(option.valueName!)'; use one of: "
                        + allowed.joined(separator: ", "), command: spec.name)
            }
            if !option.isRepeatable, parsed.values[option.key] != nil {
                throw UsageError("Option '\(parts[0])' given more than once", command: spec.name)
            }
            parsed.values[option.key, default: []].append(value)
        }
        if parsed.flag("help") { return parsed }
        try checkPositionals(parsed.positionals)
        return parsed
    }

    private func checkPositionals(_ positionals: [String]) throws(UsageError) {
        let required = spec.arguments.filter { !$0.isOptional }
        if positionals.count < required.count {
            throw UsageError("Missing expected argument '<\(required[positionals.count].name)>'", command: spec.name)
        }
        let unbounded = spec.arguments.contains { $0.isRepeatable }
        if !unbounded, positionals.count > spec.arguments.count {
            throw UsageError("Unexpected argument '\(positionals[spec.arguments.count])'", command: spec.name)
        }
    }
}
