import CLiteralScan

/// The newlines of a stretch of the line reader's buffer, found ahead of the lines they end: one
/// pass of `CLiteralScan`'s kernel (64 bytes a round with AVX2) over as many lines as fit
/// `capacity`, where a `memchr` per line paid its call and its start-up for every line.
///
/// Once a file shows a carriage return that no newline follows, the reader asks for such carriage
/// returns too (`loneCarriageReturns`), found by a second kernel (`cls_line_ends`): a file with
/// `\n` line ends never takes it. The search keeps no state but its offsets, as before it had a
/// second kernel: a counter of its own cost the reader's loop an instruction a line.
///
/// Not copyable: it owns the memory the offsets are written to.
struct NewlineSearch: ~Copyable {
    /// How many newlines one search reports at most (a 1 MiB read holds about 9 000 lines).
    static let capacity = 4096
    /// Whether this CPU runs the vector kernel (x86_64 with AVX2).
    static let vectorAvailable = cls_newlines_vector_available() != 0

    private let offsets: UnsafeMutablePointer<UInt32>
    private let vector: Bool

    /// - Parameter vector: `false` takes the portable loop (a `memchr` per newline) even where the
    ///   CPU has the vector kernel; the tests compare both.
    init(vector: Bool = NewlineSearch.vectorAvailable) {
        precondition(Self.capacity >= Int(CLS_NEWLINES_MIN_CAPACITY))
        offsets = .allocate(capacity: Self.capacity)
        self.vector = vector
    }

    deinit { offsets.deallocate() }

    /// Finds the newlines in `bytes[0..<count]`, their offsets then read with `offset(_:)`.
    /// - Returns: how many were found, and how far every newline was: `count`, or less when
    ///   `capacity` ran out (search again from there).
    mutating func find(in bytes: UnsafeRawPointer, count: Int) -> (found: Int, scanned: Int) {
        var scanned = 0
        let found = cls_newlines(
            bytes.assumingMemoryBound(to: UInt8.self), min(count, Int(UInt32.max)), offsets, Self.capacity,
            vector ? 1 : 0, &scanned)
        return (found, scanned)
    }

    /// Finds the line ends in `bytes[0..<count]`: newlines, and carriage returns that no newline
    /// follows (old Mac files, some web copies); their offsets then read with `offset(_:)`.
    /// - Returns: how many were found, how far every line end was (`count`, or less when `capacity`
    ///   ran out, or when the last byte is a carriage return whose next byte is not read yet: then
    ///   `scanned` is its offset), and how many of those found were carriage returns.
    mutating func findLineEnds(
        in bytes: UnsafeRawPointer, count: Int
    ) -> (found: Int, scanned: Int, carriageReturns: Int) {
        var scanned = 0
        var carriageReturns = 0
        let found = cls_line_ends(
            bytes.assumingMemoryBound(to: UInt8.self), min(count, Int(UInt32.max)), offsets, Self.capacity,
            vector ? 1 : 0, &scanned, &carriageReturns)
        return (found, scanned, carriageReturns)
    }

    /// The offset of the `index`th newline the last search found, from the start it was given.
    @inline(__always)
    func offset(_ index: Int) -> Int { Int(offsets[index]) }
}
