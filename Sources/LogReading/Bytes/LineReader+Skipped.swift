#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A skipped input (binary, compressed, UTF-16): its lines are only counted, for `--stats`, and
/// only so far, since a device or FIFO of binary bytes never ends.
extension LineReader {
    /// Counts the lines of a skipped input: the bytes already read, then the rest, chunk by chunk,
    /// up to `maximumSkippedBytes` (`Summary.countedPart`).
    func countLines(
        _ source: any ByteSource, path: String, buffer: UnsafeMutableRawBufferPointer, prefilled: Int
    ) throws -> Summary {
        var summary = Summary(skipped: true)
        var count = prefilled
        var lastByte: UInt8?
        var total = 0
        while count > 0 {
            total += count
            if total > maximumSkippedBytes {
                summary.countedPart = maximumSkippedBytes
                return summary
            }
            var from = buffer.baseAddress!
            let end = from + count
            while from < end, let found = memchr(from, 0x0A, end - from) {
                summary.lines += 1
                from = UnsafeMutableRawPointer(found) + 1
            }
            lastByte = buffer[count - 1]
            count = try source.read(into: buffer.baseAddress!, count: min(buffer.count, chunkSize), path: path)
        }
        if let lastByte, lastByte != 0x0A {
            summary.lines += 1
            summary.missingFinalNewline = true
        }
        return summary
    }
}
