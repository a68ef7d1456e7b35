/// `cbcheck learn --format json`: what the text output says, as one JSON document for tools that
/// review, filter or track learned rules. The schema is `docs/learn.schema.json`, explained in
/// docs/learning-rules.md; `schemaVersion` grows when a field changes meaning or goes away.
public enum LearnJSONReport {
    /// The version of `docs/learn.schema.json` this report writes.
    public static let schemaVersion = 1

    public static func generate(_ outcome: RuleLearner.Outcome, raw: Bool) -> String {
        let pruner = outcome.pruner
        let leftOut = InvariantPruner.Reason.allCases.map { ($0.key, JSONValue.int(outcome.leftOut[$0] ?? 0)) }
        return JSONValue.object([
            ("schemaVersion", .int(schemaVersion)),
            ("tool", .object([("name", .string("cbcheck")), ("version", .string(CBCheck.version))])),
            (
                "settings",
                .object([
                    ("minSupport", .int(pruner.minimumSupport)),
                    ("timeBoundSupport", .optional(pruner.minimumTimeBoundSupport)),
                    ("raw", .bool(raw)),
                ])
            ),
            ("goodLogs", .array(outcome.goodLogs.map(JSONValue.string))),
            ("numberedAfter", .optional(outcome.ids.highestExistingID)),
            ("invariantsHeld", .int(outcome.held)),
            ("leftOut", .object(leftOut)),
            ("disagreed", .array(outcome.disagreed.map(JSONValue.string))),
            (
                "alreadyChecked",
                .array(
                    outcome.alreadyChecked.map {
                        .object([
                            ("statement", .string($0.statement)), ("rule", .string($0.ruleID)),
                            ("form", .string(form($0.invariant.form))),
                        ])
                    })
            ),
            ("rules", .array(outcome.rules.map { rule($0, outcome.badLogs) })),
            ("badLogs", .array(outcome.badLogs.map(badLog))),
        ]).rendered()
    }

    // MARK: - Private

    private static func rule(_ rule: LearnedRule, _ badLogs: [RuleLearner.CheckedLog]) -> JSONValue {
        let invariant = rule.invariant
        let witness = invariant.witness
        let catches = badLogs.flatMap { log in log.findings.filter { $0.ruleID == rule.id }.map(finding) }
        return .object([
            ("id", .string(rule.id)),
            ("name", .string(rule.name)),
            ("statement", .string(rule.statement)),
            ("form", .string(form(invariant.form))),
            ("first", eventClass(invariant.first)),
            ("second", invariant.second.map(eventClass) ?? .null),
            ("slicing", .array(invariant.slicing.keys.map { .string($0.rawValue) })),
            ("taskKind", .optional(invariant.taskKind)),
            ("support", .int(invariant.support)),
            ("bounds", bounds(rule)),
            (
                "witness",
                .object([
                    ("file", .string(witness.file)),
                    ("line", .int(witness.line)),
                    (
                        "steps",
                        .array(witness.steps.map { .object([("line", .int($0.line)), ("kind", .string($0.kind))]) })
                    ),
                ])
            ),
            (
                "phrasings",
                .array(
                    rule.patterns.sorted { $0.key < $1.key }.map {
                        .object([("phrasing", .string($0.key)), ("pattern", .string($0.value))])
                    })
            ),
            ("text", .string(rule.ruleText)),
            ("catches", .array(catches)),
        ])
    }

    private static func badLog(_ log: RuleLearner.CheckedLog) -> JSONValue {
        .object([
            ("path", .string(log.path)),
            ("caught", .bool(!log.findings.isEmpty)),
            ("findings", .array(log.findings.map(finding))),
        ])
    }

    private static func finding(_ finding: Finding) -> JSONValue {
        .object([
            ("rule", .string(finding.ruleID)),
            ("file", .string(finding.location.file)),
            ("line", .int(finding.location.line)),
            ("column", .int(finding.location.column)),
            ("verdict", .string(finding.verdict.rawValue)),
            ("message", .string(finding.detail)),
        ])
    }

    private static func eventClass(_ eventClass: EventClass) -> JSONValue {
        let outcome: String
        switch eventClass.outcome {
        case .any: outcome = "any"
        case .succeeded: outcome = "succeeded"
        case .failed: outcome = "failed"
        }
        return .object([
            ("kind", .string(eventClass.kind.name)),
            ("outcome", .string(outcome)),
            ("phrasing", .optional(eventClass.phrasing)),
            ("matcher", .string(eventClass.matcher())),
        ])
    }

    /// `lastsAtMost` only: the times observed, in whole milliseconds, the drafted limit, and
    /// whether so few slices measured it that the comment calls it weakly supported.
    private static func bounds(_ rule: LearnedRule) -> JSONValue {
        guard let bound = rule.timeBound else { return .null }
        return .object([
            ("shortestMs", .int(Int((bound.observed.lowerBound * 1000).rounded()))),
            ("longestMs", .int(Int((bound.observed.upperBound * 1000).rounded()))),
            ("limit", .string(bound.text)),
            ("weaklySupported", .bool(bound.isWeaklySupported)),
        ])
    }

    private static func form(_ form: Invariant.Form) -> String {
        switch form {
        case .alwaysPrecedes: return "alwaysPrecedes"
        case .alwaysFollowedBy: return "alwaysFollowedBy"
        case .neverFollowedBy: return "neverFollowedBy"
        case .atMostOnce: return "atMostOnce"
        case .exactlyOnceGiven: return "exactlyOnceGiven"
        case .lastsAtMost: return "lastsAtMost"
        }
    }
}

extension InvariantPruner.Reason {
    /// The reason's key in the JSON report's `leftOut`.
    var key: String {
        switch self {
        case .vocabulary: return "vocabulary"
        case .implied: return "implied"
        case .support: return "support"
        case .timeBound: return "timeBound"
        }
    }
}
