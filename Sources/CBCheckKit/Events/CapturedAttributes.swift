/// Where a recognized record's attributes were found, before any of them becomes text: a byte
/// range in the message, or the entry's constant (`set background = yes`), per attribute.
///
/// The recognizer fills it from the entry pattern's groups, the constants and the extractors,
/// then makes strings only of the attributes the event's kinds carry, each decoded and
/// normalized once (`AttributeValue.normalized(_:bytes:)`): no `AttributeValues` is built and
/// then built again normalized.
struct CapturedAttributes {
    /// A bit per attribute (its ordinal) that has a range or a constant.
    private(set) var known: UInt32 = 0
    /// The attributes whose value is the entry's constant, not a range.
    private var constant: UInt32 = 0
    /// Room for every attribute's ordinal (`Attribute.allCases.count`, 19; a test checks).
    static let capacity = 20
    /// As 32-bit offsets (a line is at most `LineReader.maximumLineLength`, 64 MiB, a record
    /// 256 KiB): the recognizer copies this value a few times an event, and with `Int` offsets
    /// each copy moved 336 bytes.
    private var starts = InlineArray<20, Int32>(repeating: 0)
    private var ends = InlineArray<20, Int32>(repeating: 0)

    func contains(_ attribute: Attribute) -> Bool { known & 1 << UInt32(attribute.ordinal) != 0 }

    /// Takes the ranges `other` has for the attributes in `mask` that are no constants here.
    mutating func adopt(_ mask: UInt32, from other: CapturedAttributes) {
        var remaining = mask & other.known & ~other.constant & ~known
        while remaining != 0 {
            let ordinal = remaining.trailingZeroBitCount
            remaining &= remaining - 1
            starts[ordinal] = other.starts[ordinal]
            ends[ordinal] = other.ends[ordinal]
            known |= 1 << UInt32(ordinal)
        }
    }

    /// Whether `other` knows the same attributes, with the same ranges and constants.
    func hasTheSameRanges(as other: CapturedAttributes) -> Bool {
        guard known == other.known, constant == other.constant else { return false }
        var remaining = known & ~constant
        while remaining != 0 {
            let ordinal = remaining.trailingZeroBitCount
            remaining &= remaining - 1
            if starts[ordinal] != other.starts[ordinal] || ends[ordinal] != other.ends[ordinal] { return false }
        }
        return true
    }

    /// Records where `attribute` was found; the first range found for an attribute is kept.
    mutating func capture(_ attribute: Attribute, at range: Range<Int>) {
        let ordinal = attribute.ordinal
        guard known & 1 << UInt32(ordinal) == 0 else { return }
        starts[ordinal] = Int32(range.lowerBound)
        ends[ordinal] = Int32(range.upperBound)
        known |= 1 << UInt32(ordinal)
    }

    /// Marks the attributes in `mask` as the entry's constants, over any range captured for them.
    mutating func setConstants(_ mask: UInt32) {
        known |= mask
        constant |= mask
    }

    /// The normalized values of the known attributes in `kept` (a bit per attribute), in
    /// attribute order: a range's text from `message`, a constant's value from `constants`
    /// (already normalized). Values normalized to nothing (empty, redacted) are left out.
    /// - Parameter recent: the values made last, reused for the same bytes.
    func values(
        keeping kept: UInt32, in message: UnsafeRawBufferPointer, constants: EntryConstants, recent: RecentValues
    ) -> AttributeValues {
        // A loop, not a closure per value: a closure reading `starts` and `ends` copied both
        // arrays (two 160-byte `memcpy`s a value).
        let wanted = known & kept
        // Room for two more: the trace builder fills in a session, a task or a kind the line left out
        // on most task events, and growing the array then cost a copy of it.
        var values = AttributeValues(capacity: wanted.nonzeroBitCount + 2)
        var remaining = wanted
        while remaining != 0 {
            let ordinal = remaining.trailingZeroBitCount
            remaining &= remaining - 1
            let attribute = Attribute.byOrdinal[ordinal]
            let value =
                constant & 1 << UInt32(ordinal) != 0
                ? constants.value(of: attribute)
                : recent.normalized(
                    attribute,
                    bytes: UnsafeRawBufferPointer(
                        rebasing: message[Int(starts.span[ordinal])..<Int(ends.span[ordinal])]))
            if let value { values.appendInOrder(ordinal, value) }
        }
        return values
    }
}

/// An entry's constant attributes (`set error = nil`), normalized once when the recognizer is made.
struct EntryConstants {
    /// A bit per attribute that has a constant.
    let mask: UInt32
    private let values: [(attribute: Attribute, value: String?)]

    init(_ constants: [Attribute: String]) {
        values = constants.map { ($0.key, AttributeValue.normalized($0.key, $0.value)) }
        mask = constants.keys.reduce(0) { $0 | 1 << UInt32($1.ordinal) }
    }

    func value(of attribute: Attribute) -> String? {
        values.first { $0.attribute == attribute }?.value ?? nil
    }
}
