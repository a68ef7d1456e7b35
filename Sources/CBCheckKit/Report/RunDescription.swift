/// How a run is named in reports: `run 2 (Downloader pid 2388, lines 66–95)`, with what the log shows
/// it was (`…, under the debugger (line 95)`).
enum RunDescription {
    static func of(_ run: RunRecord) -> String { of(CheckReport.Run(run, scenario: nil)) }

    static func of(_ run: CheckReport.Run) -> String {
        var parts: [String] = []
        if let process = run.process { parts.append(process) }
        if let pid = run.pid { parts.append("pid \(pid)") }
        let who = parts.joined(separator: " ")
        let context = run.context.map { ", " + $0.kind.phrase(line: $0.line) }.joined()
        return "run \(run.number) (\(who.isEmpty ? "" : who + ", ")lines \(run.firstLine)–\(run.lastLine)\(context))"
    }
}
