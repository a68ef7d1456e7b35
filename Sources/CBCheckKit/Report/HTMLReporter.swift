/// One self-contained HTML page for a person: per log, a timeline of each run (`HTMLTimeline`:
/// the app's state, a lane per session, per task and per thread, each event a mark, findings'
/// evidence in red and linked, a ticked time axis), the evidence lines, and a table of findings.
/// No scripts, fonts or other files, and a Content-Security-Policy that forbids them, so the page
/// opens anywhere, offline, and a hostile log line cannot run code in it.
public enum HTMLReporter: Reporter {
    public static let identifier = "html"
    public static let description = "one self-contained page: a timeline per run, the evidence lines and the findings"

    public static func generateReport(_ report: CheckReport) -> String {
        var page = """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
            <title>cbcheck report</title>
            <style>\(style)</style>
            </head>
            <body>
            <h1>cbcheck report</h1>
            <p class="summary">\(MarkupText.escape(FindingTally(report).summary)) · \(report.tool) \(report.version)</p>
            \(legend)

            """
        for (index, file) in report.files.enumerated() {
            page += section(file, id: "f\(index)", policy: report.policy)
        }
        return page + "</body>\n</html>\n"
    }

    // MARK: - Private

    private static func section(_ file: CheckReport.File, id: String, policy: FailPolicy) -> String {
        let path = MarkupText.escape(file.path)
        var html = "<section class=\"file\" id=\"\(id)\">\n<h2>\(path)</h2>\n"
        if let error = file.error { html += "<p class=\"error\">\(MarkupText.escape(error))</p>\n" }
        for problem in file.problems { html += "<p class=\"error\">\(MarkupText.escape(problem))</p>\n" }
        if let stats = file.stats {
            html += "<p class=\"stats\">\(stats.lines) lines, \(stats.events) events, \(file.runs.count) runs</p>\n"
        }
        let evidenceLines = Set(file.findings.flatMap { $0.evidence.map(\.line) })
        let timeline = file.timeline ?? CheckReport.Timeline(events: [], runsLeftOut: 0, eventsLeftOut: [:])
        let eventsByRun = Dictionary(grouping: timeline.events, by: \.run)
        for run in file.runs where eventsByRun[run.number] != nil || timeline.runsLeftOut == 0 {
            html += "<h3 id=\"\(id)-run\(run.number)\">\(MarkupText.escape(RunDescription.of(run)))"
            if let scenario = run.scenario { html += " — \(MarkupText.escape(scenario.description))" }
            html += "</h3>\n"
            let drawn = HTMLTimeline(
                events: eventsByRun[run.number] ?? [], eventsLeftOut: timeline.eventsLeftOut[run.number] ?? 0,
                evidenceLines: evidenceLines, anchorPrefix: id)
            html += drawn.svg + "\n"
        }
        if timeline.runsLeftOut > 0 {
            html += "<p class=\"stats\">\(timeline.runsLeftOut) more runs are not drawn: a page draws at most "
            html += "\(TimelineKeeper.runsKept) timelines, those of runs with findings first. The findings table "
            html += "lists every finding, and --format json every run.</p>\n"
        }
        html += findingsTable(file, id: id, policy: policy)
        html += evidenceList(file, id: id)
        return html + "</section>\n"
    }

    private static func findingsTable(_ file: CheckReport.File, id: String, policy: FailPolicy) -> String {
        guard !file.findings.isEmpty else { return "<p class=\"clean\">No findings.</p>\n" }
        var html = "<table class=\"findings\">\n<tr><th>line</th><th>rule</th><th>severity</th><th>verdict</th>"
        html += "<th>what happened</th><th>evidence</th></tr>\n"
        for finding in file.findings {
            let failing = policy.fails(finding) ? "fails" : "passes"
            let excuse = policy.excuse(for: finding).map { " (\(MarkupText.escape($0)))" } ?? ""
            let evidence = finding.evidence.sorted { $0.line < $1.line }.map {
                "<a href=\"#\(id)-L\($0.line)\">\($0.line)</a> \(MarkupText.escape($0.role))"
            }
            html += "<tr class=\"severity-\(finding.severity.rawValue) \(failing)\">"
            html +=
                "<td><a href=\"#\(id)-run\(finding.run)\">\(finding.location.line):\(finding.location.column)</a></td>"
            html += "<td>\(MarkupText.escape(finding.ruleID)) \(MarkupText.escape(finding.ruleName))</td>"
            html += "<td>\(finding.severity.rawValue)</td><td>\(finding.verdict.rawValue)\(excuse)</td>"
            html += "<td>\(MarkupText.escape(finding.summary))<br><small>\(MarkupText.escape(finding.detail))"
            html += " (\(MarkupText.escape(finding.slice)))</small></td>"
            html += "<td>\(evidence.joined(separator: "<br>"))</td></tr>\n"
        }
        return html + "</table>\n"
    }

