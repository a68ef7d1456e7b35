/// Prints `--help` in swift-argument-parser's layout: OVERVIEW, USAGE, ARGUMENTS, OPTIONS,
/// SUBCOMMANDS, with the help column aligned and wrapped at 80 columns.
public enum HelpFormatter {
    static let labelWidth = 26
    static let width = 80

    /// Help for one subcommand of `tool`.
    public static func help(for spec: CommandSpec, tool: String) -> String {
        var text = "OVERVIEW: \(spec.abstract)\n"
        if let discussion = spec.discussion { text += "\n\(discussion)\n" }
        text += "\nUSAGE: \(usage(for: spec, tool: tool))\n"
        if !spec.arguments.isEmpty {
            text += "\nARGUMENTS:\n"
            for argument in spec.arguments {
                let label = "<\(argument.name)>" + (argument.isRepeatable ? " ..." : "")
                text += row(label, argument.help)
            }
        }
        text += "\nOPTIONS:\n"
        for option in spec.options + [CommandSpec.helpOption] {
            var label = option.names.joined(separator: ", ")
            if let value = option.valueName { label += " \(value)" }
            var help = option.help
            var extras: [String] = []
            if let allowed = option.allowedValues { extras.append("values: " + allowed.joined(separator: ", ")) }
            if let value = option.defaultValue { extras.append("default: \(value)") }
            if !extras.isEmpty { help += " (\(extras.joined(separator: "; ")))" }
            text += row(label, help)
        }
        return text
    }

    /// The root help: the tool's overview and its subcommands.
    public static func rootHelp(
        tool: String, abstract: String, discussion: String, subcommands: [CommandSpec]
    )
        -> String
    {
        var text = "OVERVIEW: \(abstract)\n\n\(discussion)\n\nUSAGE: \(tool) <subcommand>\n\nOPTIONS:\n"
        text += row("--version", "Show the version.")
        text += row("-h, --help", "Show help information.")
        text += "\nSUBCOMMANDS:\n"
        for spec in subcommands {
            text += row(spec.name + (spec.isDefault ? " (default)" : ""), spec.abstract)
        }
        text += "\n  See '\(tool) help <subcommand>' for detailed help.\n"
        return text
    }

    /// `cbcheck check [--rules <path> ...] <files> ...`
    public static func usage(for spec: CommandSpec, tool: String) -> String {
        var parts = ["\(tool) \(spec.name)"]
        for option in spec.options {
            var item = option.names.last!
            if let value = option.valueName { item += " \(value)" }
            parts.append("[\(item)\(option.isRepeatable ? " ..." : "")]")
        }
        for argument in spec.arguments {
            let item = "<\(argument.name)>" + (argument.isRepeatable ? " ..." : "")
            parts.append(argument.isOptional ? "[\(item)]" : item)
        }
        return parts.joined(separator: " ")
    }

    // MARK: - Private

    private static func row(_ label: String, _ help: String) -> String {
        let lines = wrap(help, width: width - labelWidth)
        let padded = "  " + label
        var text = ""
        if padded.count >= labelWidth {
            text += padded + "\n"
            for line in lines { text += String(repeating: " ", count: labelWidth) + line + "\n" }
        } else {
            for (index, line) in lines.enumerated() {
                let lead =
                    index == 0
                    ? padded + String(repeating: " ", count: labelWidth - padded.count)
                    : String(
                        repeating: " ", count: labelWidth)
                text += lead + line + "\n"
            }
        }
        return text
    }

    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            if !current.isEmpty, current.count + 1 + word.count > width {
                lines.append(current)
                current = ""
            }
            current += current.isEmpty ? String(word) : " " + word
        }
        if !current.isEmpty || lines.isEmpty { lines.append(current) }
        return lines
    }
}
