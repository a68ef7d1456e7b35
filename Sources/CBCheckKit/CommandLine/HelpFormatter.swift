/// Prints `--help` in swift-argument-parser's layout: OVERVIEW, USAGE, ARGUMENTS, OPTIONS,
/// SUBCOMMANDS, with the help column aligned and wrapped at 80 columns.
public enum HelpFormatter {
    static let labelWidth = 26
    static let width = 80

    /// Help for one subcommand of `tool`.
    public static func help(for spec: CommandSpec, tool: String) -> String {
        var text = fitted("OVERVIEW: \(spec.abstract)") + "\n"
        if let discussion = spec.discussion { text += "\n\(fitted(discussion))\n" }
        text += "\n" + fittedUsage("USAGE: \(usage(for: spec, tool: tool))") + "\n"
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
        var text =
            fitted("OVERVIEW: \(abstract)") + "\n\n\(fitted(discussion))\n\nUSAGE: \(tool) <subcommand>\n\nOPTIONS:\n"
        text += row("--version", "Show the version.")
        text += row("-h, --help", "Show help information.")
        text += row("--generate-completion-script <shell>", "Print the completion script for bash or zsh.")
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

    /// `text` fitted to `width` columns, so an overview or discussion written at another width
    /// still fits a terminal of 80: lines of prose (not indented, not a list item) that follow
    /// each other are one paragraph, wrapped anew (its later lines `continuationIndent` in); an
    /// indented line or a list item is wrapped on its own, keeping its indent; blank lines stay.
    static func fitted(_ text: String, continuationIndent: Int = 0) -> String {
        var out: [String] = []
        var paragraph: [String] = []
        func endParagraph() {
            guard !paragraph.isEmpty else { return }
            out += wrapped(paragraph.joined(separator: " "), indent: "", continuation: continuationIndent)
            paragraph = []
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.isEmpty || line.hasPrefix(" ") || line.hasPrefix("- ") {
                endParagraph()
                let indent = String(line.prefix { $0 == " " })
                out +=
                    line.isEmpty ? [""] : wrapped(String(line.dropFirst(indent.count)), indent: indent, continuation: 2)
            } else {
                paragraph.append(line)
            }
        }
        endParagraph()
        return out.joined(separator: "\n")
    }

    /// A usage line wrapped between its options, never inside one (`[--format <format>]` stays
    /// whole), its later lines under the first option.
    static func fittedUsage(_ line: String) -> String {
        let unbroken = "\u{1F}"
        var depth = 0
        let kept = String(
            line.map { character -> Character in
                if character == "[" || character == "<" { depth += 1 }
                if character == "]" || character == ">" { depth -= 1 }
                return character == " " && depth > 0 ? Character(unbroken) : character
            })
        return String(fitted(kept, continuationIndent: 7).map { $0 == Character(unbroken) ? " " : $0 })
    }

    /// `text` wrapped at `width` after `indent`, its later lines `continuation` columns further in.
    private static func wrapped(_ text: String, indent: String, continuation: Int) -> [String] {
        let first = wrap(text, width: width - indent.count)
        guard first.count > 1 else { return first.map { indent + $0 } }
        let rest = wrap(
            first.dropFirst().joined(separator: " "), width: width - indent.count - continuation)
        let hanging = indent + String(repeating: " ", count: continuation)
        return [indent + first[0]] + rest.map { hanging + $0 }
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
