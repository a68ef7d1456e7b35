import Diagnostics

/// GitHub Actions workflow commands: `::error file=…,line=…,col=…,title=CB101::…`, so a workflow
/// step annotates the log line in the pull request without uploading anything. Errors are
/// `::error`, warnings and pending findings `::warning`, notes and baselined findings `::notice`.
public enum GitHubReporter: Reporter {
    public static let identifier = "github"
    public static let description = "GitHub Actions workflow commands (::error file=…,line=…::…)"

    public static func generateReport(_ report: CheckReport) -> String {
        var text = ""
        for file in report.files {
            for problem in (file.error.map { [$0] } ?? []) + file.problems {
                text += "::error file=\(property(file.path)),title=cbcheck::\(data(TerminalText.escaped(problem)))\n"
            }
            for finding in file.findings { text += command(finding) }
        }
        return text
    }

    // MARK: - Private

    private static func command(_ finding: Finding) -> String {
        let level =
            switch (finding.verdict, finding.severity) {
            case _ where finding.isBaselined: "notice"  // accepted: annotated, never as a failure
            case (.pending, _), (_, .warning): "warning"
            case (_, .error): "error"
            case (_, .note): "notice"
            }
        let location = finding.location
        let title = "\(finding.ruleID) \(finding.ruleName)"
        let state = [
            finding.verdict == .pending ? "pending: the log ended before the run did" : nil,
            finding.isBaselined ? "in the baseline: an accepted \(finding.severity.rawValue)" : nil,
        ].compactMap { $0 }
        let note = state.isEmpty ? "" : " (\(state.joined(separator: "; ")))"
        // Each line of the message escaped on its own, then joined: the runner shows the %0A breaks.
        var lines = ["\(finding.summary)\(note)", "\(finding.detail) (\(finding.slice))"]
        for evidence in finding.evidence.sorted(by: { $0.line < $1.line }) {
            lines.append("line \(evidence.line): \(evidence.kind): \(evidence.role)")
        }
        let message = lines.map(TerminalText.escaped).joined(separator: "\n")
        return "::\(level) file=\(property(location.file)),line=\(location.line),col=\(location.column),"
            + "title=\(property(title))::\(data(message))\n"
    }

    /// A command's message: `%`, CR and LF escaped as the runner's toolkit does (`escapeData`).
    /// Control bytes are escaped before (`TerminalText`), so a log viewer never obeys one.
    static func data(_ text: String) -> String { escaped(text, ["%", "\r", "\n"]) }

    /// A command's property value (a file name, a title): control bytes escaped (`TerminalText`),
    /// then also `:` and `,`, which end it (`escapeProperty`).
    static func property(_ text: String) -> String {
        escaped(TerminalText.escaped(text), ["%", "\r", "\n", ":", ","])
    }

    /// `text` with each of `special` as `%XX`; by scalar, so a CR LF pair is two escapes.
    private static func escaped(_ text: String, _ special: Set<Unicode.Scalar>) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            guard special.contains(scalar) else {
                output.unicodeScalars.append(scalar)
                continue
            }
            output += "%" + scalar.value.hex(width: 2)
        }
        return output
    }
}
