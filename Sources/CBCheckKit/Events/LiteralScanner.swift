#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finds, in one pass over a line, which event-map patterns could match it: the multi-literal
/// prefilter that keeps the regexes off the ~95% of lines that are chatter.
///
/// The scan reads one 4-byte window (folded to lower case) every `stride` bytes, stride =
/// shortest literal − 3, tests it against a 64 Kbit filter, and only on a hit looks the window up
/// and verifies the literals indexed by it. Each literal is indexed by `stride` consecutive
/// windows of its own, so wherever it lies in a line exactly one of them is read; of its possible
/// runs the one with the least common bytes is taken (`ByteCommonness`), which keeps words such
/// as `task` or `error` out of the filter. Patterns without a usable literal are always candidates.
public struct LiteralScanner {
    public static let windowLength = 4

    /// One literal, the patterns that need it, and how to compare it.
    private struct Literal {
        var bytes: [UInt8]
        var caseless: Bool
        var patterns: [Int]
    }

    /// Patterns to run on every message whatever it contains.
    public private(set) var alwaysCandidates = CandidateSet()
    /// Bytes between two window reads.
    public private(set) var stride = 1
    private var literals: [Literal] = []
    /// Folded window → (literal index, offset of the window in the literal).
    private var windows: [UInt32: [(literal: Int, offset: Int)]] = [:]
    private var filter = [UInt64](repeating: 0, count: 1024)

    /// - Parameters:
    ///   - patterns: the event map's entry patterns in recognition order; a pattern's index here
    ///     is its index in the candidate sets.
    ///   - shortestLiteral: patterns with a shorter literal are always candidates (their caller
    ///     checks them otherwise); a longer minimum gives a longer stride.
    public init(patterns: [EventMap.MapPattern], shortestLiteral: Int = LiteralScanner.windowLength) {
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
                    literals[existing].patterns.append(index)
                } else {
                    byText[key] = literals.count
                    literals.append(Literal(bytes: bytes, caseless: pattern.caseless, patterns: [index]))
                }
            }
        }
        let shortest = literals.map(\.bytes.count).min() ?? Self.windowLength
        stride = max(1, min(16, shortest - Self.windowLength + 1))
        for (index, literal) in literals.enumerated() {
            for offset in Self.indexedOffsets(of: literal.bytes, stride: stride) {
                let window = Self.foldedWindow(literal.bytes, offset)
                windows[window, default: []].append((index, offset))
                let slot = Self.slot(window)
                filter[slot >> 6] |= 1 << UInt64(slot & 63)
            }
        }
    }

    /// The patterns whose literals occur in `line` (plus those always run).
    public func candidates(in line: UnsafeRawBufferPointer) -> CandidateSet {
        var found = alwaysCandidates
        let count = line.count
        guard count >= Self.windowLength, let base = line.baseAddress else { return found }
        let last = count - Self.windowLength
        var position = 0
        filter.withUnsafeBufferPointer { bits in
            while position <= last {
                let window = base.loadUnaligned(fromByteOffset: position, as: UInt32.self) | 0x2020_2020
                let slot = Self.slot(window)
                if bits[slot >> 6] & (1 << UInt64(slot & 63)) != 0 {
                    verify(window, at: position, in: line, into: &found)
                }
                position += stride
            }
        }
        return found
    }

    /// Whether `haystack` contains `needle`, ignoring ASCII case.
    static func containsIgnoringCase(_ haystack: UnsafeRawBufferPointer, _ needle: [UInt8]) -> Bool {
        guard needle.count <= haystack.count else { return false }
        if needle.isEmpty { return true }
        for start in 0...(haystack.count - needle.count) where equalIgnoringCase(haystack, start, needle) {
            return true
        }
        return false
    }

    // MARK: - Private

    private func verify(
        _ window: UInt32, at position: Int, in line: UnsafeRawBufferPointer, into found: inout CandidateSet
    ) {
        guard let places = windows[window] else { return }
        for (index, offset) in places {
            let literal = literals[index]
            let start = position - offset
            guard start >= 0, start + literal.bytes.count <= line.count else { continue }
            let equal =
                literal.caseless
                ? Self.equalIgnoringCase(line, start, literal.bytes)
                : literal.bytes.withUnsafeBytes { memcmp(line.baseAddress! + start, $0.baseAddress!, $0.count) == 0 }
            if equal { for pattern in literal.patterns { found.insert(pattern) } }
        }
    }

    private static func equalIgnoringCase(_ haystack: UnsafeRawBufferPointer, _ start: Int, _ needle: [UInt8]) -> Bool {
        for (offset, byte) in needle.enumerated() where lower(haystack[start + offset]) != lower(byte) {
            return false
        }
        return true
    }

    private static func lower(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }

    /// The offsets of the windows a literal is indexed by: `stride` consecutive ones, so that
    /// wherever the literal lies one of them is read by the scan, and of all such runs the one
    /// whose bytes are least common (`ByteCommonness`), so ordinary text rarely hits the filter.
    static func indexedOffsets(of bytes: [UInt8], stride: Int) -> Range<Int> {
        let windows = bytes.count - windowLength + 1
        let runLength = min(stride, windows)
        let best = (0...(windows - runLength)).min { first, second in
            ByteCommonness.score(bytes, first, runLength + windowLength - 1)
                < ByteCommonness.score(bytes, second, runLength + windowLength - 1)
        }!
        return best..<best + runLength
    }

    /// The 4 bytes at `offset`, little-endian like the scan's unaligned load, with 0x20 OR-ed into
    /// each (ASCII letters to lower case; other bytes may collide, which only costs a verification).
    private static func foldedWindow(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        var value: UInt32 = 0
        for index in (0..<windowLength).reversed() { value = value << 8 | UInt32(bytes[offset + index]) }
        return value | 0x2020_2020
    }

    /// A multiplicative hash of a window into the 65 536-bit filter.
    private static func slot(_ window: UInt32) -> Int {
        Int((window &* 0x9E37_79B1) >> 16)
    }
}
