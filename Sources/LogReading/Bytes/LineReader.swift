#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a file descriptor in large chunks and hands out its lines as byte slices, without
/// making a `String` per line.
///
/// Memory stays bounded by the chunk size and the longest line (itself capped at
/// `maximumLineLength`): the log's length never matters. A line's terminator (`\n`, `\r\n`, or a
/// `\r` that no `\n` follows: old Mac files and some web copies end lines so) is not part of the
/// slice; a final line without one is still delivered. The newline search looks for `\n` alone
/// until the file shows a lone `\r` (a line holding one is split where it stands, the search then
/// looks for both): a file with `\n` line ends never pays for the second byte.
///
/// A delivered line stays readable, unchanged and where it is, until `body` has returned for the
/// line after it: a consumer may keep the pointer instead of copying, and copy only when the next
/// line says it must (a continuation joining the record). Two buffers take turns for that: the
/// partial line at the end of one moves to the start of the other. The newlines of what was read
/// are found ahead of the lines, a stretch at a time (`NewlineSearch`).
public struct LineReader {
    /// What a line's delivery says beyond its bytes.
    public struct LineInfo: Sendable {
        /// 1-based line number in the input.
        public var number: Int
        /// The line was longer than `maximumLineLength`; only its first bytes were kept.
        public var wasTruncated: Bool
        /// The bytes stay readable until the next line has been delivered (the reader's promise;
        /// `false` for lines held or made by anyone else).
        public var staysReadableUntilNextLine = false
    }

    /// What reading the whole input found, for the notes under `--stats`.
    public struct Summary: Sendable, Equatable {
        /// Lines read (delivered, or only counted when the input was skipped).
        public var lines = 0
        /// The last line has no newline (the input may have been cut off).
        public var missingFinalNewline = false
        /// Lines ended by a carriage return that no newline follows.
        public var loneCarriageReturnLineEnds = 0
        /// The first block was refused by the inspector: lines were counted, none delivered.
        public var skipped = false
        /// A skipped input's lines were counted in this many first bytes only.
        public var countedPart: Int?
    }

    /// Size of one `read(2)`.
    public var chunkSize = 1 << 20
    /// The most bytes one input may give: reading stops there with `LogInputError.tooLarge`
    /// after the lines before it are delivered, so an endless input ends (`--max-input-size`).
    public var maximumInputBytes = InputSize.defaultLimit
    /// How much of a skipped (binary) input is read to count its lines: a device or FIFO of
    /// binary bytes never ends, and its line count means little.
    public var maximumSkippedBytes = 64 << 20
    /// Lines longer than this are cut to it (and reported as truncated) so one runaway line cannot
    /// exhaust memory.
    public var maximumLineLength = 64 << 20
    /// How many leading bytes the `inspect` callback sees (fewer when the input is shorter).
    public var inspectionLength = 4096
    /// Newlines found by the vector kernel where the CPU has it (`NewlineSearch`); `false` takes the
    /// portable loop, for the tests that compare the two.
    var vectorNewlineSearch = NewlineSearch.vectorAvailable

    public init() {}

    /// Reads `descriptor` to its end, calling `body` once per line.
    /// - Parameters:
    ///   - inspect: sees the first `inspectionLength` bytes before any line is delivered; returning
    ///     `false` skips the input: its lines are then only counted, so the statistics still add up.
    /// - Returns: the line count and the notes on line ends.
    /// - Throws: `LogInputError.readFailed` when `read(2)` fails; whatever `body` or `inspect` throws.
    @discardableResult
    public func forEachLine(
        in descriptor: Int32, path: String, inspect: ((UnsafeRawBufferPointer) throws -> Bool)? = nil,
        _ body: (UnsafeRawBufferPointer, LineInfo) throws -> Void
    ) throws -> Summary {
        try forEachLine(from: DescriptorSource(descriptor: descriptor), path: path, inspect: inspect, body)
    }

