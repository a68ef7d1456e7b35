/// An event's attribute values, one slot per `Attribute` (by its ordinal): reading one is an index,
/// not a hash. Every event is read this way many times (slice keys, conditions, inference), and a
/// dictionary's hashing was a tenth of all the work on a large log.
public struct AttributeValues: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    private var slots: [String?]

    public init() { slots = Array(repeating: nil, count: Attribute.allCases.count) }

    public init(_ values: [Attribute: String]) {
        self.init()
        for (attribute, value) in values { slots[attribute.ordinal] = value }
    }

    public init(dictionaryLiteral elements: (Attribute, String)...) {
        self.init()
        for (attribute, value) in elements { slots[attribute.ordinal] = value }
    }

    public subscript(attribute: Attribute) -> String? {
        get { slots[attribute.ordinal] }
        set { slots[attribute.ordinal] = newValue }
    }

    public var isEmpty: Bool { slots.allSatisfy { $0 == nil } }

    /// The values of the attributes `isKept` says yes to (those an event kind carries).
    public func keeping(_ isKept: (Attribute) -> Bool) -> AttributeValues {
        var kept = self
        for attribute in Attribute.allCases where kept.slots[attribute.ordinal] != nil && !isKept(attribute) {
            kept.slots[attribute.ordinal] = nil
        }
        return kept
    }

    /// The known values as a dictionary (for callers that want one).
    public var dictionary: [Attribute: String] {
        Dictionary(uniqueKeysWithValues: map { ($0.key, $0.value) })
    }

    /// The known values, in `Attribute.allCases` order.
    public func makeIterator() -> some IteratorProtocol<(key: Attribute, value: String)> {
        Attribute.allCases.lazy.compactMap { attribute in
            slots[attribute.ordinal].map { (key: attribute, value: $0) }
        }.makeIterator()
    }
}

/// A set of attributes as bits (which attributes the trace builder inferred).
public struct AttributeSet: Sendable, Equatable, ExpressibleByArrayLiteral {
    private var bits: UInt32 = 0

    public init() {}

    public init(arrayLiteral elements: Attribute...) {
        for element in elements { insert(element) }
    }

    public func contains(_ attribute: Attribute) -> Bool { bits & 1 << UInt32(attribute.ordinal) != 0 }

    public mutating func insert(_ attribute: Attribute) { bits |= 1 << UInt32(attribute.ordinal) }

    public var isEmpty: Bool { bits == 0 }
}
