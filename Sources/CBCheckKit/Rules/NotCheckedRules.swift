/// The rules a log did not put to work, each with the reason a reader can act on: the log has
/// none of the events the rule is about, its lines named no session that could be told, it names
/// no threads or time stamps. "No findings" means something only beside this list: a log with
/// nothing the rules could check must never look like a clean one.
public struct NotCheckedRules: Equatable, Sendable {
    /// One rule that was not checked, and why.
    public struct Entry: Equatable, Sendable {
        public var rule: String
        public var reason: String
    }

    /// In catalog order.
    public var entries: [Entry] = []
    /// Whether the log had no callback event at all (only run boundaries, or nothing).
    public var hasNoEvents = false

    public var isEmpty: Bool { entries.isEmpty }

    public init() {}

    /// Judged from which rules some slice put to work (`coverage`) and what the log's events
    /// were (`stats`).
    public init(_ rules: [CompiledRule], coverage: RuleCoverage, stats: LineStats) {
        hasNoEvents = stats.events == 0
        for rule in rules {
            let id = rule.description.id
            if !coverage.engaged.contains(id) {
                entries.append(Entry(rule: id, reason: Self.reason(rule, coverage, stats)))
            } else if let reason = coverage.unprovable[id] {
                entries.append(Entry(rule: id, reason: reason))
            }
        }
    }

    /// The reason of `rule`, if it was not checked.
    public func reason(for rule: String) -> String? { entries.first { $0.rule == rule }?.reason }

    /// `CB101, CB102 (no app.handleEvents in the log); CB104 (the log names no threads)`: rules
    /// with one reason together, in the order the reasons first come.
    public var description: String {
        var order: [String] = []
        var rules: [String: [String]] = [:]
        for entry in entries {
            if rules[entry.reason] == nil { order.append(entry.reason) }
            rules[entry.reason, default: []].append(entry.rule)
        }
        return order.map { "\(rules[$0]!.joined(separator: ", ")) (\($0))" }.joined(separator: "; ")
    }

    private static func reason(_ rule: CompiledRule, _ coverage: RuleCoverage, _ stats: LineStats) -> String {
        let triggers = rule.clauses.flatMap(\.triggers)
        let kinds = Set(triggers.flatMap(\.kinds)).sorted { $0.name < $1.name }
        if stats.events == 0 { return "the log has no callback events" }
        if !kinds.contains(where: { stats.events(of: $0) > 0 }) {
            return "no \(kinds.map(\.name).joined(separator: " or ")) in the log"
        }
        if let unbound = coverage.unbound[rule.description.id], !unbound.isEmpty {
            let keys = rule.keys.filter { $0 != .run }.map(\.rawValue).joined(separator: " or ")
            let counts = unbound.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }
            return "\(counts.joined(separator: ", ")) named no \(keys) that could be told"
        }
        if rule.needsThread {
            return stats.eventsWithThread == 0 ? "the log names no threads" : "no event with a known main thread"
        }
        if rule.needsTime, stats.eventsWithTime == 0 { return "the log has no time stamps" }
        // An event of the log that opens the rule's scope, in no slice the rule could judge: a
        // launch for a rule sliced by session, in a log that names none (not "no app.launch").
        let keys = rule.keys.filter { $0 != .run }
        let unconditioned = triggers.filter { $0.condition == nil && $0.kinds.contains { stats.events(of: $0) > 0 } }
        if !keys.isEmpty, !unconditioned.isEmpty {
            let names = keys.map(\.rawValue).joined(separator: " or ")
            return "\(unconditioned.map(\.shown).joined(separator: " or ")) came, but with no \(names) to judge it by"
        }
        let shown = triggers.map(\.shown)
        return "no \(shown.joined(separator: " or ")) in the log"
    }
}
