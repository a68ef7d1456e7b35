/// A documented sequence a run can follow (seed 000 §1–5, seed 002, seed 003): ordered steps,
/// and kinds that must not appear once the scenario has begun.
///
/// Scenarios name what a run *was*, so a reader of a report knows which documented path the
/// rules were checking; a run that follows none is named with the closest one and the event
/// where it departs from it.
public struct Scenario: Sendable {
    /// One step: any of these kinds, meeting the condition if there is one.
    public struct Step: Sendable {
        public var kinds: [String]
        public var condition: @Sendable (Event) -> Bool = { _ in true } {
            didSet { isConditional = true }
        }
        public var shown: String
        /// Whether the step was given a condition: the tracker calls only those, most steps being
        /// a kind alone.
        private(set) var isConditional: Bool

        init(_ kinds: String..., shown: String? = nil, where condition: (@Sendable (Event) -> Bool)? = nil) {
            self.kinds = kinds
            isConditional = condition != nil
            if let condition { self.condition = condition }
            self.shown = shown ?? kinds.joined(separator: " or ")
        }

        func matches(_ event: Event) -> Bool { kinds.contains(event.kind.name) && condition(event) }
    }

    /// Stable name (`launched-in-background`).
    public var name: String
    /// Where it is documented.
    public var source: String
    public var steps: [Step]
    /// Kinds that depart from the scenario once its first step has matched.
    public var forbidden: Set<String>
    /// Whether `forbidden` still applies after the last step (else only until then).
    public var forbiddenToRunEnd = false
}
