/// Renders one run of a trace as a table (line, time, thread, app state, event, attributes), then
/// the run's sessions and tasks, so a rule author sees exactly what the rules see.
enum TracePrinter {
    static func render(run: RunRecord, events: [Event], scenario: ScenarioTracker.Verdict? = nil) -> String {
        var header = "run \(run.number)"
        if let process = run.process { header += " · \(process)" }
        if let pid = run.pid { header += " pid \(pid)" }
        header += " · lines \(run.firstLine)–\(run.lastLine)"
        header += " · main thread \(run.mainThread ?? "unknown")"
        if let ending = run.ending { header += " · ended: \(ending.reason) (line \(ending.line))" }
        var text = header + "\n"
        if let scenario { text += "  scenario: \(scenario.description)\n" }
        text += "  \("line".padding(to: 7))\("time".padding(to: 14))\("thread".padding(to: 10))"
        text += "\("state".padding(to: 12))event\n"
        for event in events where event.kind != .runStart {
            text += row(event) + "\n"
        }
        text += sessions(events) + tasks(events)
        return text + "\n"
    }

    // MARK: - Private

    private static func row(_ event: Event) -> String {
        let thread = event.isOnMainThread == true ? "main" : event.thread ?? "-"
        let time = event.time?.clockText ?? "-"
        var row = "  \(String(event.line).padding(to: 7))\(time.padding(to: 14))\(thread.padding(to: 10))"
        row += "\(event.appState.rawValue.padding(to: 12))\(event.kind.name)"
        let attributes = event.attributes.sorted { $0.key < $1.key }.map { key, value in
            "\(key.rawValue)=\(value)\(event.inferred.contains(key) ? " (inferred)" : "")"
        }
        if !attributes.isEmpty { row += "  " + attributes.joined(separator: " ") }
        if event.kind.isSynthetic { row += "  — \(event.text)" }
        return row
    }

    /// `sessions: com.acme.bg (created at lines 7, 40)`, in order of first mention.
    private static func sessions(_ events: [Event]) -> String {
        var order: [String] = []
        var created: [String: [Int]] = [:]
        for event in events {
            guard let identifier = event[.identifier] else { continue }
            if created[identifier] == nil {
                order.append(identifier)
                created[identifier] = []
            }
            if event.kind == .sessionCreate { created[identifier]!.append(event.line) }
        }
        guard !order.isEmpty else { return "" }
        let items = order.map { identifier in
            let lines = created[identifier]!
            return lines.isEmpty
                ? "\(identifier) (never created in this run)"
                : "\(identifier) (created at line\(lines.count == 1 ? "" : "s") \(lines.map(String.init).joined(separator: ", ")))"
        }
        return "  sessions: " + items.joined(separator: "; ") + "\n"
    }

    /// One line per task: its session, number, and the kinds of its events in order with their lines.
    private static func tasks(_ events: [Event]) -> String {
        var order: [String] = []
        var steps: [String: [String]] = [:]
        for event in events {
            guard let task = event[.task] else { continue }
            let key = "\(event[.identifier] ?? "?") #\(task)"
            if steps[key] == nil { order.append(key) }
            steps[key, default: []].append("\(event.kind.name.split(separator: ".").last ?? "")@\(event.line)")
        }
        return order.map { "  task \($0): \(steps[$0]!.joined(separator: " → "))\n" }.joined()
    }
}
