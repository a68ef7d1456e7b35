/// How a run is named in reports: `run 2 (Downloader pid 2388, lines 66–95)`.
enum RunDescription {
    static func of(_ run: RunRecord) -> String { of(CheckReport.Run(run, scenario: nil)) }

    static func of(_ run: CheckReport.Run) -> String {
        var parts: [String] = []
        if let process = run.process { parts.append(process) }
        if let pid = run.pid { parts.append("pid \(pid)") }
        let who = parts.joined(separator: " ")
        return "run \(run.number) (\(who.isEmpty ? "" : who + ", ")lines \(run.firstLine)–\(run.lastLine))"
    }
}
