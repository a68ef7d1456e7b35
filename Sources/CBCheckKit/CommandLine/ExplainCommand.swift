import Diagnostics

/// `cbcheck explain CB101`: everything known about one rule, with the addresses of the documents
/// it rests on and an example log it fires on.
enum ExplainCommand {
    static let spec = CommandSpec(
        name: "explain",
        abstract: "Explain a rule: summary, rationale, sources with their addresses, what it checks, an example.",
        discussion: """
            The rule is named by its id (CB101), its name (handler-called-early) or a part of its name \
            that only one rule has (never-called). REFERENCES gives each cited fact's address in \
            Apple's documentation or forums; EXAMPLE shows the lines of the shortest built-in fixture \
            the rule fires on, the line it fires at marked with '>'.
            """,
        arguments: [
            .init(name: "rule", help: "The rule's id (CB101), name (handler-called-early) or a part of its name.")
        ],
        options: [CBCheck.rulesOption] + CBCheck.configOptions)

    static func run(_ arguments: ParsedArguments, _ console: Console) -> Int32 {
        guard let setup = CBCheck.loadSetup(arguments, console) else { return 2 }
        let query = arguments.positionals[0]
        // A rule the settings file turned off is still explained, with where and why it is off.
        let everyRule =
            setup.disabled.isEmpty
            ? setup.library.rules
            : ((try? CBCheck.makeSetup(arguments, Configuration()))?.library.rules ?? setup.library.rules)
        let rule: CompiledRule
        switch RuleLookup.find(query, in: everyRule) {
        case .found(let found): rule = found
        case .none(let hint):
            console.error(
                "error: no rule '\(query)'\(hint.map { " (did you mean \($0)?)" } ?? ""); 'cbcheck rules' lists them\n")
            return 2
        case .several(let rules):
            let names = rules.map { "  \($0.description.id) \($0.description.name)" }.joined(separator: "\n")
            console.error("error: '\(query)' is part of the names of \(rules.count) rules; name one:\n\(names)\n")
            return 2
        }
        let description = rule.description
        let off = setup.disabled.first { $0.id.uppercased() == description.id.uppercased() }
        var text = "\(description.id) \(description.name) (\(description.severity.rawValue))\n\n"
        text += "  \(description.summary)\n"
        if let off {
            text += "\n  disabled at \(off.location)\(off.reason.map { ": \($0)" } ?? "")\n"
        }
        text += section("RATIONALE", description.rationale)
        text += section("SOURCE", description.source)
        text += section("REFERENCES", references(Citation(description.source)))
        text += section("CHECKS (\(description.location))", description.definition.joined(separator: "\n"))
        text += section("EXAMPLE", example(for: description.id))
        let fixtures = BuiltInRuleFiles.fixtures[description.id] ?? []
        text += section("FIXTURES", fixtures.isEmpty ? "none" : fixtures.joined(separator: "\n"))
        console.out(text)
        return 0
    }

    /// Each cited reference: its id, what it says and what kind of source says it, then its address.
    static func references(_ citation: Citation) -> String {
        citation.items.map { item in
            switch item {
            case .reference(let reference, let detail):
                let id = detail.isEmpty || detail.hasPrefix("(") ? reference.id : "\(reference.id) \(detail)"
                var entry = HelpFormatter.fitted(
                    "\(id): \(reference.summary) (\(reference.kind))", continuationIndent: 2)
                if let header = reference.header { entry += "\n  in \(header)" }
                if let address = reference.address { entry += "\n  \(address)" }
                return entry
            case .link(let address): return address
            case .unresolved(let part): return "\(part): not in cbcheck's references"
            case .text(let part): return part
            }
        }.joined(separator: "\n")
    }

    /// The lines of the rule's example fixture around where it fires, annotations left out and the
    /// expected lines marked, then where the whole file is.
    static func example(for id: String) -> String {
        guard let example = BuiltInRuleFiles.examples[id] else { return "" }
        var lines: [(text: String, marked: Bool)] = []
        var expectNext = false
        for line in example.text.sourceLines {
            if line.hasPrefix("#!") {
                expectNext =
                    expectNext || (line.hasPrefix("#! expect ") && line.split(separator: " ").contains { $0 == id })
                continue
            }
            lines.append((line, expectNext))
            expectNext = false
        }
        while lines.last?.text.isEmpty == true { lines.removeLast() }
        let marked = lines.firstIndex { $0.marked } ?? 0
        let window = max(0, marked - 8)..<min(lines.count, marked + 4)
        var shown = window.map {
            ($0 == marked || lines[$0].marked ? "> " : "  ") + TerminalText.escaped(lines[$0].text)
        }
        if window.lowerBound > 0 { shown.insert("  …", at: 0) }
        if window.upperBound < lines.count { shown.append("  …") }
        return shown.joined(separator: "\n") + "\n(\(example.path), in cbcheck's source tree)"
    }

    private static func section(_ title: String, _ body: String) -> String {
        guard !body.isEmpty else { return "" }
        let indented = body.split(separator: "\n", omittingEmptySubsequences: false).map { "  \($0)" }
        return "\n\(title)\n" + indented.joined(separator: "\n") + "\n"
    }
}