    /// Reads `source` (a file descriptor, or a gzip stream over one) to its end, calling `body` once per line.
    @discardableResult
    public func forEachLine(
        from source: any ByteSource, path: String, inspect: ((UnsafeRawBufferPointer) throws -> Bool)? = nil,
        _ body: (UnsafeRawBufferPointer, LineInfo) throws -> Void
    ) throws -> Summary {
        var buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize * 2, alignment: 16)
        /// The buffer before `buffer`: it holds the last line delivered until one is delivered from `buffer`.
        var spare = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize * 2, alignment: 16)
        defer {
            buffer.deallocate()
            spare.deallocate()
        }
        var summary = Summary()
        var filled = 0
        /// A read error, taken for the end of the input until every line read before it is
        /// delivered (the last one too, though no newline ended it), then thrown.
        var damage: (any Error)?
        var total = 0
        func readSome(into destination: UnsafeMutableRawPointer, count: Int) -> Int {
            guard damage == nil else { return 0 }
            do {
                let read = try source.read(into: destination, count: count, path: path)
                total += read
                if total > maximumInputBytes { damage = LogInputError.tooLarge(path: path, limit: maximumInputBytes) }
                return read
            } catch {
                damage = error
                return 0
            }
        }
        if let inspect {
            let wanted = min(inspectionLength, buffer.count)
            while filled < wanted {
                let count = readSome(into: buffer.baseAddress! + filled, count: wanted - filled)
                if count == 0 { break }
                filled += count
            }
            if try !inspect(UnsafeRawBufferPointer(rebasing: buffer[0..<filled])) {
                if let damage { throw damage }
                return try countLines(source, path: path, buffer: buffer, prefilled: filled)
            }
        }
        var skippingRestOfLongLine = false
        var sawBytesOfSkippedLine = false
        /// The first carriage return in `buffer` at or after the last line's start (`filled` when
        /// there is none), -1 when not looked for since `buffer` last changed: one search answers
        /// for all the lines before it.
        var nextCarriageReturn = -1
        /// The file showed a carriage return that no newline follows: from then on the search
        /// finds such carriage returns as line ends too (`NewlineSearch.findLineEnds`).
        var sawLoneCarriageReturn = false
        /// Whether `buffer[from..<to]` holds a carriage return (a file that, seen so far, ends no
        /// line with one; the last byte is left out, its next byte not being known).
        func holdsCarriageReturn(_ from: Int, _ to: Int) -> Bool {
            to - from > 1 && memchr(buffer.baseAddress! + from, 0x0D, to - from - 1) != nil
        }
        /// Delivers `start..<end` as the next line, cut to `maximumLineLength` if longer.
        /// - Returns: `false`, delivering nothing, when the line holds a carriage return that no
        ///   newline follows: the search must then look for those too, from the line's start.
        func deliver(_ start: Int, _ end: Int) throws -> Bool {
            var line = Self.line(buffer, start, end)
            if nextCarriageReturn < start {
                let found = memchr(buffer.baseAddress! + start, 0x0D, filled - start)
                nextCarriageReturn = found.map { buffer.baseAddress!.distance(to: $0) } ?? filled
            }
            if nextCarriageReturn < start + line.count { return false }
            summary.lines += 1
            let wasTruncated = line.count > maximumLineLength
            if wasTruncated { line = UnsafeRawBufferPointer(rebasing: line[0..<maximumLineLength]) }
            try body(
                line, LineInfo(number: summary.lines, wasTruncated: wasTruncated, staysReadableUntilNextLine: true))
            return true
        }
        var newlines = NewlineSearch(vector: vectorNewlineSearch)
        var scanned = 0
        var reachedEnd = false
        while true {
            var start = 0
            var searchFrom = scanned
            var deliveredFromBuffer = false
            nextCarriageReturn = -1
            searching: while searchFrom < filled {
                let (found, scanned): (Int, Int)
                if sawLoneCarriageReturn {
                    let ends = newlines.findLineEnds(in: buffer.baseAddress! + searchFrom, count: filled - searchFrom)
                    (found, scanned) = (ends.found, ends.scanned)
                    summary.loneCarriageReturnLineEnds += ends.carriageReturns
                } else {
                    (found, scanned) = newlines.find(in: buffer.baseAddress! + searchFrom, count: filled - searchFrom)
                }
                for index in 0..<found {
                    let newline = searchFrom + newlines.offset(index)
                    if skippingRestOfLongLine {
                        skippingRestOfLongLine = false
                        sawBytesOfSkippedLine = false
                    } else {
                        guard try deliver(start, newline) else {
                            // The first lone carriage return: search again from this line's start.
                            sawLoneCarriageReturn = true
                            searchFrom = start
                            continue searching
                        }
                        deliveredFromBuffer = true
                    }
                    start = newline + 1
                }
                searchFrom += scanned
                // Only a carriage return at the end, whose next byte is not read yet, stops a search
                // with nothing found.
                if found == 0 && scanned == 0 { break }
            }
            // The last byte is a carriage return to look at again once the next byte is read.
            let endsInCarriageReturn = searchFrom < filled
            if skippingRestOfLongLine {
                filled = 0
            } else if start > 0, !deliveredFromBuffer {
                // Only the end of a cut line was skipped: the last line delivered is in `spare`.
                let remaining = filled - start
                if remaining > 0 { memmove(buffer.baseAddress!, buffer.baseAddress! + start, remaining) }
                filled = remaining
            } else if start > 0 {
                // The partial line goes to the other buffer: the line just delivered stays put.
                let remaining = filled - start
                if spare.count < buffer.count {
                    spare.deallocate()
                    spare = UnsafeMutableRawBufferPointer.allocate(byteCount: buffer.count, alignment: 16)
                }
                if remaining > 0 { memcpy(spare.baseAddress!, buffer.baseAddress! + start, remaining) }
                swap(&buffer, &spare)
                filled = remaining
            }
            scanned = endsInCarriageReturn && filled > 0 ? filled - 1 : filled
            if reachedEnd { break }
            if !sawLoneCarriageReturn, filled == buffer.count, holdsCarriageReturn(0, filled) {
                // A partial line as long as the buffer holds carriage returns: they end its lines (a
                // file with no newline at all), so search it again before growing the buffer.
                sawLoneCarriageReturn = true
                scanned = 0
                continue
            }
            if filled == buffer.count {
                // A partial line fills the buffer: cut it once it is past the limit, else grow.
                if filled > maximumLineLength {
                    nextCarriageReturn = -1
                    _ = try deliver(0, filled)
                    swap(&buffer, &spare)  // the cut line stays readable while the rest is skipped
                    skippingRestOfLongLine = true
                    sawBytesOfSkippedLine = true
                    filled = 0
                    scanned = 0
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
            let count = readSome(into: buffer.baseAddress! + filled, count: min(buffer.count - filled, chunkSize))
            if count == 0 {
                // The last partial line holds carriage returns: search it again for its lines.
                guard !sawLoneCarriageReturn, holdsCarriageReturn(0, filled) else { break }
                sawLoneCarriageReturn = true
                reachedEnd = true
                scanned = 0
                continue
            }
            filled += count
        }
        nextCarriageReturn = -1
        let endsInCarriageReturn = filled > 0 && buffer[filled - 1] == 0x0D
        if filled > 0 { _ = try deliver(0, filled) }
        // A file whose lines end in lone carriage returns ends with one: its last line is ended (in
        // a file of `\r\n` line ends, a last `\r` is more likely a cut one).
        let endsInLoneCarriageReturn = endsInCarriageReturn && sawLoneCarriageReturn
        if endsInLoneCarriageReturn { summary.loneCarriageReturnLineEnds += 1 }
        summary.missingFinalNewline = (filled > 0 && !endsInLoneCarriageReturn) || sawBytesOfSkippedLine
        if let damage { throw damage }
        return summary
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
