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
    /// `EventMap.extractors`, their attribute, whether they have literals or required bytes to
    /// look for first (`ExtractorLiterals`) and whether every match starts with a digit (run from
    /// the message's first, `FirstDigit`): plain values so walking them counts no references.
    let extractors: [(index: Int, attribute: Attribute, isChecked: Bool, startsWithADigit: Bool)]
    let constants: EntryConstants
    /// A bit per attribute (its ordinal) that some kind of the entry carries.
    let carried: UInt32
    /// A bit per attribute whose extractors (one or more) cannot tell one digit from another
    /// (`DigitBlind`): where they found it in a message holds for one that differs from it only
    /// in digits. `status`' `[1-5]\d\d` can, so a completion line runs that one alone again.
    let digitBlindAttributes: UInt32
    /// A bit per attribute with an extractor that can tell digits apart.
    let digitSeeingAttributes: UInt32

    /// - Parameters:
    ///   - startsWithADigit: `Pattern.startsWithADigit` of each of `all`, asked once.
    ///   - digitBlind: `DigitBlind.holds` of each of `all`, asked once.
    init(
        _ entry: EventMap.Entry, extractors all: [EventMap.AttributeExtractor], literals: ExtractorLiterals,
        startsWithADigit: [Bool], digitBlind: [Bool]
    ) {
        kind = entry.kind
        alsoKinds = entry.alsoKinds
        let kinds = [entry.kind] + entry.alsoKinds
        carried = Attribute.allCases.reduce(0) { mask, attribute in
            kinds.contains { $0.carries(attribute) } ? mask | 1 << UInt32(attribute.ordinal) : mask
        }
        let carried = carried
        extractors = all.enumerated().filter { carried & 1 << UInt32($0.element.attribute.ordinal) != 0 }
            .map { extractor in
                (
                    extractor.offset, extractor.element.attribute, literals.isChecked(extractor.offset),
                    startsWithADigit[extractor.offset]
                )
            }
        constants = EntryConstants(entry.constants)
        let withExtractors = extractors.reduce(UInt32(0)) { $0 | 1 << UInt32($1.attribute.ordinal) }
        let seeingDigits = extractors.reduce(UInt32(0)) {
            digitBlind[$1.index] ? $0 : $0 | 1 << UInt32($1.attribute.ordinal)
        }
        digitBlindAttributes = withExtractors & ~seeingDigits
        digitSeeingAttributes = seeingDigits
    }
}
