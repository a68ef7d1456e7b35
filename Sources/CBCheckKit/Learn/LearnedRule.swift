/// One mined invariant written as a rule of the rule language (docs/rules.md), in the form that
/// encodes it within the slicing it was mined in, so `cbcheck check --rules` judges exactly what
/// was mined.
public struct LearnedRule: Sendable {
    /// Which side of an invariant carries `kind == K` when it was mined over one task kind.
    enum Side { case first, second }

    /// `L001`, `L002`, … in rank order.
    public var id: String
    public var invariant: Invariant
    /// `--raw`: the pattern of each phrasing the rule names (`app.cbevents:7` → `/retry done/`),
    /// shown in its comment so a reviewer need not open the map.
    public var patterns: [String: String] = [:]

    public init(id: String, invariant: Invariant) {
        self.id = id
        self.invariant = invariant
    }

    /// The matcher a task kind narrows: the event a violation is judged on (B for precedes and
    /// never followed by, the opening A for the scoped forms), which must carry `kind`; `nil` when
    /// that event's kind does not carry it, and the invariant cannot be written faithfully.
    static func taskKindSide(of invariant: Invariant) -> Side? {
        let side: Side
        switch invariant.form {
        case .alwaysPrecedes: side = .second
        case .neverFollowedBy: side = invariant.second!.kind.carries(.kind) ? .second : .first
        case .alwaysFollowedBy, .atMostOnce, .exactlyOnceGiven, .lastsAtMost: side = .first
        }
        let eventClass = side == .first ? invariant.first : invariant.second!
        return eventClass.kind.carries(.kind) ? side : nil
    }

    /// The drafted `last at most` bound, for a time bound; `nil` for the orderings and counts.
    public var timeBound: DraftedTimeBound? { DraftedTimeBound(invariant) }

    /// A kebab-case name from the classes and the form.
    public var name: String { words.name + (invariant.taskKind.map { "-in-\(Self.slug($0))-tasks" } ?? "") }

    /// The finding's summary: what a violation means.
    public var summary: String { words.summary + (invariant.taskKind.map { " (\($0) tasks)" } ?? "") }

    /// What held, in words: the first line of the rule's comment.
    public var statement: String { words.statement + (invariant.taskKind.map { ", in \($0) tasks" } ?? "") }

    /// The clause, as the rule language writes it.
    public var clause: String {
        let condition = invariant.taskKind.map { "kind == \(Self.value($0))" }
        let side = Self.taskKindSide(of: invariant)
        let a = invariant.first.matcher(adding: side == .first ? condition : nil)
        let b = invariant.second?.matcher(adding: side == .second ? condition : nil) ?? ""
        switch invariant.form {
        case .alwaysPrecedes: return "require \(a) before \(b)"
        case .alwaysFollowedBy: return "after any \(a): require \(b)"
        case .neverFollowedBy: return "forbid \(b) after \(a)"
        case .atMostOnce: return "at most 1 \(a)"
        case .exactlyOnceGiven: return "given \(a): exactly 1 \(b)"
        case .lastsAtMost: return "after \(a) until \(b): last at most \(timeBound?.text ?? "")"
        }
    }

    /// The rule as rule-file text: a comment with the support, for a time bound what was observed
    /// against what was drafted, the witness (and, after a check against bad logs, what it
    /// caught), then the rule.
    public func text(catches: [String] = []) -> String {
        let witness = invariant.witness
        let steps = witness.steps.map { "line \($0.line) \($0.kind)" }.joined(separator: ", ")
        var lines = [
            "# \(id): \(statement)",
            "#   support: \(invariant.support) slices (per \(invariant.slicing.text)) exercised it",
        ]
        lines += (timeBound?.comment ?? []).map { "#   \($0)" }
        lines.append("#   seen in \(witness.file): \(steps)")
        lines += patterns.sorted { $0.key < $1.key }.map { "#   phrasing \($0.key): match \($0.value)" }
        lines += catches.map { "#   catches \($0)" }
        return lines.joined(separator: "\n") + "\n" + ruleText
    }

    /// The rule alone, without its comment: what `--format json` gives as `text`.
    public var ruleText: String {
        [
            "rule \(id) \(name)",
            "  severity warning",
            "  summary \"\(Self.escaped(summary))\"",
            "  source \"cbcheck learn: held in every slice of the good logs; support \(invariant.support)\"",
            "  for each \(invariant.slicing.text)",
            "  \(clause)",
        ].joined(separator: "\n") + "\n"
    }

    // MARK: - Private

    /// The name, summary and statement of each form, without the task kind.
    private var words: (name: String, summary: String, statement: String) {
        let (a, b) = (invariant.first.description, invariant.second?.description ?? "")
        let (na, nb) = (invariant.first.slug, invariant.second?.slug ?? "")
        switch invariant.form {
        case .alwaysPrecedes:
            return ("\(na)-precedes-\(nb)", "\(b) came without \(a) before it", "\(a) always precedes \(b)")
        case .alwaysFollowedBy:
            return ("\(na)-followed-by-\(nb)", "\(a) was not followed by \(b)", "\(a) is always followed by \(b)")
        case .neverFollowedBy:
            return ("no-\(nb)-after-\(na)", "\(b) came after \(a)", "\(a) is never followed by \(b)")
        case .atMostOnce:
            return ("\(na)-at-most-once", "\(a) occurred more than once", "\(a) at most once")
        case .exactlyOnceGiven:
            return ("one-\(nb)-with-\(na)", "\(a) came, but not with exactly one \(b)", "with \(a), exactly one \(b)")
        case .lastsAtMost:
            let bound = timeBound ?? DraftedTimeBound(observed: 0...0, slices: 0)
            return (
                "\(na)-to-\(nb)-within-\(bound.text)",
                "\(a) to \(b) took longer than \(bound.text) (the good logs took at most \(bound.longestText))",
                "\(a) to \(b) took \(bound.observedText)"
            )
        }
    }

    /// A value as a rule condition writes it: a plain word, or a quoted string.
    private static func value(_ text: String) -> String {
        let isWord =
            text.first.map { $0.isLetter } == true
            && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
        return isWord ? text : "\"\(escaped(text))\""
    }

    private static func escaped(_ text: String) -> String {
        String(text.flatMap { $0 == "\"" || $0 == "\\" ? ["\\", $0] : [$0] })
    }

    private static func slug(_ text: String) -> String {
        String(text.map { $0.isLetter || $0.isNumber ? $0 : "-" })
    }
}
