import Diagnostics

/// A rule's verdict on one slice of a log, with the lines that make the case.
public struct Finding: Sendable {
    /// Whether the log shows the breach, or only that the expected event had not come when the log
    /// ended (with nothing showing the run ended).
    public enum Verdict: String, Sendable {
        case violated, pending
    }

    /// One line of the log that supports the finding, and what it shows.
    public struct Evidence: Sendable {
        public var line: Int
        public var kind: String
        public var role: String
        public var text: String

        /// Evidence made by the trace builder (`run.end`, `log.end`) rather than read from a line.
        public var isSynthetic: Bool { EventKind(named: kind)?.isSynthetic ?? false }
    }

    public var ruleID: String
    public var ruleName: String
    public var severity: Severity
    public var verdict: Verdict
    public var summary: String
    public var location: SourceLocation
    /// What exactly happened, in one sentence (`app.handler.called came before session.finishEvents`).
    public var detail: String
    public var evidence: [Evidence]
    /// The slice, as `run 2, identifier com.acme.bg`.
    public var slice: String
    /// The slice's keys and values in the rule's order (`run` → `2`, `identifier` → `com.acme.bg`),
    /// for reports and fingerprints that need the parts rather than the sentence.
    public var sliceKeys: [(key: SliceKey, value: String)] = []
    /// The 1-based run the finding's event belongs to.
    public var run = 0
    /// Whether a `--baseline` file already lists this finding: it is reported but fails nothing.
    public var isBaselined = false

    /// A copy marked as known from the baseline (SwiftLint's `with(severity:)` manner).
    public func with(baselined: Bool) -> Finding {
        var copy = self
        copy.isBaselined = baselined
        return copy
    }
}
