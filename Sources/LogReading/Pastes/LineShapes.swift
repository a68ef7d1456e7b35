/// The most common shapes of the lines cbcheck could not read, so `--stats` and `cbcheck trace`
/// show what a log holds that no format knows (`2026-N-N N:N:N.N Foo: …` a thousand times is one
/// shape, not a thousand lines).
///
/// A shape is the line's first 48 bytes with every run of digits (and of hex digits after `0x`)
/// collapsed to `N`. At most 256 shapes are kept; lines of later new shapes are only counted.
public struct LineShapes: Sendable {
    /// Empty: nothing read yet.
    public init() {}

    public struct Shape: Sendable, Equatable {
        public var text: String
        public var count: Int
        /// The first line of this shape (1-based).
        public var firstLine: Int
        /// Why that line could not be read (`LineStats.addUnparseable`).
        public var reason = ""
    }

    static let prefixBytes = 48
    static let maximumShapes = 256

    private var indexByKey: [[UInt8]: Int] = [:]
    private(set) var shapes: [Shape] = []
    /// Lines whose shape was new after `maximumShapes` were kept.
    public private(set) var uncounted = 0

    /// Counts `line`, line number `number`, unreadable for `reason`.
    package mutating func add(_ line: UnsafeRawBufferPointer, number: Int, reason: String = "") {
        let key = Self.key(line)
        if let index = indexByKey[key] {
            shapes[index].count += 1
        } else if shapes.count < Self.maximumShapes {
            indexByKey[key] = shapes.count
            let shown = DisplayText.from(key.withUnsafeBytes { $0 })
            shapes.append(
                Shape(
                    text: line.count > Self.prefixBytes ? shown + "…" : shown, count: 1, firstLine: number,
                    reason: reason))
        } else {
            uncounted += 1
        }
    }

    /// The `limit` most common shapes, the most common first (ties: the earliest first).
    public func top(_ limit: Int = 5) -> [Shape] {
        Array(
            shapes.enumerated().sorted { ($1.element.count, $0.offset) < ($0.element.count, $1.offset) }.prefix(limit)
        )
        .map(\.element)
    }

    /// The first bytes of `line` with digit runs (and `0x` hex runs) collapsed to `N`.
    static func key(_ line: UnsafeRawBufferPointer) -> [UInt8] {
        var key: [UInt8] = []
        key.reserveCapacity(prefixBytes)
        var index = 0
        let end = min(line.count, prefixBytes)
        while index < end {
            let byte = line[index]
            if ByteCursor.isDigit(byte) {
                let isHex = byte == 0x30 && index + 1 < line.count && line[index + 1] == 0x78
                index += isHex ? 2 : 1
                while index < end, isHex ? ByteCursor.isHexDigit(line[index]) : ByteCursor.isDigit(line[index]) {
                    index += 1
                }
                key.append(0x4E)
            } else {
                key.append(byte)
                index += 1
            }
        }
        return key
    }
}
