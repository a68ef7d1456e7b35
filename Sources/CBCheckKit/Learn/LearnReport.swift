/// What `cbcheck learn` prints: rule-file text on standard output (so it can be redirected
/// straight into a `.cbrules` file, the bad-log results included as comments) and one summary
/// line on standard error.
public enum LearnReport {
    /// The header, the rules with what each caught, and the bad logs' verdicts.
    public static func text(_ outcome: RuleLearner.Outcome) -> String {
        let logs = count(outcome.goodLogs.count, "good log")
        var lines = [
            "# Rules learned by cbcheck learn from \(logs): drafts to review before they go into rules/.",
            "# Each held in every slice of the good logs; its support is how many slices exercised it.",
            "# \(count(outcome.held, "invariant")) held; \(outcome.rules.count) drafted. Left out:",
        ]
        for reason in InvariantPruner.Reason.allCases {
            lines.append("#   \(outcome.leftOut[reason] ?? 0) \(reason.rawValue)\(detail(reason, outcome.pruner))")
        }
        let checked = outcome.alreadyChecked
        lines.append(
            "#   \(checked.count) already checked by a loaded rule\(checked.isEmpty ? "" : ", not drafted again:")")
        lines += checked.map { "#     \($0.statement): already checked by \($0.ruleID)" }
        if !outcome.disagreed.isEmpty {
            lines.append("# Left out because the rule engine found them violated in the good logs:")
            lines += outcome.disagreed.map { "#   \($0)" }
        }
        if let highest = outcome.ids.highestExistingID {
            lines.append(
                "# Numbered after \(highest), the highest L-number of the rules there are (loaded or disabled): no id is taken twice."
            )
        }
        var text = lines.joined(separator: "\n") + "\n"
        for rule in outcome.rules {
            text += "\n" + rule.text(catches: catches(of: rule.id, outcome.badLogs))
        }
        if !outcome.badLogs.isEmpty {
            let checking =
                outcome.alreadyChecked.isEmpty ? "" : " (or the loaded rules that check what was not drafted)"
            text += "\n# Bad logs, and the learned rules\(checking) that catch them:\n"
            for log in outcome.badLogs {
                let found = log.findings.map { "\($0.ruleID) at line \($0.location.line)\(pending($0))" }
                text += "#   \(log.path): \(found.isEmpty ? "caught by none" : found.joined(separator: ", "))\n"
            }
        }
        return text
    }

    /// `cbcheck learn: 12 rules from 8 good logs (3 more already checked); 2 of 3 bad logs caught
    /// (1 only by loaded rules)`.
    public static func summary(_ outcome: RuleLearner.Outcome) -> String {
        var text =
            "cbcheck learn: \(count(outcome.rules.count, "rule")) from \(count(outcome.goodLogs.count, "good log"))"
        if !outcome.alreadyChecked.isEmpty { text += " (\(outcome.alreadyChecked.count) more already checked)" }
        if !outcome.badLogs.isEmpty {
            let drafted = Set(outcome.rules.map(\.id))
            let caught = outcome.badLogs.filter { !$0.findings.isEmpty }
            text += "; \(caught.count) of \(count(outcome.badLogs.count, "bad log")) caught"
            let byLoaded = caught.filter { !$0.findings.contains { drafted.contains($0.ruleID) } }.count
            if byLoaded > 0 { text += " (\(byLoaded) only by loaded rules)" }
        }
        return text + "\n"
    }

    // MARK: - Private

    /// The option that sets a reason's threshold, with its value.
    private static func detail(_ reason: InvariantPruner.Reason, _ pruner: InvariantPruner) -> String {
        switch reason {
        case .support: return " (\(pruner.minimumSupport), --min-support)"
        case .timeBound:
            return pruner.minimumTimeBoundSupport.map { " (\($0), --time-bound-support)" } ?? " (--no-time-bounds)"
        case .vocabulary, .implied: return ""
        }
    }

    private static func catches(of id: String, _ logs: [RuleLearner.CheckedLog]) -> [String] {
        logs.flatMap { log in
            log.findings.filter { $0.ruleID == id }.map {
                "\(log.path):\($0.location.line)\(pending($0)): \($0.detail)"
            }
        }
    }

    private static func pending(_ finding: Finding) -> String {
        finding.verdict == .pending ? " (pending)" : ""
    }

    private static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
