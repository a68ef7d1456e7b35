import Diagnostics

/// Prints a trace as it is read: each run's header when the run starts, a row per event as it
/// arrives (line, time, thread, app state, event, attributes), and at the run's end a footer with
/// its lines, main thread, how it ended, the scenario it followed, and its sessions and tasks, so
/// a rule author sees exactly what the rules see.
///
/// Memory stays flat however long a run is: rows are written out in blocks, and what the footer
/// says of sessions and tasks is bounded (`TraceRunSummary`). Every line is made with
/// `TerminalText.line`, so a process name, thread or attribute from the log cannot end it early.
final class TracePrinter {
    /// Text is handed to `write` in blocks of about this many bytes (and at each run's end).
    static let blockBytes = 64 * 1024

    private let write: (String) -> Void
    private var pending = ""
    /// The run the last row belonged to; a row of another run names its run first.
    private var lastRun: Int?
    private var summaries: [Int: TraceRunSummary] = [:]

    /// The file names of the user's own event maps: an event one of them recognized shows its
    /// `phrasing=file:line`, what a rule's `where phrasing == …` names (the built-in map's are
    /// left out: one kind's many log styles, not the app's own steps).
    private let phrasingFiles: Set<String>

    init(phrasingFiles: Set<String> = [], write: @escaping (String) -> Void) {
        self.phrasingFiles = phrasingFiles
        self.write = write
    }

    /// Takes the next event of the trace.
    func add(_ event: Event, _ run: RunRecord) {
        if event.kind == .runStart {
            pending += TerminalText.line(Self.title(run) + " · from line \(run.firstLine)") + Self.columns
            summaries[run.number] = TraceRunSummary()
            lastRun = run.number
            return
        }
        if lastRun != run.number {
            pending += TerminalText.line(Self.title(run) + " (continued)")
            lastRun = run.number
        }
        pending += TerminalText.line(row(event))
        summaries[run.number]?.add(event)
        if pending.utf8.count >= Self.blockBytes { flush() }
    }

    /// Ends `run` (told after its `run.end` or `log.end` row) with its footer.
    func end(_ run: RunRecord, scenario: ScenarioTracker.Verdict?) {
        var footer = "  end of run \(run.number) · lines \(run.firstLine)–\(run.lastLine)"
        footer += " · main thread \(run.mainThread ?? "unknown")"
        footer += run.context.map { " · " + $0.kind.phrase(line: $0.line) }.joined()
        footer += run.ending.map { " · ended: \($0.reason) (line \($0.line))" } ?? " · still running when the log ends"
        pending += TerminalText.line(footer)
        if let scenario { pending += TerminalText.line("  scenario: \(scenario.description)") }
        pending += summaries.removeValue(forKey: run.number)?.rendered ?? ""
        pending += "\n"
        lastRun = nil
        flush()
    }

    /// Writes out what is held.
    func flush() {
        guard !pending.isEmpty else { return }
        write(pending)
        pending = ""
    }

    // MARK: - Private

    private static let columns =
        "  \("line".padding(to: 7))\("time".padding(to: 14))\("thread".padding(to: 10))\("state".padding(to: 12))event\n"

    /// `run 2 · Downloader pid 4101`.
    private static func title(_ run: RunRecord) -> String {
        var title = "run \(run.number)"
        if let process = run.process { title += " · \(process)" }
        if let pid = run.pid { title += " pid \(pid)" }
        return title
    }

    private func row(_ event: Event) -> String {
        let thread = event.isOnMainThread == true ? "main" : event.thread ?? "-"
        let time = event.time?.clockText ?? "-"
        var row = "  \(String(event.line).padding(to: 7))\(time.padding(to: 14))\(thread.padding(to: 10))"
        row += "\(event.appState.rawValue.padding(to: 12))\(event.kind.name)"
        let attributes = event.attributes.sorted { $0.key < $1.key }.map { key, value in
            "\(key.rawValue)=\(value)\(event.inferred.contains(key) ? " (inferred)" : "")"
        }
        if !attributes.isEmpty { row += "  " + attributes.joined(separator: " ") }
        if let phrasing = event.phrasing, let file = phrasing.split(separator: ":").first,
            phrasingFiles.contains(String(file))
        {
            row += "  phrasing=\(phrasing)"
        }
        // A method's printed name is what most lines are; the other tiers are said.
        if let tier = event.tier, tier != .signature { row += "  tier=\(tier.name)" }
        if event.kind.isSynthetic { row += "  — \(event.text)" }
        for note in event.bindings { row += "  [\(note.text)]" }
        return row
    }
}
