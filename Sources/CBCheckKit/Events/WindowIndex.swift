import CLiteralScan

/// The literal scanner's windows and, for each, where it stands in which literals: an open-
/// addressing table probed with the scan's own hash of the window.
///
/// Every filter hit of the scan looks its window up here (about one window in 40 of ordinary
/// text): a `Dictionary` hashed each with SipHash, a fifth of the whole scan's cost.
struct WindowIndex {
    /// A literal the window belongs to, and the window's offset in it.
    struct Place {
        var literal: Int
        var offset: Int
    }

    /// The windows; 0 marks an empty slot (a folded window always has 0x20 in each byte).
    private var keys: [UInt32]
    /// For the window in the same slot, its places in `places`.
    private var ranges: [Range<Int>]
    private var places: [Place] = []
    private let mask: Int

    /// - Parameter windows: each folded window and its places.
    init(_ windows: [UInt32: [Place]]) {
        var capacity = 16
        while capacity < windows.count * 2 { capacity *= 2 }
        mask = capacity - 1
        keys = Array(repeating: 0, count: capacity)
        ranges = Array(repeating: 0..<0, count: capacity)
        for (window, found) in windows.sorted(by: { $0.key < $1.key }) {
            var slot = Self.hash(window) & mask
            while keys[slot] != 0 { slot = (slot + 1) & mask }
            keys[slot] = window
            ranges[slot] = places.count..<places.count + found.count
            places.append(contentsOf: found)
        }
    }

    /// Calls `body` with each place of `window` (none when it is no literal's).
    func forEachPlace(of window: UInt32, _ body: (Place) -> Void) {
        var slot = Self.hash(window) & mask
        while true {
            let key = keys[slot]
            if key == window { break }
            if key == 0 { return }
            slot = (slot + 1) & mask
        }
        for index in ranges[slot] { body(places[index]) }
    }

    /// The table as `CLiteralScan` reads it: its slots (the same hash, the same probing) and places.
    var slotsAndPlaces: (slots: [cls_slot], places: [cls_place], mask: Int) {
        let slots = keys.indices.map { slot in
            cls_slot(
                window: keys[slot], first_place: UInt32(ranges[slot].lowerBound),
                place_count: UInt32(ranges[slot].count))
        }
        return (slots, places.map { cls_place(literal: UInt32($0.literal), offset: UInt32($0.offset)) }, mask)
    }

    /// Bits of `hash`: the scan's filter has a bit for each value.
    static let hashBits = Int(CLS_HASH_BITS)

    /// The multiplicative hash the scan's filter uses too (the product's upper `hashBits` bits), as
    /// `CLiteralScan`'s vector kernel computes it.
    static func hash(_ window: UInt32) -> Int {
        Int((window &* CLS_HASH_MULTIPLIER) &>> UInt32(32 - CLS_HASH_BITS))
    }
}
