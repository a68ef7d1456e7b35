/// What the recognizer needs to make events of one map entry, worked out once when it is made
/// rather than for every recognized record: the extractors to try, the constants already
/// normalized, and which attributes the entry's kinds carry as bits.
///
/// A class, so handing it to the recognizer's per-record code is one reference, not a copy of
/// every field.
final class EntryPlan {
    let kind: EventKind
    /// Further kinds the same record stands for (`also`), after `kind`.
    let alsoKinds: [EventKind]
    /// The extractors for the attributes the kinds carry, in map order: their index in
    /// `EventMap.extractors`, their attribute and whether they have literals or required bytes to
    /// look for first (`ExtractorLiterals`), plain values so walking them counts no references.
    let extractors: [(index: Int, attribute: Attribute, isChecked: Bool)]
    let constants: EntryConstants
    /// A bit per attribute (its ordinal) that some kind of the entry carries.
    let carried: UInt32

    init(_ entry: EventMap.Entry, extractors all: [EventMap.AttributeExtractor], literals: ExtractorLiterals) {
        kind = entry.kind
        alsoKinds = entry.alsoKinds
        let kinds = [entry.kind] + entry.alsoKinds
        carried = Attribute.allCases.reduce(0) { mask, attribute in
            kinds.contains { $0.carries(attribute) } ? mask | 1 << UInt32(attribute.ordinal) : mask
        }
        let carried = carried
        extractors = all.enumerated().filter { carried & 1 << UInt32($0.element.attribute.ordinal) != 0 }
            .map { ($0.offset, $0.element.attribute, literals.isChecked($0.offset)) }
        constants = EntryConstants(entry.constants)
    }
}
