/// Which entry pattern won the walk over a record's candidates (`EventRecognizer.recognize`),
/// remembered for the last record of each set of candidates: a message of the same length that
/// differs from it only in digits, with the same candidates, is won by the same pattern with its
/// groups at the same offsets, when every pattern the walk ran cannot tell one digit from another
/// (`DigitBlind`). Its regexes then need not run again (a moved file's caseless
/// `\bmoved .{0,59}\bto\b` cost about 2 200 instructions a line).
///
/// Slots are chosen by the candidates' words. A class: the
/// recognizer is a value and recognizing does not mutate it.
final class RecentWalks {
    private struct Slot {
        var message = KeptMessage()
        var candidates = CandidateSet()
        /// The winning pattern's number; -1 while the slot is empty.
        var winner = -1
        /// The winner's groups, as it found them in `message`.
        var groups = CapturedAttributes()
        /// The same with the extractors' ranges.
        var attributes = CapturedAttributes()
        /// Where the winner's match started in `message`.
        var matchStart = 0
    }

    /// Sets of slots, chosen by the candidates; each holds two walks (`ways`), so two shapes of
    /// one kind of line that take turns (two downloads' progress, one at 7 digits and one at 8)
    /// both stay.
    static let setCount = 64
    static let ways = 2

    private var slots: [Slot]
    /// A bit per set: the way to write next, the one not used last.
    private var victims: UInt64 = 0

    /// - Parameter isEnabled: `false` keeps nothing (tests compare the two ways with it).
    init(isEnabled: Bool = true) {
        slots = Array(repeating: Slot(), count: isEnabled ? Self.setCount * Self.ways : 0)
    }

    /// A remembered walk that applies to a message (`winner(of:in:)`).
    struct Hit {
        fileprivate let index: Int
    }

    /// The remembered walk over `candidates` that applies to `message`, if any.
    func winner(of candidates: CandidateSet, in message: UnsafeRawBufferPointer) -> Hit? {
        guard !slots.isEmpty else { return nil }
        let set = Self.set(of: candidates)
        let found = slots.withUnsafeBufferPointer { slots in
            (0..<Self.ways).first { way in
                let index = set * Self.ways + way
                return slots[index].winner >= 0 && slots[index].candidates == candidates
                    && slots[index].message.differsOnlyInDigits(from: message)
            }
        }
        guard let way = found else { return nil }
        setVictim(of: set, to: Self.ways - 1 - way)
        return Hit(index: set * Self.ways + way)
    }

    /// The winning pattern's number.
    func number(_ hit: Hit) -> Int { slots[hit.index].winner }

    /// The winner's groups and the entry's constants, as it found them.
    func groups(_ hit: Hit) -> CapturedAttributes { slots[hit.index].groups }

    /// Where the winner's match started, the same offset in a message that differs only in digits.
    func matchStart(_ hit: Hit) -> Int { slots[hit.index].matchStart }

    /// Gives `captured` the ranges the extractors found for the attributes in `mask`; in place,
    /// where returning them copied 168 bytes.
    func adopt(_ mask: UInt32, from hit: Hit, into captured: inout CapturedAttributes) {
        slots.withUnsafeBufferPointer { captured.adopt(mask, from: $0[hit.index].attributes) }
    }

    /// Remembers that pattern `number` won over `candidates` in `message` with `groups`, and the
    /// extractors then found `attributes`; the caller has checked every pattern the walk ran is
    /// digit-blind and none, extractors included, hit its match limit.
    func remember(
        _ number: Int, groups: CapturedAttributes, attributes: CapturedAttributes, matchStart: Int,
        over candidates: CandidateSet, in message: UnsafeRawBufferPointer
    ) {
        guard !slots.isEmpty, message.count <= RecentRecognitions.longestMessage else { return }
        let set = Self.set(of: candidates)
        let way = Int(victims >> UInt64(set) & 1)
        setVictim(of: set, to: Self.ways - 1 - way)
        let index = set * Self.ways + way
        slots.withUnsafeMutableBufferPointer { slots in
            slots[index].message.keep(message)
            slots[index].candidates = candidates
            slots[index].winner = number
            slots[index].groups = groups
            slots[index].attributes = attributes
            slots[index].matchStart = matchStart
        }
    }

    private func setVictim(of set: Int, to way: Int) {
        victims = victims & ~(1 << UInt64(set)) | UInt64(way) << UInt64(set)
    }

    private static func set(of candidates: CandidateSet) -> Int {
        let words = candidates.wordTuple
        let mixed = (words.0 ^ words.1 &* 0x9E37_79B9 ^ words.2 &* 0x85EB_CA6B ^ words.3) &* 0x9E37_79B9_7F4A_7C15
        return Int(mixed >> 58)
    }
}
