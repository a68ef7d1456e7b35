/// For each entry pattern, the last message it recognized whose attributes came from digit-blind
/// extractors (`DigitBlind`), with where they were found: a message of the same length that
/// differs from it only in digits, and whose own pattern's groups fell where that one's did, has
/// its attributes at the same offsets, so the extractors need not run again (a progress line
/// cost about 5 000 instructions in them and their checks; comparing costs about 250).
///
/// A class: the recognizer is a value and recognizing does not mutate it.
final class RecentRecognitions {
    private struct Slot {
        var message = KeptMessage()
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

    /// Gives `captured` (the entry pattern's groups and constants on `message`) the ranges of
    /// the attributes in `mask` that `pattern` found in the message it recognized last, when
    /// `message` differs from that one only in digits and `captured` is what it was there;
    /// `false`, with `captured` unchanged, otherwise. In place: the attributes are a 168-byte
    /// value.
    func adopt(
        _ mask: UInt32, into captured: inout CapturedAttributes, recognizedBy pattern: Int,
        in message: UnsafeRawBufferPointer
    ) -> Bool {
        slots.withUnsafeBufferPointer { slots in
            guard pattern < slots.count else { return false }
            guard slots[pattern].isSet, slots[pattern].before.hasTheSameRanges(as: captured),
                slots[pattern].message.differsOnlyInDigits(from: message)
            else { return false }
            captured.adopt(mask, from: slots[pattern].after)
            return true
        }
    }

    /// Remembers what `pattern` found in `message`.
    func remember(
        _ after: CapturedAttributes, before: CapturedAttributes, recognizedBy pattern: Int,
        in message: UnsafeRawBufferPointer
    ) {
        guard message.count <= Self.longestMessage, pattern < slots.count else { return }
        slots.withUnsafeMutableBufferPointer { slots in
            slots[pattern].message.keep(message)
            slots[pattern].before = before
            slots[pattern].after = after
            slots[pattern].isSet = true
        }
    }
}
