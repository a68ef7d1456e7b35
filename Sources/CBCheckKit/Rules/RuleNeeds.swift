/// What a log must say for a rule to be checkable at all: time stamps for a time limit
/// (`within 5s`, `last at most 5s`), threads for a `thread` condition (`where thread != main`).
///
/// A log that says neither (Xcode's `print` lines) or no thread (a device syslog) cannot break
/// such a rule, and cannot satisfy it either: the check names the rules it could not judge
/// instead of letting them pass in silence.
extension CompiledRule {
    /// Whether some clause bounds a time.
    public var needsTime: Bool { clauses.contains(where: \.boundsTime) }

    /// The kinds the clauses that bound a time look at: a log with none of them cannot miss a
    /// time stamp (CB503's `forbid system.kill where reason == suspend` needs none).
    var timedKinds: Set<EventKind> {
        Set(clauses.filter(\.boundsTime).flatMap { $0.matchers.flatMap(\.kinds) })
    }

    /// Whether some condition reads the thread.
    public var needsThread: Bool {
        clauses.contains { clause in
            (clause.matchers.compactMap(\.condition) + [clause.unless].compactMap { $0 }).contains { condition in
                condition.comparisons.contains { $0.operand == .thread }
            }
        }
    }
}

extension Clause {
    /// Whether the clause bounds a time (`within`, `last at most`).
    var boundsTime: Bool {
        switch rule {
        case .duration: true
        case .require(_, _, let within): within != nil
        case .forbid, .count: false
        }
    }

    /// Every event matcher of the scope and the pattern.
    var matchers: [EventMatcher] {
        var all: [EventMatcher] = []
        switch scope {
        case .always: break
        case .after(let open, let close, _): all += [open] + [close].compactMap { $0 }
        case .between(let open, let close): all += [open, close]
        case .given(let trigger): all.append(trigger)
        }
        switch rule {
        case .forbid(let x, let before, let after): all += [x] + [before, after].compactMap { $0 }
        case .require(let x, let before, _): all += [x] + [before].compactMap { $0 }
        case .count(let x, _, _): all.append(x)
        case .duration: break
        }
        return all
    }
}

/// The rules a log could not be checked against, and why.
public struct UncheckableRules: Equatable, Sendable {
    /// Rules with a time limit, when no event of the log carried a time stamp.
    public var needingTime: [String] = []
    /// Rules reading the thread, when no event of the log carried a thread.
    public var needingThread: [String] = []

    public var isEmpty: Bool { needingTime.isEmpty && needingThread.isEmpty }

    /// None.
    public init() {}

    /// Judged from what the log's events carried (`stats`), for the rules in `rules` that look
    /// at some kind of event the log has (the others had nothing to judge anyway).
    public init(_ rules: [CompiledRule], stats: LineStats) {
        guard stats.events > 0 else { return }
        let relevant = rules.filter { rule in rule.referencedKinds.contains { stats.events(of: $0) > 0 } }
        if stats.eventsWithTime == 0 {
            needingTime = rules.filter { rule in rule.timedKinds.contains { stats.events(of: $0) > 0 } }
                .map(\.description.id)
        }
        if stats.eventsWithThread == 0 { needingThread = relevant.filter(\.needsThread).map(\.description.id) }
    }

    /// `CB503 (no time stamps), CB104 (no threads)`.
    public var description: String {
        (needingTime.map { "\($0) (the log has no time stamps)" }
            + needingThread.map { "\($0) (the log names no threads)" }).joined(separator: ", ")
    }
}
