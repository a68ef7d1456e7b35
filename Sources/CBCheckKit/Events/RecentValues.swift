/// The last value made for each attribute, by the bytes it was made from: consecutive events
/// repeat most of theirs (a download's `task` and `expected`, `kind` `download`, `error` `nil`,
/// `status` `200`), and normalizing one again cost about 260 instructions where comparing its
/// bytes costs a few. `AttributeValue.normalized(_:bytes:)` depends on nothing but the attribute
/// and the bytes, so the same bytes give the same text.
///
/// Values of up to 16 bytes only, kept as their count and two words. A class: the recognizer is
/// a value and recognizing does not mutate it. Its entries live in memory it owns, read through
/// a pointer: an array's uniqueness check and copy path on each write cost more than the
/// comparison.
final class RecentValues {
    private struct Entry {
        var count = -1
        var low: UInt64 = 0
        var high: UInt64 = 0
        var value: String?
    }

    private let entries: UnsafeMutablePointer<Entry>

    init() {
        entries = .allocate(capacity: CapturedAttributes.capacity)
        entries.initialize(repeating: Entry(), count: CapturedAttributes.capacity)
    }

    deinit {
        entries.deinitialize(count: CapturedAttributes.capacity)
        entries.deallocate()
    }

    /// `AttributeValue.normalized(attribute, bytes: bytes)`, made again only when `attribute`'s
    /// last value came from other bytes.
    func normalized(_ attribute: Attribute, bytes: UnsafeRawBufferPointer) -> String? {
        let count = bytes.count
        guard count <= 16, let base = bytes.baseAddress else {
            return AttributeValue.normalized(attribute, bytes: bytes)
        }
        let words = Self.words(base, count: count)
        let entry = entries + attribute.ordinal
        if entry.pointee.count == count, entry.pointee.low == words.low, entry.pointee.high == words.high {
            return entry.pointee.value
        }
        let value = AttributeValue.normalized(attribute, bytes: bytes)
        entry.pointee = Entry(count: count, low: words.low, high: words.high, value: value)
        return value
    }

    /// Two words that, with `count` (at most 16), tell the bytes apart from any others of that
    /// count: from 8 bytes on, the first eight and the last eight (overlapping below 16, so
    /// every byte is in one of them), read without a copy; below 8, the bytes in `low`, zero
    /// past the end.
    static func words(_ base: UnsafeRawPointer, count: Int) -> (low: UInt64, high: UInt64) {
        if count >= 8 {
            return (
                base.loadUnaligned(as: UInt64.self), base.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
            )
        }
        var low: UInt64 = 0
        for offset in 0..<count {
            low |= UInt64(base.load(fromByteOffset: offset, as: UInt8.self)) << UInt64(offset &* 8)
        }
        return (low, 0)
    }
}
