/// Everything one `cbcheck check` found, handed to every reporter: per file its findings, runs and
/// line statistics, plus the rules (SARIF lists them) and the policy that decides what fails, so
/// each format can say the same thing the exit status says.
public struct CheckReport: Sendable {
    /// One run of one log: the process and lines it covers and the scenario it followed.
    public struct Run: Sendable {
        public var number: Int
        public var process: String?
        public var pid: Int?
        public var firstLine: Int
        public var lastLine: Int
        /// `nil` for a run with no events of its own (only run boundaries).
        public var scenario: ScenarioTracker.Verdict?
        /// Under the debugger, in the Simulator: what the log shows the run was, and where.
        public var context: [(kind: RunContext, line: Int)] = []

        public init(_ record: RunRecord, scenario: ScenarioTracker.Verdict?) {
            number = record.number
            process = record.process
            pid = record.pid
            firstLine = record.firstLine
            lastLine = record.lastLine
            self.scenario = scenario
            context = record.context
        }
    }

    /// What checking one file produced.
    public struct File: Sendable {
        public var path: String
        /// `nil` when the file could not be read (`error` says why).
        public var stats: LineStats?
        /// The rules this log could not be checked against (no time stamps, no threads).
        public var uncheckable = UncheckableRules()
        /// The rules this log did not put to work, each with its reason (`NotCheckedRules`).
        public var notChecked = NotCheckedRules()
        public var runs: [Run] = []
        /// Sorted by line, then rule id.
        public var findings: [Finding] = []
        /// Why the file could not be read; such a file makes the exit status 2.
        public var error: String?
        /// The file is not a text log (binary, compressed) and was skipped, `error` says what it is:
        /// the exit status is 2 only when no other file was checked.
        public var skipped = false
        /// Checks on the log as a whole that failed (`--max-unrecognized`, `--require-exercised`).
        public var problems: [String] = []
        /// The trace events the HTML report draws, kept only when one is asked for.
        public var timeline: Timeline?

        public init(path: String) { self.path = path }
    }

    /// What `TimelineKeeper` kept of a log's events for the HTML report: some runs' events in
    /// order, bounded, and what was left out, which the page says.
    public struct Timeline: Sendable {
        public var events: [TimelineEvent]
        /// Runs none of whose events were kept.
        public var runsLeftOut: Int
        /// For a kept run with too many events to keep, how many of its middle events were not.
        public var eventsLeftOut: [Int: Int]
    }

    public var tool = CBCheck.tool
    public var version = CBCheck.version
    /// Every rule that ran, in catalog order.
    public var rules: [RuleDescription]
    public var files: [File] = []
    public var policy: FailPolicy
    /// Whether `--baseline` was given (reports then say which findings are new).
    public var usesBaseline = false
    /// Baseline entries no finding matched: fixed, or the log no longer reaches them.
    public var staleBaseline: [Baseline.Entry] = []

    public init(rules: [RuleDescription], policy: FailPolicy) {
        self.rules = rules
        self.policy = policy
    }

    /// Every finding of every file, in file order.
    public var findings: [Finding] { files.flatMap(\.findings) }

    /// Whether the findings or a file-wide check fail the run (exit status 1).
    public var fails: Bool {
        files.contains { !$0.problems.isEmpty || $0.findings.contains(where: policy.fails) }
    }

    /// Whether a file could not be read (exit status 2).
    public var hasInputErrors: Bool {
        files.contains { $0.error != nil && !$0.skipped } || files.allSatisfy(\.skipped) && !files.isEmpty
    }
}
