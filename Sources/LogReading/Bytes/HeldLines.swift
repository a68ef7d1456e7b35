/// The lines read before a file's format is known that no format reads as a record: they wait,
/// copied, for the first record line (they were then lines with no record before them) or for the
/// window to fill (the file is then plain lines: Xcode's console showing `print`).
package struct HeldLines {
    /// Empty: nothing read yet.
    package init() {}

    /// Lines with no record of any format after which a file is read as plain lines.
    package static let windowLines = 200
    /// The most bytes of those lines held while waiting (the rest of the window is not waited for).
    static let windowBytes = 1 << 20

    private var lines: [Line] = []
    private var byteCount = 0

    package var isEmpty: Bool { lines.isEmpty }

    /// A line held, and how many bytes of a paste's decoration came off its start.
    package typealias Line = (bytes: [UInt8], info: LineReader.LineInfo, columnShift: Int)

    /// Keeps a copy of `line` (its buffer is the reader's); `true` once the window is full.
    package mutating func hold(
        _ line: UnsafeRawBufferPointer, _ info: LineReader.LineInfo, columnShift: Int = 0
    ) -> Bool {
        var copied = info
        copied.staysReadableUntilNextLine = false
        lines.append((Array(line), copied, columnShift))
        byteCount += line.count
        return lines.count >= Self.windowLines || byteCount >= Self.windowBytes
    }

    /// The lines held, in order; none are held after.
    package mutating func takeAll() -> [Line] {
        defer {
            lines = []
            byteCount = 0
        }
        return lines
    }
}
