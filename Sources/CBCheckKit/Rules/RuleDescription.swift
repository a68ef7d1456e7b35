import Diagnostics

/// What a rule says about itself: id, name, severity, summary, rationale, source, fixtures.
/// Equal by `id`: reports, baselines and suppressions refer to rules by it.
public struct RuleDescription: Equatable, Sendable {
    /// Stable id (`CB101`), printed in findings.
    public var id: String
    /// Stable kebab-case name (`handler-called-early`).
    public var name: String
    public var severity: Severity = .error
    /// One line, printed after the id in each finding.
    public var summary = ""
    /// Why the ordering matters, in prose; printed by `cbcheck explain`.
    public var rationale = ""
    /// Where the ordering is documented (seed section, APPLE-FACTS ids).
    public var source = ""
    /// The file and line the rule was defined at.
    public var location: SourceLocation
    /// The rule's slicing and clause lines as written, for `cbcheck explain`.
    public var definition: [String] = []
    /// `needs suspension`: the verdict rests on the system suspending the app as on a device,
    /// which a run under the debugger (APPLE-FACTS D1) or in the Simulator (D2) cannot show; its
    /// findings in such a run are withheld and the rule is listed as not provable there.
    public var needsSuspension = false

    public static func == (lhs: RuleDescription, rhs: RuleDescription) -> Bool { lhs.id == rhs.id }
}

/// A rule ready to run: its description, its slicing and its clauses.
public struct CompiledRule {
    public var description: RuleDescription
    public var keys: [SliceKey]
    public var clauses: [Clause]

    public var referencedKinds: Set<EventKind> {
        clauses.reduce(into: Set<EventKind>()) { $0.formUnion($1.referencedKinds) }
    }
}
