/// An event's attribute values: a bit per attribute that is known, and the known values in
/// attribute order. An event carries two to five of the nineteen attributes, so a look-up is a
/// bit test and a bit count, and copying or freeing the values touches only those few (a slot for
/// every attribute made each copy and release walk twenty optionals; a dictionary hashed on
/// every read).
public struct AttributeValues: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    private struct Entry: Sendable, Equatable {
        var ordinal: Int
        var value: String
    }

    private var known: UInt32 = 0
    /// Sorted by ordinal.
    private var entries: [Entry] = []

    public init() {}

    public init(_ values: [Attribute: String]) {
        for (attribute, value) in values { self[attribute] = value }
    }

    public init(dictionaryLiteral elements: (Attribute, String)...) {
        for (attribute, value) in elements { self[attribute] = value }
    }

    /// The position in `entries` of the attribute whose bit is `bit`: how many known attributes
    /// come before it (a bit count, where a scan of the entries compared each ordinal).
    private func position(ofBit bit: UInt32) -> Int { (known & (bit &- 1)).nonzeroBitCount }

    public subscript(attribute: Attribute) -> String? {
        get {
            let bit: UInt32 = 1 << UInt32(attribute.ordinal)
            guard known & bit != 0 else { return nil }
            return entries[position(ofBit: bit)].value
        }
        set {
            let ordinal = attribute.ordinal
            let bit: UInt32 = 1 << UInt32(ordinal)
            let index = position(ofBit: bit)
            switch (newValue, known & bit != 0) {
            case (let value?, true): entries[index].value = value
            case (let value?, false):
                // Appended and moved into place: `insert(_:at:)` went through a generic,
                // unspecialized `replaceSubrange` that cost more than the rest of the event.
                // The moves through the buffer: `swapAt` on the array checked it was unshared at
                // every swap.
                entries.append(Entry(ordinal: ordinal, value: value))
                entries.withUnsafeMutableBufferPointer { buffer in
                    var position = buffer.count - 1
                    while position > index {
                        buffer.swapAt(position, position - 1)
                        position -= 1
                    }
                }
                known |= bit
            case (nil, true):
                entries.remove(at: index)
                known &= ~bit
            case (nil, false): return
            }
        }
    }

    /// Whether the value of `attribute` is `other`, `nil` when it is unknown: compared where it
    /// lies, where the subscript returns it owned (a retain and a release per read; a condition
    /// compares ~300 000 values on the bench log).
    @inline(__always)
    func value(of attribute: Attribute, equals other: String) -> Bool? {
        let bit: UInt32 = 1 << UInt32(attribute.ordinal)
        guard known & bit != 0 else { return nil }
        return entries[position(ofBit: bit)].value == other
    }

    public var isEmpty: Bool { known == 0 }

    /// Empty, with room for `capacity` values: the recognizer then adds an event's values in
    /// attribute order (`appendInOrder`), in one allocation, with neither a search nor a move per
    /// value.
    init(capacity: Int) {
        // `reserveCapacity` and `append`: `Array(unsafeUninitializedCapacity:)` took an
        // unspecialized path that looked up the storage type at run time, 500 instructions a call.
        entries.reserveCapacity(capacity)
    }

    /// Adds `value` for the attribute of `ordinal`, which must come after every attribute already
    /// here (the caller walks the attributes in order).
    mutating func appendInOrder(_ ordinal: Int, _ value: String) {
        entries.append(Entry(ordinal: ordinal, value: value))
        known |= 1 << UInt32(ordinal)
    }

    /// The values of the attributes `isKept` says yes to (those an event kind carries).
    public func keeping(_ isKept: (Attribute) -> Bool) -> AttributeValues {
        guard entries.contains(where: { !isKept(Attribute.allCases[$0.ordinal]) }) else { return self }
        var kept = AttributeValues()
        kept.entries = entries.filter { isKept(Attribute.allCases[$0.ordinal]) }
        kept.known = kept.entries.reduce(0) { $0 | 1 << UInt32($1.ordinal) }
        return kept
    }

    /// The known values as a dictionary (for callers that want one).
    public var dictionary: [Attribute: String] {
        Dictionary(uniqueKeysWithValues: map { ($0.key, $0.value) })
    }

    /// The known values, in `Attribute.allCases` order.
    public func makeIterator() -> some IteratorProtocol<(key: Attribute, value: String)> {
        entries.lazy.map { (key: Attribute.allCases[$0.ordinal], value: $0.value) }.makeIterator()
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
