/// Renders one run of a trace as a table: line, time, thread, app state, event and attributes.
enum TracePrinter {
    static func render(run: RunRecord, events: [Event]) -> String {
        var header = "run \(run.number)"
        if let process = run.process { header += " · \(process)" }
        if let pid = run.pid { header += " pid \(pid)" }
        header += " · lines \(run.firstLine)–\(run.lastLine)"
        header += " · main thread \(run.mainThread ?? "unknown")"
        if let ending = run.ending { header += " · ended: \(ending.reason) (line \(ending.line))" }
        var text = header + "\n"
        text +=
            "  \("line".padding(to: 7))\("time".padding(to: 14))\("thread".padding(to: 10))\("state".padding(to: 12))event\n"
        for event in events where event.kind != .runStart {
            let thread = event.isOnMainThread == true ? "main" : event.thread ?? "-"
            let time = event.time?.clockText ?? "-"
            var row = "  \(String(event.line).padding(to: 7))\(time.padding(to: 14))\(thread.padding(to: 10))"
            row += "\(event.appState.rawValue.padding(to: 12))\(event.kind.name)"
            let attributes = event.attributes.sorted { $0.key < $1.key }.map { key, value in
                "\(key.rawValue)=\(value)\(event.inferred.contains(key) ? " (inferred)" : "")"
            }
            if !attributes.isEmpty { row += "  " + attributes.joined(separator: " ") }
            if event.kind == .runEnd || event.kind == .logEnd { row += "  — \(event.text)" }
            text += row + "\n"
        }
        return text + "\n"
    }
}
