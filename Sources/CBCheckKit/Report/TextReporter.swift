import Diagnostics

/// Findings as compilers print diagnostics, one per line, so editors and CI annotate the log:
/// `path:line:col: error: [CB101] summary`, then the sentence that says what happened and the
/// evidence lines, indented.
public enum TextReporter: Reporter {
    public static let identifier = "text"
    public static let description = "compiler-style lines: path:line:col: severity: [ID] summary"

    public static func generateReport(_ report: CheckReport) -> String {
        generateReport(report, style: .plain)
    }

    /// The report drawn in `style`: colour and excerpts cut to a terminal's width when standard
    /// output is one.
    public static func generateReport(_ report: CheckReport, style: TextStyle) -> String {
        report.files.map { render($0, style: style) }.joined()
    }

    /// One file's findings, in line order.
    static func render(_ file: CheckReport.File, style: TextStyle = .plain) -> String {
        file.findings.map { render($0, style: style) }.joined()
    }

    /// One finding's lines, each made with `TerminalText.line`: the path, the rule's summary, the
    /// slice's identifiers and the evidence excerpts cannot hold a line break or a control byte.
    /// The style's escape sequences are added around text already escaped, so they are the only
    /// ones that reach the terminal.
    public static func render(_ finding: Finding, style: TextStyle = .plain) -> String {
        let pending = finding.verdict == .pending ? " (pending: the log ended before the run did)" : ""
        // Accepted findings are notes, as SwiftLint's and ruff's baselines keep them out of the
        // way: an editor or CI log reading `error:` took an accepted one for a failure.
        let severity = finding.isBaselined ? "note" : finding.severity.rawValue
        let baselined = finding.isBaselined ? " (in the baseline: an accepted \(finding.severity.rawValue))" : ""
        let location = style.bold(TerminalText.escaped("\(finding.location):"))
        let summary = TerminalText.escaped("[\(finding.ruleID)] \(finding.summary)")
        var text = "\(location) \(style.severityLabel(severity)) \(style.bold(summary))"
        text += TerminalText.line("\(pending)\(baselined)")
        text += TerminalText.line("    \(finding.detail) (\(finding.slice))")
        for evidence in finding.evidence.sorted(by: { $0.line < $1.line }) {
            let place = TerminalText.escaped(
                "\(finding.location.file):\(evidence.line): \(evidence.kind): \(evidence.role)")
            text += "    \(style.dim(place))\n"
            if !evidence.isSynthetic, !evidence.text.isEmpty {
                text += "        \(style.excerpt(TerminalText.escaped(evidence.text)))\n"
            }
        }
        return text
    }
}
