/// The words a log writes in place of a value it withholds (`<private>` in the unified log,
/// `APPNAME` in some crash reports): the value exists but is unknown, so a process name or an
/// attribute that is one is dropped, never matched.
package enum RedactionMarker {
    /// Every marker, as written.
    package static let all: Set<String> = ["<private>", "<<private>>", "<redacted>", "APPNAME"]

    /// Whether `value` is a marker; most values are not, and their first byte says so without
    /// hashing them.
    package static func isMarker(_ value: String) -> Bool {
        guard let first = value.utf8.first, startsAMarker(first) else { return false }
        return all.contains(value)
    }

    /// Whether `bytes` (not empty) are a marker's: the same test on an attribute's bytes before
    /// they are made text.
    package static func isMarker(_ bytes: UnsafeRawBufferPointer) -> Bool {
        startsAMarker(bytes[0]) && allBytes.contains { bytes.elementsEqual($0) }
    }

    /// Whether some marker starts with `byte`.
    private static func startsAMarker(_ byte: UInt8) -> Bool { startsAMarker[Int(byte)] }

    private static let allBytes = all.map { Array($0.utf8) }

    /// For each byte, whether some marker starts with it.
    private static let startsAMarker: [Bool] = {
        var table = [Bool](repeating: false, count: 256)
        for marker in all { if let first = marker.utf8.first { table[Int(first)] = true } }
        return table
    }()
}
