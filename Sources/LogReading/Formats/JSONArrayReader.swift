/// Joins the lines of `log show --style json` (a pretty-printed array whose objects span many
/// lines, `[{` … `},{` … `}]`) back into one object per event, streaming: only the object being
/// read is held, never the array.
///
/// Each finished object is flat JSON in one buffer (line ends become spaces; JSON strings never
/// hold a raw newline), which `NDJSONLogFormat` reads as it reads one line of `--style ndjson`.
/// Every line belongs to exactly one object, so the statistics still add up: the object open at
/// the line's end, or else the last one that closed on it (`},{` belongs to the object it opens).
package struct JSONArrayReader {
    /// Empty: nothing read yet.
    package init() {}

    /// One object, whole.
    package struct Object {
        /// Where its bytes are in `finishedBytes`.
        package var range: Range<Int>
        /// The line its `"eventMessage"` member is on (what findings point at), or another of its lines.
        package var recordLine: Int
        /// The lines that belong to it (0 when it stands on a line that belongs to another).
        package var lineCount: Int
        /// It grew past `maximumBytes`: its tail was dropped and it is not read.
        package var isOverlong: Bool
    }

    /// The most bytes of one object kept (the record limit, plus room for the other members).
    package static let maximumBytes = RecordLimit.bytes * 2

    /// The objects finished on the last line given to `add`, in order.
    package private(set) var finished: [Object] = []
    /// The bytes of the finished objects.
    package private(set) var finishedBytes: [UInt8] = []

    private var current: [UInt8] = []
    private var depth = 0
    private var isInString = false
    private var firstLine = 0
    private var messageLine: Int?
    private var isOverlong = false
    /// The lines the open object owns so far (counted, not subtracted: annotation lines between
    /// them never reach the reader).
    private var ownedLines = 0

    /// Reads line `number`. - Returns: whether the line belongs to an object.
    ///
    /// A string's bytes are stepped over to its next quote or backslash eight bytes at a time
    /// (`FlatJSONReader.quoteOrBackslash`); only the bytes between strings are looked at one by one.
    package mutating func add(_ line: UnsafeRawBufferPointer, number: Int) -> Bool {
        if !finished.isEmpty { finished.removeAll(keepingCapacity: true) }
        if !finishedBytes.isEmpty { finishedBytes.removeAll(keepingCapacity: true) }
        let wasInside = depth > 0
        if wasInside, messageLine == nil, Self.startsWithMessageKey(line) { messageLine = number }
        var start = wasInside ? 0 : nil
        let bytes = line.baseAddress?.assumingMemoryBound(to: UInt8.self)
        var index = 0
        while index < line.count, let bytes {
            if isInString {
                guard let found = FlatJSONReader.quoteOrBackslash(bytes, from: index, count: line.count) else { break }
                if bytes[found] == 0x22 {
                    isInString = false
                    index = found + 1
                } else {
                    index = found + 2
                }
                continue
            }
            let byte = bytes[index]
            if byte == 0x20 {  // the indentation, and the spaces around each ` : `
                index += 1
                continue
            }
            if byte == 0x22, depth > 0 {
                isInString = true
            } else if byte == 0x7B || (byte == 0x5B && depth > 0) {
                if depth == 0 { open(at: number, from: index, &start) }
                depth += 1
            } else if byte == 0x7D || byte == 0x5D, depth > 0 {
                depth -= 1
                if depth == 0, let from = start {
                    append(UnsafeRawBufferPointer(rebasing: line[from...index]))
                    close(at: number)
                    start = nil
                }
            }
            index += 1
        }
        isInString = false  // a raw line end never sits inside a JSON string
        if let start, depth > 0 {
            append(UnsafeRawBufferPointer(rebasing: line[start...]))
            if !isOverlong { current.append(0x20) }
        }
        // The line belongs to the object still open, or else to the last one closed on it.
        if depth > 0 {
            ownedLines += 1
        } else if let last = finished.indices.last {
            finished[last].lineCount += 1
        }
        return wasInside || !finished.isEmpty || depth > 0
    }

    /// The object still open when the log ended (a capture cut short): the line it opened on and
    /// the lines it owns; `nil` when none is.
    package mutating func finish() -> (firstLine: Int, lines: Int)? {
        guard depth > 0 else { return nil }
        depth = 0
        return (firstLine, ownedLines)
    }

    /// The array's own punctuation on a line of its own: `[`, `]`, `,`.
    package static func isArrayPunctuation(_ line: UnsafeRawBufferPointer) -> Bool {
        line.contains { $0 != 0x20 && $0 != 0x09 }
            && line.allSatisfy { $0 == 0x5B || $0 == 0x5D || $0 == 0x2C || $0 == 0x20 || $0 == 0x09 }
    }

    /// Whether `line` opens the array or an object of it (`[{`, `[`, `{`, `},{`): how a file in
    /// this format shows itself.
    package static func opensArray(_ line: UnsafeRawBufferPointer) -> Bool {
        var significant = line.lazy.filter { $0 != 0x20 && $0 != 0x09 }.makeIterator()
        switch (significant.next(), significant.next(), significant.next()) {
        case (0x5B, nil, nil), (0x5B, 0x7B, nil), (0x7B, nil, nil): return true
        case (0x7D, 0x2C, 0x7B): return significant.next() == nil
        default: return false
        }
    }

    // MARK: - Private

    private mutating func open(at number: Int, from index: Int, _ start: inout Int?) {
        current.removeAll(keepingCapacity: true)
        firstLine = number
        messageLine = nil
        isOverlong = false
        ownedLines = 0
        start = index
    }

    /// An object closed on line `number`: it owns the lines before this one it was open at the
    /// end of; this line is given at the line's end.
    private mutating func close(at number: Int) {
        let start = finishedBytes.count
        if finishedBytes.isEmpty {
            swap(&finishedBytes, &current)  // the first object closed on the line: its bytes, not a copy
        } else {
            finishedBytes.append(contentsOf: current)
        }
        let earlierLines = ownedLines
        var recordLine = messageLine ?? firstLine
        if recordLine == number, earlierLines > 0 { recordLine = firstLine }
        finished.append(
            Object(
                range: start..<finishedBytes.count, recordLine: earlierLines > 0 ? recordLine : number,
                lineCount: earlierLines, isOverlong: isOverlong))
    }

    private mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard !isOverlong else { return }
        if current.count + bytes.count > Self.maximumBytes {
            isOverlong = true
            return
        }
        // Typed, so the array copies the bytes at once.
        current.append(contentsOf: bytes.assumingMemoryBound(to: UInt8.self))
    }

    /// `  "eventMessage" :` at the start of a member line.
    private static func startsWithMessageKey(_ line: UnsafeRawBufferPointer) -> Bool {
        var cursor = ByteCursor(line)
        while cursor.peek() == 0x20 || cursor.peek() == 0x09 { cursor.position += 1 }
        return cursor.skip("\"eventMessage\"")
    }
}
