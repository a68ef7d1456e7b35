import CLiteralScan
import LogReading

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finds, in one pass over a line, which event-map patterns could match it: the multi-literal
/// prefilter that keeps the regexes off the ~95% of lines that are chatter.
///
/// The scan reads one 4-byte window (folded to lower case) every `stride` bytes, stride =
/// shortest literal − 3, tests it against a 256 Kbit filter (32 KB: big enough that
/// ordinary text hits it about once in 200 windows), and only on a hit looks the window up
/// and verifies the literals indexed by it. Each literal is indexed by `stride` consecutive
/// windows of its own, so wherever it lies in a line exactly one of them is read; of its possible
/// runs the one whose windows are least common is taken (`ByteCommonness`), which keeps words such
/// as `task` or `error` out of the filter. Patterns without a usable literal are always candidates.
///
/// Where the CPU has AVX2, the C target `CLiteralScan` does the scan and the verification in one
/// call per message over the same tables (`LiteralTables`), eight windows a round (a byte shuffle
/// makes them, one gather reads their filter words): the same windows, the same filter, so the same
/// candidates; the loop and `verify` here are the portable path and do the same a window at a time.
public struct LiteralScanner {
    public static let windowLength = 4

    /// One literal, the patterns that need it, and how to compare it.
    private struct Literal {
        var bytes: [UInt8]
        var caseless: Bool
        var patterns: CandidateSet
    }

    /// Patterns to run on every message whatever it contains.
    public private(set) var alwaysCandidates = CandidateSet()
    /// Bytes between two window reads.
    public private(set) var stride = 1
    /// Some literal holds a newline (`\n`): one could then stand across two lines joined into a
    /// record, where scanning each line alone never finds it, so a record's lines are not scanned
    /// together (`PendingRecord.scanJoinedLines`).
    public private(set) var literalsHoldNewline = false
    private var literals: [Literal] = []
    /// Folded window → the literals it indexes and its offset in each.
    private var windows = WindowIndex([:])
    private var filter = [UInt64](repeating: 0, count: 1 << (WindowIndex.hashBits - 6))
    /// Whether `candidates` scans with `cls_candidates` (see `init`), and its tables.
    public let usesVectorScan: Bool
    private let tables: LiteralTables

    /// Whether this CPU runs `CLiteralScan`'s vector kernel.
    public static let vectorScanAvailable = cls_vector_scan_available() != 0

    /// - Parameters:
    ///   - patterns: the event map's entry patterns in recognition order; a pattern's index here
    ///     is its index in the candidate sets.
    ///   - shortestLiteral: patterns with a shorter literal are always candidates (their caller
    ///     checks them otherwise); a longer minimum gives a longer stride.
    ///   - vectorScan: `true` scans with `cls_candidates` (a window at a time in C where there is
    ///     no vector kernel), `false` with the portable loop; `nil` takes the C scan where the vector
    ///     kernel runs and fits the stride. Tests force each to compare them.
    public init(
        patterns: [EventMap.MapPattern], shortestLiteral: Int = LiteralScanner.windowLength, vectorScan: Bool? = nil
    ) {
        var byText: [String: Int] = [:]
        for (index, pattern) in patterns.enumerated() {
            guard index < CandidateSet.capacity - 1, let alternatives = pattern.literals,
                alternatives.allSatisfy({ $0.count >= max(shortestLiteral, Self.windowLength) })
            else {
                alwaysCandidates.insert(min(index, CandidateSet.capacity - 1))
                continue
            }
            for bytes in alternatives {
                let key = "\(pattern.caseless ? "i" : "c")\(String(decoding: bytes, as: UTF8.self))"
                if let existing = byText[key] {
                    literals[existing].patterns.insert(index)
                } else {
                    byText[key] = literals.count
                    var only = CandidateSet()
                    only.insert(index)
                    literals.append(Literal(bytes: bytes, caseless: pattern.caseless, patterns: only))
                }
            }
        }
        literalsHoldNewline = literals.contains { $0.bytes.contains(0x0A) }
        let shortest = literals.map(\.bytes.count).min() ?? Self.windowLength
        stride = max(1, min(16, shortest - Self.windowLength + 1))
        var places: [UInt32: [WindowIndex.Place]] = [:]
        for (index, literal) in literals.enumerated() {
            for offset in Self.indexedOffsets(of: literal.bytes, stride: stride) {
                let window = Self.foldedWindow(literal.bytes, offset)
                places[window, default: []].append(WindowIndex.Place(literal: index, offset: offset))
                let slot = WindowIndex.hash(window)
                filter[slot >> 6] |= 1 << UInt64(slot & 63)
            }
        }
        windows = WindowIndex(places)
        usesVectorScan = vectorScan ?? (Self.vectorScanAvailable && stride <= CLS_VECTOR_STRIDE_MAX)
        tables = LiteralTables(
            filter: filter, stride: stride, index: windows,
            literals: literals.map { ($0.bytes, $0.caseless, $0.patterns) })
    }

