import Diagnostics

/// Findings as compilers print diagnostics, one per line, so editors and CI annotate the log:
/// `path:line:col: error: [CB101] summary`, then the sentence that says what happened and the
/// evidence lines, indented.
public enum TextReporter: Reporter {
    public static let identifier = "text"
    public static let description = "compiler-style lines: path:line:col: severity: [ID] summary"

    /// Longest excerpt of a log line shown as evidence.
    static let excerptLength = 110

    public static func generateReport(_ report: CheckReport) -> String {
        report.files.map(render).joined()
    }

    /// One file's findings, in line order.
    static func render(_ file: CheckReport.File) -> String {
        file.findings.map(render).joined()
    }

    /// One finding's lines, each made with `TerminalText.line`: the path, the rule's summary, the
    /// slice's identifiers and the evidence excerpts cannot hold a line break or a control byte.
    public static func render(_ finding: Finding) -> String {
        let pending = finding.verdict == .pending ? " (pending: the log ended before the run did)" : ""
        // Accepted findings are notes, as SwiftLint's and ruff's baselines keep them out of the
        // way: an editor or CI log reading `error:` took an accepted one for a failure.
        let severity = finding.isBaselined ? "note" : finding.severity.rawValue
        let baselined = finding.isBaselined ? " (in the baseline: an accepted \(finding.severity.rawValue))" : ""
        var text = TerminalText.line(
            "\(finding.location): \(severity): [\(finding.ruleID)] \(finding.summary)\(pending)\(baselined)")
        text += TerminalText.line("    \(finding.detail) (\(finding.slice))")
        for evidence in finding.evidence.sorted(by: { $0.line < $1.line }) {
            text += TerminalText.line(
                "    \(finding.location.file):\(evidence.line): \(evidence.kind): \(evidence.role)")
            if !evidence.isSynthetic, !evidence.text.isEmpty {
                text += TerminalText.line("        \(excerpt(TerminalText.escaped(evidence.text)))")
            }
        }
        return text
    }

    static func excerpt(_ text: String) -> String {
        text.count <= excerptLength ? text : String(text.prefix(excerptLength - 1)) + "…"
    }
}
