import CLiteralScan
import LogReading

/// A literal scanner's filter, window table and literals laid out for `cls_candidates`, in memory
/// of their own made once per scanner: a class, so copies of the scanner share them, and a scan
/// passes one pointer instead of borrowing an array for each table.
final class LiteralTables {
    /// What `cls_candidates` reads; valid as long as this object lives.
    let pointer: UnsafeMutablePointer<cls_literals>
    private var allocations: [UnsafeMutableRawPointer] = []

    /// - Parameters:
    ///   - literals: each literal's bytes, whether it ignores ASCII case and the patterns it adds,
    ///     numbered as `index`'s places number them.
    init(
        filter: [UInt64], stride: Int, index: WindowIndex,
        literals: [(bytes: [UInt8], caseless: Bool, patterns: CandidateSet)]
    ) {
        var bytes: [UInt8] = []
        var described: [cls_literal] = []
        for literal in literals {
            described.append(
                cls_literal(
                    start: UInt32(bytes.count), length: UInt32(literal.bytes.count), caseless: literal.caseless ? 1 : 0,
                    patterns: literal.patterns.wordTuple))
            bytes += literal.caseless ? literal.bytes.map(ASCIICase.lowercased) : literal.bytes
        }
        let (slots, places, mask) = index.slotsAndPlaces
        pointer = .allocate(capacity: 1)
        pointer.initialize(
            to: cls_literals(
                filter: nil, stride: stride, slots: nil, slot_mask: mask, places: nil, literals: nil, bytes: nil))
        pointer.pointee.filter = copy(filter)
        pointer.pointee.slots = copy(slots)
        pointer.pointee.places = copy(places)
        pointer.pointee.literals = copy(described)
        pointer.pointee.bytes = copy(bytes)
    }

    deinit {
        for allocation in allocations { allocation.deallocate() }
        pointer.deallocate()
    }

    /// `array`'s elements in memory this object frees.
    private func copy<Element>(_ array: [Element]) -> UnsafePointer<Element> {
        let copy = UnsafeMutablePointer<Element>.allocate(capacity: max(1, array.count))
        copy.initialize(from: array, count: array.count)
        allocations.append(UnsafeMutableRawPointer(copy))
        return UnsafePointer(copy)
    }
}
