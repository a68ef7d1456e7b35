import Diagnostics

/// What a trace's run footer says of the run's sessions and tasks: each session identifier with
/// the lines that created it, and each task's events in order with their lines.
///
/// Bounded, so a run with a million tasks is summarized in the same memory as a run with ten: the
/// first `maximumSessions` identifiers and `maximumTasks` tasks are listed, with at most
/// `maximumSteps` lines or events each; what is left out is counted, and is in the rows above.
struct TraceRunSummary {
    static let maximumSessions = 32
    static let maximumTasks = 64
    static let maximumSteps = 24

    private var sessions = FirstMentions<Int>(maximumKeys: maximumSessions, maximumItems: maximumSteps)
    private var tasks = FirstMentions<String>(maximumKeys: maximumTasks, maximumItems: maximumSteps)

    mutating func add(_ event: Event) {
        if let identifier = event[.identifier] {
            sessions.add(identifier, event.kind == .sessionCreate ? event.line : nil)
        }
        if let task = event[.task] {
            let step = "\(event.kind.name.split(separator: ".").last ?? "")@\(event.line)"
            tasks.add("\(event[.identifier] ?? "?") #\(task)", step)
        }
    }

    /// `  sessions: com.acme.bg (created at lines 7, 40)` and one `  task …` line per task, each
    /// made with `TerminalText.line` (identifiers come from the log).
    var rendered: String {
        var text = ""
        if !sessions.order.isEmpty {
            let items = sessions.order.map { identifier in
                let lines = sessions.items[identifier]!
                guard !lines.isEmpty else { return "\(identifier) (never created in this run)" }
                let more = sessions.more[identifier].map { ", … \($0) more" } ?? ""
                return "\(identifier) (created at line\(lines.count == 1 ? "" : "s") "
                    + lines.map(String.init).joined(separator: ", ") + "\(more))"
            }
            var line = "  sessions: " + items.joined(separator: "; ")
            if sessions.leftOut > 0 {
                line += "; … and \(sessions.leftOut) events of later sessions (in the rows above)"
            }
            text += TerminalText.line(line)
        }
        for key in tasks.order {
            let more = tasks.more[key].map { " → … \($0) more" } ?? ""
            text += TerminalText.line("  task \(key): \(tasks.items[key]!.joined(separator: " → "))\(more)")
        }
        if tasks.leftOut > 0 {
            text += "  tasks after the first \(Self.maximumTasks): \(tasks.leftOut) events (in the rows above)\n"
        }
        return text
    }
}

/// Keys in order of first mention, each with its first `maximumItems` items (the rest counted);
/// once `maximumKeys` keys are kept, mentions of other keys are only counted.
private struct FirstMentions<Item> {
    let maximumKeys: Int
    let maximumItems: Int
    private(set) var order: [String] = []
    private(set) var items: [String: [Item]] = [:]
    /// Items of a kept key past `maximumItems`.
    private(set) var more: [String: Int] = [:]
    /// Mentions of keys past `maximumKeys`.
    private(set) var leftOut = 0

    /// Mentions `key`, with `item` when there is one.
    mutating func add(_ key: String, _ item: Item?) {
        if items[key] == nil {
            guard order.count < maximumKeys else {
                leftOut += 1
                return
            }
            order.append(key)
            items[key] = []
        }
        guard let item else { return }
        if items[key]!.count < maximumItems {
            items[key]!.append(item)
        } else {
            more[key, default: 0] += 1
        }
    }
}
