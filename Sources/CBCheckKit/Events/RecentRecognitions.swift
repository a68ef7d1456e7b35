/// For each entry pattern, the last message it recognized whose attributes came from digit-blind
/// extractors (`DigitBlind`), with where they were found: a message of the same length that
/// differs from it only in digits, and whose own pattern's groups fell where that one's did, has
/// its attributes at the same offsets, so the extractors need not run again (a progress line
/// cost about 5 000 instructions in them and their checks; comparing costs about 250).
///
/// A class: the recognizer is a value and recognizing does not mutate it.
final class RecentRecognitions {
    private struct Slot {
        var message: [UInt8] = []
        /// What the entry pattern's groups and constants gave, before the extractors ran.
        var before = CapturedAttributes()
        /// The same with the extractors' ranges.
        var after = CapturedAttributes()
        var isSet = false
    }

    /// Longer messages are not kept: copying and comparing them would cost more than it saves.
    static let longestMessage = 256

    private var slots: [Slot]

    /// - Parameter patterns: how many entry patterns the recognizer has; 0 keeps nothing.
    init(patterns: Int) {
        slots = Array(repeating: Slot(), count: patterns)
    }

    /// The attributes found in the message `pattern` recognized last, when `message` differs from
    /// it only in digits and `before` (the entry pattern's groups and constants on `message`) is
    /// what they were there.
    func attributes(
        recognizedBy pattern: Int, in message: UnsafeRawBufferPointer, before: CapturedAttributes
    ) -> CapturedAttributes? {
        slots.withUnsafeBufferPointer { slots in
            guard pattern < slots.count else { return nil }
            let slot = slots[pattern]
            guard slot.isSet, slot.before.hasTheSameRanges(as: before) else { return nil }
            let same = slot.message.withUnsafeBytes { DigitBlind.sameButForDigits($0, message) }
            return same ? slot.after : nil
        }
    }

    /// Remembers what `pattern` found in `message`.
    func remember(
        _ after: CapturedAttributes, before: CapturedAttributes, recognizedBy pattern: Int,
        in message: UnsafeRawBufferPointer
    ) {
        guard message.count <= Self.longestMessage, pattern < slots.count else { return }
        slots.withUnsafeMutableBufferPointer { slots in
            slots[pattern].message.removeAll(keepingCapacity: true)
            slots[pattern].message.append(contentsOf: message)
            slots[pattern].before = before
            slots[pattern].after = after
            slots[pattern].isSet = true
        }
    }
}
