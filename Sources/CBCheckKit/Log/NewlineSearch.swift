import CLiteralScan

/// The newlines of a stretch of the line reader's buffer, found ahead of the lines they end: one
/// pass of `CLiteralScan`'s kernel (64 bytes a round with AVX2) over as many lines as fit
/// `capacity`, where a `memchr` per line paid its call and its start-up for every line.
///
/// Once a file shows a carriage return that no newline follows (`endsLinesAtLoneCarriageReturns`),
/// such carriage returns end lines too, found by a second kernel (`cls_line_ends`): a file with
/// `\n` line ends never takes it.
///
/// Not copyable: it owns the memory the offsets are written to.
struct NewlineSearch: ~Copyable {
    /// How many newlines one search reports at most (a 1 MiB read holds about 9 000 lines).
    static let capacity = 4096
    /// Whether this CPU runs the vector kernel (x86_64 with AVX2).
    static let vectorAvailable = cls_newlines_vector_available() != 0

    private let offsets: UnsafeMutablePointer<UInt32>
    private let vector: Bool
    /// A carriage return whose next byte is no newline ends a line as well (old Mac files, some web
    /// copies); set by the line reader when a file shows one.
    var endsLinesAtLoneCarriageReturns = false
    /// How many of the line ends found so far were lone carriage returns.
    private(set) var loneCarriageReturns = 0

    /// - Parameter vector: `false` takes the portable loop (a `memchr` per newline) even where the
    ///   CPU has the vector kernel; the tests compare both.
    init(vector: Bool = NewlineSearch.vectorAvailable) {
        precondition(Self.capacity >= Int(CLS_NEWLINES_MIN_CAPACITY))
        offsets = .allocate(capacity: Self.capacity)
        self.vector = vector
    }

    deinit { offsets.deallocate() }

    /// Finds the newlines in `bytes[0..<count]` (and the lone carriage returns, once
    /// `endsLinesAtLoneCarriageReturns`), their offsets then read with `offset(_:)`.
    /// - Returns: how many were found, and how far every line end was: `count`, or less when
    ///   `capacity` ran out (search again from there) or when the last byte is a carriage return
    ///   whose next byte is not read yet (then `scanned` is its offset and `found` below `capacity`).
    mutating func find(in bytes: UnsafeRawPointer, count: Int) -> (found: Int, scanned: Int) {
        var scanned = 0
        let start = bytes.assumingMemoryBound(to: UInt8.self)
        guard endsLinesAtLoneCarriageReturns else {
            let found = cls_newlines(
                start, min(count, Int(UInt32.max)), offsets, Self.capacity, vector ? 1 : 0, &scanned)
            return (found, scanned)
        }
        var carriageReturns = 0
        let found = cls_line_ends(
            start, min(count, Int(UInt32.max)), offsets, Self.capacity, vector ? 1 : 0, &scanned, &carriageReturns)
        loneCarriageReturns += carriageReturns
        return (found, scanned)
    }

    /// The offset of the `index`th newline the last search found, from the start it was given.
    @inline(__always)
    func offset(_ index: Int) -> Int { Int(offsets[index]) }
}
