import Diagnostics

/// `cbcheck learn` without the printing: mines the good logs, prunes and ranks what held, writes
/// each invariant as a rule, leaves out those a rule there is already checks (`AlreadyChecked`),
/// checks the rest with the rule engine on the good logs (a rule the engine finds violated there
/// is left out, so none fires on them) and, if asked, on bad logs.
public struct RuleLearner {
    /// The rules and event map the logs are read with; its rules are what a draft must not restate.
    public let library: RuleLibrary
    /// What is left out, and the thresholds (`--min-support`, `--time-bound-support`).
    public var pruner = InvariantPruner()
    /// `--raw`: also mine each phrasing of the user's own event maps (`--events`) as a class of its
    /// own, so two places an app logs one kind from are told apart.
    public var raw = false
    /// Makes the checker every log is read with (the command applies `--log-format`, `--process`).
    public var makeChecker: (RuleLibrary) -> LogChecker = { LogChecker(library: $0) }
    /// The ids that exist, which no draft may take: the library's rules', and the command adds
    /// those the settings file disabled (still in the project's files).
    public var existingIDs: [String]

    public init(library: RuleLibrary) {
        self.library = library
        existingIDs = library.rules.map(\.description.id)
    }

    /// One log and the findings of the learned rules on it.
    public struct CheckedLog {
        public var path: String
        public var findings: [Finding]
    }

    /// What learning produced.
    public struct Outcome {
        public var rules: [LearnedRule]
        /// The invariants that held in every slice, before pruning.
        public var held: Int
        public var leftOut: [InvariantPruner.Reason: Int]
        /// Invariants the rule engine found violated in the good logs (left out): their statements.
        public var disagreed: [String]
        /// Invariants a rule of the library already checks (left out), in rank order.
        public var alreadyChecked: [AlreadyChecked]
        public var goodLogs: [String]
        public var badLogs: [CheckedLog]
        public var warnings: [Diagnostic]
        /// The thresholds the invariants were pruned with, for the header.
        public var pruner: InvariantPruner
        /// Where the drafts' ids were numbered from, for the header.
        public var ids: LearnedRuleIDs
    }

    /// Learns from `good` and checks the rules on `bad`.
    /// - Throws: a `Diagnostic` when a log cannot be read, or (a bug) a printed rule does not parse.
    public func learn(good: [String], bad: [String]) throws(Diagnostic) -> Outcome {
        let phrasings = raw ? try userPhrasings() : [:]
        let miner = InvariantMiner(rawPhrasings: Set(phrasings.keys))
        var warnings: [Diagnostic] = []
        let tracer = makeChecker(RuleLibrary.withoutRules(library))
        for path in good {
            miner.begin(file: path)
            warnings += try read(path, with: tracer, onEvent: miner.add, onFinding: { _ in })
        }
        let mined = miner.invariants()
        let pruned = pruner.prune(
            mined, alikeTheirKind: miner.phrasingsAlikeTheirKind())
        let ids = LearnedRuleIDs(existing: existingIDs)
        let separated = try AlreadyChecked.separate(Self.numbered(pruned.kept, phrasings, ids), from: library)
        var rules = Self.numbered(separated.drafted.map(\.invariant), phrasings, ids)
        let violated = Set(try findings(of: rules, in: good).flatMap { $0.findings.map(\.ruleID) })
        let disagreed = rules.filter { violated.contains($0.id) }.map(\.statement)
        if !violated.isEmpty {
            rules = Self.numbered(rules.filter { !violated.contains($0.id) }.map(\.invariant), phrasings, ids)
        }
        return Outcome(
            rules: rules, held: mined.count, leftOut: pruned.leftOut, disagreed: disagreed,
            alreadyChecked: separated.alreadyChecked, goodLogs: good,
            badLogs: try findings(of: rules, in: bad, alsoOf: separated.alreadyChecked.map(\.ruleID)),
            warnings: warnings, pruner: pruner, ids: ids)
    }

    /// The rules as one rule file, in rank order.
    public static func ruleFileText(_ rules: [LearnedRule]) -> String {
        rules.map { $0.text() }.joined(separator: "\n")
    }

