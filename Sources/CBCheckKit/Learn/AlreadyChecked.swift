import Diagnostics

/// An invariant that held, and was not drafted because a rule there is already checks it: a
/// built-in one (`task.complete at most once` is CB202) or the project's own (a draft kept from an
/// earlier run). A rule author would delete the draft, so `learn` lists it with the rule instead.
public struct AlreadyChecked: Sendable {
    /// What held, in words (as a draft's first comment line says it).
    public var statement: String
    /// The id of the rule that checks it (`CB202`).
    public var ruleID: String
    public var invariant: Invariant

    /// Splits `drafts` into those no rule of `library` checks and those one does
    /// (`ClauseStatement.isChecked(by:)`), in the drafts' order.
    /// - Throws: (a bug) when a draft's text does not parse.
    static func separate(
        _ drafts: [LearnedRule], from library: RuleLibrary
    ) throws(Diagnostic) -> (drafted: [LearnedRule], alreadyChecked: [AlreadyChecked]) {
        let loaded = library.rules.flatMap { rule in
            rule.clauses.compactMap { ClauseStatement($0, keys: rule.keys) }.map { (rule.description.id, $0) }
        }
        guard !loaded.isEmpty, !drafts.isEmpty else { return (drafts, []) }
        let compiled = try RuleLearner.compile(drafts, with: library).rules
        let statements = Dictionary(
            compiled.map { rule in
                (rule.description.id, rule.clauses.first.flatMap { ClauseStatement($0, keys: rule.keys) })
            }, uniquingKeysWith: { first, _ in first })
        var drafted: [LearnedRule] = []
        var alreadyChecked: [AlreadyChecked] = []
        for draft in drafts {
            if let statement = statements[draft.id] ?? nil,
                let checker = loaded.first(where: { statement.isChecked(by: $0.1) })
            {
                alreadyChecked.append(
                    AlreadyChecked(statement: draft.statement, ruleID: checker.0, invariant: draft.invariant))
            } else {
                drafted.append(draft)
            }
        }
        return (drafted, alreadyChecked)
    }
}