    /// Each evidence line once, with the anchor the timeline's marks and the table link to.
    private static func evidenceList(_ file: CheckReport.File, id: String) -> String {
        var byLine: [Int: (kind: String, text: String, rules: [String])] = [:]
        for finding in file.findings {
            for evidence in finding.evidence {
                var entry = byLine[evidence.line] ?? (evidence.kind, evidence.text, [])
                if !entry.rules.contains(finding.ruleID) { entry.rules.append(finding.ruleID) }
                byLine[evidence.line] = entry
            }
        }
        guard !byLine.isEmpty else { return "" }
        var html = "<h3>Evidence lines</h3>\n<ol class=\"evidence\">\n"
        for line in byLine.keys.sorted() {
            let entry = byLine[line]!
            html += "<li id=\"\(id)-L\(line)\"><span class=\"line\">\(MarkupText.escape(file.path)):\(line)</span> "
            html +=
                "<b>\(MarkupText.escape(entry.kind))</b> (\(entry.rules.map(MarkupText.escape).joined(separator: ", ")))"
            html += "<pre>\(MarkupText.escape(entry.text))</pre></li>\n"
        }
        return html + "</ol>\n"
    }

    /// What the timelines' colours and marks mean, once at the top of the page.
    private static let legend = """
        <p class="legend">app state: <span class="swatch foreground"></span>foreground \
        <span class="swatch background"></span>background <span class="swatch unknown"></span>not yet known \
        · <span class="swatch mark-event"></span>an event <span class="swatch mark-evidence"></span>\
        a finding's evidence (links to its line) · each event is in its session's or task's lane \
        and again in its thread's</p>
        """

    private static let style = """
        body{font:14px/1.4 -apple-system,"Segoe UI",Helvetica,Arial,sans-serif;margin:24px;color:#1d1d1f;background:#fff}
        h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;border-bottom:2px solid #d2d2d7;padding-bottom:4px;margin-top:28px}
        h3{font-size:14px;margin:18px 0 6px}.summary{color:#424245}.error{color:#b3261e;font-weight:600}
        table.findings{border-collapse:collapse;width:100%;margin:12px 0}
        .findings th,.findings td{border:1px solid #d2d2d7;padding:4px 8px;text-align:left;vertical-align:top}
        .findings th{background:#f5f5f7}.findings tr.fails td:first-child{border-left:4px solid #d70015}
        .findings tr.passes{color:#6e6e73}.evidence pre{margin:2px 0 8px;white-space:pre-wrap;background:#f5f5f7;padding:4px}
        .evidence li:target{background:#fff1b8}.line{color:#6e6e73;font-family:ui-monospace,Menlo,monospace}
        svg{display:block;max-width:100%;height:auto}svg text{font:11px ui-monospace,Menlo,monospace;fill:#424245}
        .swatch{display:inline-block;width:12px;height:12px;margin:0 4px 0 12px;vertical-align:-2px;border-radius:2px}
        .foreground{background:\(HTMLTimeline.colour(of: .foreground))}\
        .background{background:\(HTMLTimeline.colour(of: .background))}\
        .unknown{background:\(HTMLTimeline.colour(of: .unknown))}
        .mark-event{background:#3a3a3c;border-radius:6px;width:9px;height:9px}
        .mark-evidence{background:#d70015;transform:rotate(45deg);width:10px;height:10px}
        svg text.lane-label{font-size:12px;fill:#1d1d1f}svg text.note{fill:#8e8e93;font-style:italic}
        svg .axis text{fill:#6e6e73}
        """
}
