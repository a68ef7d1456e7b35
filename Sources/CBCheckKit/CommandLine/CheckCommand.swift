/// `cbcheck check FILE…`: runs every rule over each log and prints the findings.
enum CheckCommand {
    static let spec = CommandSpec(
        name: "check", abstract: "Check logs against the ordering rules.",
        discussion: """
            Each finding is printed compiler-style (path:line:col: error: [CB101] summary), followed by
            what happened and the log lines that show it. A finding is 'pending' when the expected
            event had not come when the log ended and nothing shows the run ended; pending findings
            do not fail the check unless --fail-on-pending is given.
            """,
        arguments: [.init(name: "files", help: "Log files to check; '-' reads standard input.", isRepeatable: true)],
        options: [
            CBCheck.rulesOption, CBCheck.eventsOption,
            .init(
                names: ["--fail-on"], valueName: "<severity>",
                help: "Exit with status 1 when a violation has this severity or a higher one.",
                allowedValues: Severity.allCases.reversed().map(\.rawValue), defaultValue: "error"),
            .init(
                names: ["--fail-on-pending"], valueName: nil,
                help: "Count pending findings as violations for the exit status."),
            .init(
                names: ["--stats"], valueName: nil,
                help: "After each file, print how every line was read: events, continuations, chatter, unparseable."),
        ], isDefault: true)

    static func run(_ arguments: ParsedArguments, _ console: Console) -> Int32 {
        guard let library = CBCheck.loadLibrary(arguments, console) else { return 2 }
        let failOn = Severity(rawValue: arguments.value("fail-on") ?? "error") ?? .error
        let checker = LogChecker(library: library)
        var tally = FindingTally()
        var inputFailed = false
        for path in arguments.positionals {
            var findings: [Finding] = []
            var scenarios: [String] = []
            do {
                let result = try checker.check(
                    path: path,
                    onRunEnd: { run, verdict in
                        guard let verdict else { return }
                        scenarios.append("\(path): \(RunDescription.of(run)): \(verdict.description)\n")
                    }, onFinding: { findings.append($0) })
                findings.sort { ($0.location.line, $0.ruleID) < ($1.location.line, $1.ruleID) }
                for finding in findings {
                    console.out(TextReporter.render(finding))
                    tally.add(finding)
                }
                for warning in result.warnings { console.error("\(warning)\n") }
                for line in scenarios { console.error(line) }
                if arguments.flag("stats") { console.error(StatsReporter.render(result.stats, path: path)) }
            } catch {
                console.error("error: \(error)\n")
                inputFailed = true
            }
        }
        console.error(tally.summary(files: arguments.positionals.count) + "\n")
        if inputFailed { return 2 }
        return tally.fails(at: failOn, countingPending: arguments.flag("fail-on-pending")) ? 1 : 0
    }
}

/// Counts findings by severity and verdict for the closing line and the exit status.
struct FindingTally {
    private var violated: [Severity: Int] = [:]
    private var pending: [Severity: Int] = [:]

    mutating func add(_ finding: Finding) {
        switch finding.verdict {
        case .violated: violated[finding.severity, default: 0] += 1
        case .pending: pending[finding.severity, default: 0] += 1
        }
    }

    func fails(at threshold: Severity, countingPending: Bool) -> Bool {
        let counted = countingPending ? violated.merging(pending, uniquingKeysWith: +) : violated
        return counted.contains { $0.key >= threshold && $0.value > 0 }
    }

    func summary(files: Int) -> String {
        var parts: [String] = []
        for severity in Severity.allCases.reversed() {
            let count = violated[severity, default: 0]
            if count > 0 { parts.append("\(count) \(severity.rawValue)\(count == 1 ? "" : "s")") }
        }
        let pendingCount = pending.values.reduce(0, +)
        if pendingCount > 0 { parts.append("\(pendingCount) pending") }
        let found = parts.isEmpty ? "no findings" : parts.joined(separator: ", ")
        return "cbcheck: \(found) in \(files) file\(files == 1 ? "" : "s")"
    }
}
