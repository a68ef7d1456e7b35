#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a file descriptor in large chunks and hands out its lines as byte slices, without
/// making a `String` per line.
///
/// Memory stays bounded by the chunk size and the longest line (itself capped at
/// `maximumLineLength`): the log's length never matters. A line's terminator (`\n`, or `\r\n`) is
/// not part of the slice; a final line without a newline is still delivered.
public struct LineReader {
    /// What a line's delivery says beyond its bytes.
    public struct LineInfo: Sendable {
        /// 1-based line number in the input.
        public var number: Int
        /// The line was longer than `maximumLineLength`; only its first bytes were kept.
        public var wasTruncated: Bool
    }

    /// Size of one `read(2)`.
    public var chunkSize = 1 << 20
    /// Lines longer than this are cut to it (and reported as truncated) so one runaway line cannot
    /// exhaust memory.
    public var maximumLineLength = 64 << 20

    public init() {}

    /// Reads `descriptor` to its end, calling `body` once per line.
    /// - Returns: the number of lines read, and whether the last one lacked a newline.
    /// - Throws: `LogInputError.readFailed` when `read(2)` fails; whatever `body` throws.
    @discardableResult
    public func forEachLine(
        in descriptor: Int32, path: String,
        _ body: (UnsafeRawBufferPointer, LineInfo) throws -> Void
    ) throws -> (lines: Int, missingFinalNewline: Bool) {
        var buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize * 2, alignment: 16)
        defer { buffer.deallocate() }
        var filled = 0
        var lineNumber = 0
        var skippingRestOfLongLine = false
        var sawBytesOfSkippedLine = false
        /// Delivers `start..<end` as the next line, cut to `maximumLineLength` if longer.
        func deliver(_ start: Int, _ end: Int) throws {
            lineNumber += 1
            let line = Self.line(buffer, start, end)
            if line.count > maximumLineLength {
                let kept = UnsafeRawBufferPointer(rebasing: line[0..<maximumLineLength])
                try body(kept, LineInfo(number: lineNumber, wasTruncated: true))
            } else {
                try body(line, LineInfo(number: lineNumber, wasTruncated: false))
            }
        }
        while true {
            if filled == buffer.count {
                // A partial line fills the buffer: cut it once it is past the limit, else grow.
                if skippingRestOfLongLine {
                    filled = 0
                } else if filled > maximumLineLength {
                    try deliver(0, filled)
                    skippingRestOfLongLine = true
                    sawBytesOfSkippedLine = true
                    filled = 0
                } else {
                    let bigger = UnsafeMutableRawBufferPointer.allocate(
                        byteCount: max(
                            buffer.count + chunkSize, min(buffer.count * 2, maximumLineLength + chunkSize + 1)),
                        alignment: 16)
                    bigger.copyMemory(from: UnsafeRawBufferPointer(rebasing: buffer[0..<filled]))
                    buffer.deallocate()
                    buffer = bigger
                }
            }
            let space = buffer.count - filled
            let count = read(descriptor, buffer.baseAddress! + filled, min(space, chunkSize))
            if count < 0 {
                if errno == EINTR { continue }
                throw LogInputError.readFailed(path: path, reason: String(cString: strerror(errno)))
            }
            if count == 0 { break }
            let end = filled + count
            var start = 0
            var searchFrom = filled
            while searchFrom < end,
                let found = memchr(buffer.baseAddress! + searchFrom, 0x0A, end - searchFrom)
            {
                let newline = buffer.baseAddress!.distance(to: found)
                if skippingRestOfLongLine {
                    skippingRestOfLongLine = false
                    sawBytesOfSkippedLine = false
                } else {
                    try deliver(start, newline)
                }
                start = newline + 1
                searchFrom = start
            }
            if skippingRestOfLongLine {
                filled = 0
            } else if start > 0 {
                let remaining = end - start
                if remaining > 0 {
                    memmove(buffer.baseAddress!, buffer.baseAddress! + start, remaining)
                }
                filled = remaining
            } else {
                filled = end
            }
        }
        if filled > 0 { try deliver(0, filled) }
        return (lineNumber, filled > 0 || sawBytesOfSkippedLine)
    }

    // MARK: - Private

    /// The bytes in `start..<end`, without a trailing carriage return.
    private static func line(
        _ buffer: UnsafeMutableRawBufferPointer, _ start: Int, _ end: Int
    )
        -> UnsafeRawBufferPointer
    {
        var stop = end
        if stop > start, buffer[stop - 1] == 0x0D { stop -= 1 }
        return UnsafeRawBufferPointer(rebasing: buffer[start..<stop])
    }
}
