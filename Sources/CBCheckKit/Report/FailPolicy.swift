import Diagnostics

/// Which findings fail the run (`--fail-on`, `--fail-on-pending`, `--baseline`): the exit status
/// and every report's notion of "failed" come from this one place, so a JUnit failure, a SARIF
/// `error` and exit status 1 never disagree.
public struct FailPolicy: Sendable {
    /// `--fail-on`, in the order `--help` lists them: each of `error`, `warning`, `note` and
    /// `pending` fails on what the one before it does and more; `never` fails on no finding.
    public enum Level: String, CaseIterable, Sendable {
        /// Violated errors.
        case error
        /// Violated errors and warnings.
        case warning
        /// Every violated finding.
        case note
        /// Every finding, violated or pending.
        case pending
        /// No finding (file-wide checks and input errors still fail).
        case never
    }

    public var level: Level
    /// `--fail-on-pending`: pending findings at or above `level`'s severity fail as well.
    public var countingPending: Bool

    public init(level: Level = .error, countingPending: Bool = false) {
        self.level = level
        self.countingPending = countingPending
    }

    /// Whether `finding` makes the run fail.
    public func fails(_ finding: Finding) -> Bool { excuse(for: finding) == nil }

    /// Why `finding` does not fail the run (`in the baseline`, `pending`, `warning below
    /// --fail-on error`), or `nil` when it does.
    public func excuse(for finding: Finding) -> String? {
        if finding.isBaselined { return "in the baseline" }
        switch level {
        case .never: return "--fail-on never"
        case .pending: return nil
        case .error, .warning, .note:
            let threshold = Severity(rawValue: level.rawValue) ?? .error
            if finding.severity < threshold {
                return "\(finding.severity.rawValue) below --fail-on \(level.rawValue)"
            }
            if finding.verdict == .pending, !countingPending {
                return "pending: the log ended before the run did (--fail-on pending to fail on it)"
            }
            return nil
        }
    }
}
