import Diagnostics

/// `cbcheck rules`: lists the rules in effect, one per line.
enum RulesCommand {
    static let spec = CommandSpec(
        name: "rules", abstract: "List the rules: id, severity, name and summary.",
        discussion: """
            The rules in effect, then each rule the .cbcheck file turned off, with its line and reason. \
            With --event-map, the event map instead: each phrasing in the order they are tried, its \
            kind, where it is written, and the literals a record must contain for its regex to run. \
            With --profiles, the library profiles: each one's name, what library it reads, the \
            patterns that detect it in a file's first MiB, and the kinds it recognizes.
            """,
        options: [
            CBCheck.rulesOption, CBCheck.eventsOption, CBCheck.profileOption,
            .init(
                names: ["--event-map"], valueName: nil,
                help:
                    "List the event map's phrasings (kind, file:line, the literals the prefilter looks for) instead of the rules."
            ),
            .init(
                names: ["--profiles"], valueName: nil,
                help: "List the library profiles (wrapper libraries' own log lines) instead of the rules."),
        ] + CBCheck.configOptions)

    static func run(_ arguments: ParsedArguments, _ console: Console) -> Int32 {
        guard let setup = CBCheck.loadSetup(arguments, console) else { return 2 }
        if arguments.flag("event-map") {
            let map = setup.library.eventMap(with: arguments.all("profile").compactMap(setup.library.profile(named:)))
            for line in EventMapListing.lines(map) { console.out(line + "\n") }
            return 0
        }
        if arguments.flag("profiles") {
            for line in EventMapListing.profileLines(setup.library.profiles) { console.out(line + "\n") }
            return 0
        }
        let rules = setup.library.rules
        let nameWidth = rules.map(\.description.name.count).max() ?? 0
        for rule in rules {
            let description = rule.description
            let severity = description.severity.rawValue.padding(to: 8)
            console.out(
                TerminalText.line(
                    "\(description.id)  \(severity)\(description.name.padding(to: nameWidth + 2))\(description.summary)"
                ))
        }
        for rule in setup.disabled {
            let reason = rule.reason.map { ": \($0)" } ?? ""
            console.out(TerminalText.line("\(rule.id)  disabled at \(rule.location)\(reason)"))
        }
        return 0
    }
}

extension String {
    /// The string padded with spaces to at least `width` characters.
    func padding(to width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