    /// The patterns whose literals occur in `line` (plus those always run).
    public func candidates(in line: UnsafeRawBufferPointer) -> CandidateSet {
        var found = alwaysCandidates
        guard line.count >= Self.windowLength, let base = line.baseAddress else { return found }
        if usesVectorScan {
            found.withWords { cls_candidates(tables.pointer, base.assumingMemoryBound(to: UInt8.self), line.count, $0) }
        } else {
            portableScan(line, into: &found)
        }
        return found
    }

    // MARK: - Private

    /// `candidates` without `CLiteralScan`; out of line, so the vector path's call stays small.
    ///
    /// Four windows are read and tested per round; only a round in which one of them hits the
    /// filter looks at them one by one (`verify`, kept out of line so the loop keeps its few
    /// registers): a round of chatter costs a few instructions per window.
    @inline(never)
    private func portableScan(_ line: UnsafeRawBufferPointer, into found: inout CandidateSet) {
        let base = line.baseAddress!
        let last = line.count &- Self.windowLength
        let stride = stride
        filter.withUnsafeBufferPointer { filter in
            let bits = filter.baseAddress!
            /// Bit 0 is set when the filter holds the window at `offset`.
            func probe(_ offset: Int) -> UInt64 {
                let slot = WindowIndex.hash(Self.window(base, offset))
                return bits[slot &>> 6] &>> UInt64(truncatingIfNeeded: slot)
            }
            var position = 0
            while position &+ 3 &* stride <= last {
                let hits =
                    probe(position) | probe(position &+ stride) | probe(position &+ 2 &* stride)
                    | probe(position &+ 3 &* stride)
                if hits & 1 != 0 {
                    for offset in Swift.stride(from: position, through: position &+ 3 &* stride, by: stride)
                    where probe(offset) & 1 != 0 {
                        verify(at: offset, in: line, into: &found)
                    }
                }
                position &+= 4 &* stride
            }
            while position <= last {
                if probe(position) & 1 != 0 { verify(at: position, in: line, into: &found) }
                position &+= stride
            }
        }
    }

    /// The folded window at `offset` of `base` (`foldedWindow` of a literal is its twin).
    private static func window(_ base: UnsafeRawPointer, _ offset: Int) -> UInt32 {
        base.loadUnaligned(fromByteOffset: offset, as: UInt32.self) | 0x2020_2020
    }

    /// Adds the patterns of the literals indexed by the window at `position` that stand there.
    @inline(never)
    private func verify(at position: Int, in line: UnsafeRawBufferPointer, into found: inout CandidateSet) {
        windows.forEachPlace(of: Self.window(line.baseAddress!, position)) { place in
            literals.withUnsafeBufferPointer { literals in
                let literal = literals[place.literal]
                let start = position - place.offset
                guard start >= 0, start + literal.bytes.count <= line.count else { return }
                let equal = literal.bytes.withUnsafeBytes { bytes in
                    literal.caseless
                        ? ASCIICase.equal(line.baseAddress! + start, bytes)
                        : memcmp(line.baseAddress! + start, bytes.baseAddress!, bytes.count) == 0
                }
                if equal { found.formUnion(literal.patterns) }
            }
        }
    }

    /// The offsets of the windows a literal is indexed by: `stride` consecutive ones, so that
    /// wherever the literal lies one of them is read by the scan, and of all such runs the one
    /// whose windows come up least in ordinary text (`ByteCommonness.windowCommonness`), so the
    /// scan rarely hits the filter and verifies nothing.
    static func indexedOffsets(of bytes: [UInt8], stride: Int) -> Range<Int> {
        let windows = bytes.count - windowLength + 1
        let runLength = min(stride, windows)
        func commonness(_ first: Int) -> UInt64 {
            (first..<first + runLength).reduce(0) { $0 + ByteCommonness.windowCommonness(bytes, $1) }
        }
        let best = (0...(windows - runLength)).min { commonness($0) < commonness($1) }!
        return best..<best + runLength
    }

    /// The 4 bytes at `offset`, little-endian like the scan's unaligned load, with 0x20 OR-ed into
    /// each (ASCII letters to lower case; other bytes may collide, which only costs a verification).
    private static func foldedWindow(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        var value: UInt32 = 0
        for index in (0..<windowLength).reversed() { value = value << 8 | UInt32(bytes[offset + index]) }
        return value | 0x2020_2020
    }
}
