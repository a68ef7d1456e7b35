/// Which rules of a slice already gave a finding (a rule's first finding decides it), as bits:
/// the first 64 rules in one word, any beyond in `more`, which stays empty (no allocation) for
/// the built-in slicings. A `[Bool]` per slice was an allocation and a free for every new slice,
/// and each test was a bounds check and a load.
struct DecidedRules: Hashable {
    private var bits: UInt64 = 0
    /// Words for rules 64 and up, made only when such a rule is decided.
    private var more: [UInt64] = []

    /// Whether rule `rule` (its place in its slice tree) is decided.
    @inline(__always)
    func contains(_ rule: Int) -> Bool {
        if rule < 64 { return bits & 1 << UInt64(rule) != 0 }
        let word = rule / 64 - 1
        return word < more.count && more[word] & 1 << UInt64(rule % 64) != 0
    }

    /// Marks rule `rule` decided.
    mutating func insert(_ rule: Int) {
        if rule < 64 {
            bits |= 1 << UInt64(rule)
            return
        }
        let word = rule / 64 - 1
        while more.count <= word { more.append(0) }
        more[word] |= 1 << UInt64(rule % 64)
    }
}