    /// The event map of `library` with `rules` (and no other rules), compiled from their text.
    public static func compile(_ rules: [LearnedRule], with library: RuleLibrary) throws(Diagnostic) -> RuleLibrary {
        var compiled = RuleLibrary.withoutRules(library)
        try compiled.addRules(named: "learned.cbrules", text: ruleFileText(rules))
        return compiled
    }

    // MARK: - Private

    /// Ids in rank order, after the existing ones (`LearnedRuleIDs`); each rule names the patterns
    /// of the phrasings it speaks of.
    private static func numbered(
        _ invariants: [Invariant], _ phrasings: [String: String], _ ids: LearnedRuleIDs
    ) -> [LearnedRule] {
        zip(ids.ids(invariants.count), invariants).map { id, invariant in
            var rule = LearnedRule(id: id, invariant: invariant)
            for phrasing in [invariant.first.phrasing, invariant.second?.phrasing].compactMap({ $0 }) {
                rule.patterns[phrasing] = phrasings[phrasing]
            }
            return rule
        }
    }

    /// The phrasings of the user's own event maps (`app.cbevents:7`), each with its pattern as the
    /// map writes it (`/retry done/`).
    /// - Throws: when there is no map of the user's, or two maps share a file name (a phrasing is
    ///   named by its file's name, so rules could not tell them apart).
    private func userPhrasings() throws(Diagnostic) -> [String: String] {
        let own = Set(library.userEventMapFiles)
        guard !own.isEmpty else {
            throw Diagnostic(
                .error, "--raw mines the phrasings of your own event map, and none was given",
                hint: "name it with --events FILE (see docs/event-map.md)")
        }
        let patterns = library.eventMap.entries.flatMap(\.patterns)
        var files: [String: String] = [:]
        for file in Set(patterns.map(\.location.file)).sorted() {
            let name = file.fileName
            if let other = files[name] {
                throw Diagnostic(
                    .error, "--raw names phrasings by their map's file name, and \(other) and \(file) are both \(name)",
                    hint: "rename one of them")
            }
            files[name] = file
        }
        return Dictionary(
            patterns.filter { own.contains($0.location.file) }.map {
                ($0.phrasing, "/\($0.pattern.source)/\($0.caseless ? "i" : "")")
            }, uniquingKeysWith: { first, _ in first })
    }

    /// The findings of `rules`, and of the library's rules with the ids `loaded` (those that check
    /// what was not drafted, so a bad log they catch is not reported as caught by none), on each
    /// log, as `cbcheck check --rules` would report them.
    private func findings(
        of rules: [LearnedRule], in paths: [String], alsoOf loaded: [String] = []
    ) throws(Diagnostic) -> [CheckedLog] {
        var compiled = try Self.compile(rules, with: library)
        compiled.rules += library.rules.filter { Set(loaded).contains($0.description.id) }
        guard !paths.isEmpty, !compiled.rules.isEmpty else { return paths.map { CheckedLog(path: $0, findings: []) } }
        let checker = makeChecker(compiled)
        return try paths.map { path throws(Diagnostic) in
            var found: [Finding] = []
            _ = try read(path, with: checker, onEvent: nil) { found.append($0) }
            found.sort { ($0.location.line, $0.ruleID) < ($1.location.line, $1.ruleID) }
            return CheckedLog(path: path, findings: found)
        }
    }

    private func read(
        _ path: String, with checker: LogChecker, onEvent: ((Event) -> Void)?, onFinding: @escaping (Finding) -> Void
    ) throws(Diagnostic) -> [Diagnostic] {
        do {
            let result = try checker.check(
                path: path, onEvent: onEvent.map { add in { event, _ in add(event) } }, onFinding: onFinding)
            if let skipped = result.skipped { throw Diagnostic(.error, "\(skipped)") }
            return result.warnings
        } catch let error as Diagnostic {
            throw error
        } catch {
            throw Diagnostic(.error, "\(error)")
        }
    }
}
