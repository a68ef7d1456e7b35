/// A set of event-map pattern indices (0..<256) in four machine words: no allocation, so one can
/// be kept per record and OR-ed per line on the hot path.
public struct CandidateSet: Equatable, Sendable {
    public static let capacity = 256
    private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    public init() {}

    public var isEmpty: Bool { words.0 | words.1 | words.2 | words.3 == 0 }

    public mutating func insert(_ index: Int) {
        let bit = UInt64(1) << UInt64(index & 63)
        switch index >> 6 {
        case 0: words.0 |= bit
        case 1: words.1 |= bit
        case 2: words.2 |= bit
        default: words.3 |= bit
        }
    }

    public func contains(_ index: Int) -> Bool {
        let bit = UInt64(1) << UInt64(index & 63)
        switch index >> 6 {
        case 0: return words.0 & bit != 0
        case 1: return words.1 & bit != 0
        case 2: return words.2 & bit != 0
        default: return words.3 & bit != 0
        }
    }

    /// Calls `body` with each member in ascending order until it returns `false`.
    public func forEachMember(_ body: (Int) -> Bool) {
        func visit(_ word: UInt64, _ base: Int) -> Bool {
            var rest = word
            while rest != 0 {
                guard body(base + rest.trailingZeroBitCount) else { return false }
                rest &= rest - 1
            }
            return true
        }
        _ = visit(words.0, 0) && visit(words.1, 64) && visit(words.2, 128) && visit(words.3, 192)
    }

    public mutating func formUnion(_ other: CandidateSet) {
        words = (words.0 | other.words.0, words.1 | other.words.1, words.2 | other.words.2, words.3 | other.words.3)
    }

    /// Calls `body` with the set's four words, lowest members first: `CLiteralScan` ORs sets as words.
    mutating func withWords<Result>(_ body: (UnsafeMutablePointer<UInt64>) -> Result) -> Result {
        withUnsafeMutablePointer(to: &words) { $0.withMemoryRebound(to: UInt64.self, capacity: 4, body) }
    }

    /// The four words, as `withWords` gives them.
    var wordTuple: (UInt64, UInt64, UInt64, UInt64) { words }

    public static func == (lhs: CandidateSet, rhs: CandidateSet) -> Bool {
        lhs.words == rhs.words
    }
}
