/// The last value made for each attribute, by the bytes it was made from: consecutive events
/// repeat most of theirs (a download's `task` and `expected`, `kind` `download`, `error` `nil`,
/// `status` `200`), and normalizing one again cost about 260 instructions where comparing its
/// bytes costs a few. `AttributeValue.normalized(_:bytes:)` depends on nothing but the attribute
/// and the bytes, so the same bytes give the same text.
///
/// Values of up to 16 bytes only, kept as two words. A class: the recognizer is a value and
/// recognizing does not mutate it.
final class RecentValues {
    private struct Entry {
        var count = -1
        var low: UInt64 = 0
        var high: UInt64 = 0
        var value: String?
    }

    private var entries = [Entry](repeating: Entry(), count: CapturedAttributes.capacity)

    /// `AttributeValue.normalized(attribute, bytes: bytes)`, made again only when `attribute`'s
    /// last value came from other bytes.
    func normalized(_ attribute: Attribute, bytes: UnsafeRawBufferPointer) -> String? {
        let count = bytes.count
        guard count <= 16, let base = bytes.baseAddress else {
            return AttributeValue.normalized(attribute, bytes: bytes)
        }
        // The bytes as two words, zero past the end.
        var words: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &words) { $0.baseAddress!.copyMemory(from: base, byteCount: count) }
        let ordinal = attribute.ordinal
        return entries.withUnsafeMutableBufferPointer { entries in
            if entries[ordinal].count == count, entries[ordinal].low == words.0, entries[ordinal].high == words.1 {
                return entries[ordinal].value
            }
            let value = AttributeValue.normalized(attribute, bytes: bytes)
            entries[ordinal] = Entry(count: count, low: words.0, high: words.1, value: value)
            return value
        }
    }
}
