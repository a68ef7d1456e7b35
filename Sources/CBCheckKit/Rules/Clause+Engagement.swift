/// When a clause has had something to judge in a slice: the difference between a log that
/// satisfied a rule and one that never reached what the rule is about ("not checked").
extension Clause {
    /// The matchers whose events put a clause to work: a scope's opener (`after A`, `between A`,
    /// `given A`), or, for a clause over the whole slice, its pattern's events.
    static func triggers(of scope: Scope, _ rule: Rule) -> [EventMatcher] {
        switch scope {
        case .after(let open, _, _), .between(let open, _), .given(let open): return [open]
        case .always:
            switch rule {
            case .forbid(let x, _, _), .require(let x, _, _), .count(let x, _, _): return [x]
            case .duration: return []
            }
        }
    }

    /// What a `require X` or `at least N X` owes when its scope closes: the X.
    var owed: EventMatcher? {
        switch rule {
        case .require(let x, nil, _), .count(let x, .some, _): return x
        default: return nil
        }
    }

    /// Whether `event` is one of the pattern's events with a condition that could be decided,
    /// true or false: what puts a whole-slice clause to work (a scoped one is put to work by its
    /// opener, which `ClauseMonitor.isEngaged(after:run:)` reads from the step). A handler call
    /// whose thread is unknown does not check `where thread != main`.
    func decides(_ event: Event, run: RunRecord?) -> Bool {
        triggers.contains { matcher in
            matcher.kinds.contains(event.kind)
                && (matcher.condition.map { $0.evaluate(event, run: run) != nil } ?? true)
        }
    }
}

/// Which rules of a check had something to judge, and the events that their slicing could not
/// place (an identifier the line left out and nothing could tell): what "not checked" is made of.
public struct RuleCoverage: Sendable {
    /// The ids of the rules some clause of which was put to work in some slice.
    public var engaged: Set<String> = []
    /// For each rule id, how many events of each kind its slicing had to skip, unbound.
    public var unbound: [String: [String: Int]] = [:]
    /// Rules whose only verdicts were pending ones the log could not prove (it never shows the
    /// event they wait for), with the reason.
    public var unprovable: [String: String] = [:]

    public init() {}
}
