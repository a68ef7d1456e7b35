/// Finds the rule a user named: by id (`cb101`), by name (`handler-called-early`), or by a part of
/// a name that only one rule has (`never-called`), as ruff and SwiftLint let a rule be named.
enum RuleLookup {
    enum Result {
        case found(CompiledRule)
        /// No rule; the closest id or name, if one is close.
        case none(hint: String?)
        /// The part is in several names.
        case several([CompiledRule])
    }

    static func find(_ query: String, in rules: [CompiledRule]) -> Result {
        let wanted = query.lowercased()
        if let rule = rules.first(where: { $0.description.id.lowercased() == wanted || $0.description.name == wanted })
        {
            return .found(rule)
        }
        let partial = rules.filter { $0.description.name.contains(wanted) }
        if partial.count == 1 { return .found(partial[0]) }
        if partial.count > 1 { return .several(partial) }
        let candidates = rules.flatMap { [$0.description.id, $0.description.name] }
        let hint =
            query.uppercased().closestMatch(in: rules.map(\.description.id))
            ?? wanted.closestMatch(in: candidates)
        return .none(hint: hint)
    }
}
