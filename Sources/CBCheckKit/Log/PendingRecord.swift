import LogReading

/// The bytes of the record being assembled and what the literal prefilter found in them.
///
/// Most records are one line of chatter whose bytes are never read again: the first line is kept
/// where the line reader left it (`LineInfo.staysReadableUntilNextLine`) while the record has no
/// candidate, and copied when it has one or a continuation line joins it (which comes while the
/// line is still readable). The message is read where it lies in the first line, from
/// `messageStart`, and gets a buffer of its own only once a continuation joins it.
///
/// A class, reused for every record of a file: the assembler reads the message while it calls the
/// recognizer, and a struct in the assembler's property was copied for that (three array
/// references retained and released per event).
final class PendingRecord {
    /// The first line, copied; stale while `borrowedFirstLine` is set.
    private var ownedFirstLine = GrowableBytes(capacity: 4096)
    /// The first line in the reader's buffer, for a record without candidates so far.
    private var borrowedFirstLine: UnsafeRawBufferPointer?
    /// The patterns the record's lines so far could match.
    private(set) var candidates = CandidateSet()
    private var message = GrowableBytes(capacity: 4096)
    private(set) var hasContinuation = false
    /// Where the continuation lines not scanned yet start in `message`: they are scanned together
    /// when the record ends (`scanJoinedLines`), one call for a dump's dozen short lines instead of
    /// one each. `nil` when every line is scanned.
    private var unscannedFrom: Int?
    /// Where the message starts in the first line.
    private(set) var messageStart = 0
    /// Where runs of continuation lines start: the lines of a run follow each other in the file
    /// with the same decoration, so an entry is made only where the numbering or the decoration
    /// breaks (an annotation between lines); an event matched in one is placed at its line.
    /// Emptied by a record's first join, not by `start` (a call per record, where it cost the
    /// assembler its inlining): read it only while `hasContinuation`.
    private(set) var joinedLines: [JoinedLine] = []
    /// The number and decoration of the last line joined, to tell whether the next one
    /// continues its run.
    private var lastJoined = (number: 0, columnShift: 0)

    /// The first continuation line of a run: where it starts in the message, its number in the
    /// file, and the bytes of a paste's decoration taken off it (which its columns count).
    struct JoinedLine {
        let offset: Int
        let number: Int
        let columnShift: Int
    }

    /// Begins a record with its first line (the line, or a format's decoded fields).
    /// - Parameter staysReadable: `source` stays readable until the next line is added, so it
    ///   need not be copied while the record has no candidate.
    func start(
        _ source: UnsafeRawBufferPointer, messageStart: Int, staysReadable: Bool, scanner: LiteralScanner
    ) {
        hasContinuation = false
        unscannedFrom = nil
        self.messageStart = messageStart
        candidates = scanner.candidates(in: UnsafeRawBufferPointer(rebasing: source[messageStart...]))
        if staysReadable, candidates.isEmpty {
            borrowedFirstLine = source
        } else {
            own(source)
        }
    }

    /// Adds a continuation line to the message; `false` (and nothing added) when the message would
    /// grow past `limit` bytes. Inlined into the assembler's `continueRecord`: a call per
    /// continuation line, with the scanner passed by value, cost about 27 instructions more.
    @inline(__always)
    func join(
        _ line: UnsafeRawBufferPointer, number: Int, columnShift: Int, limit: Int, scanner: LiteralScanner
    ) -> Bool {
        if let borrowed = borrowedFirstLine { own(borrowed) }
        let length = hasContinuation ? message.count : ownedFirstLine.count - messageStart
        guard length + line.count < limit else { return false }
        if !hasContinuation {
            joinedLines.removeAll(keepingCapacity: true)
            message.removeAll()
            message.append(UnsafeRawBufferPointer(rebasing: ownedFirstLine.bytes[messageStart...]))
            hasContinuation = true
        }
        // A record with no message of its own (an export's `Timestamp: …` line) takes the next line's.
        if message.count > 0 { message.append(0x0A) }
        if scanner.literalsHoldNewline {
            candidates.formUnion(scanner.candidates(in: line))
        } else if unscannedFrom == nil {
            unscannedFrom = message.count
        }
        if joinedLines.isEmpty || number != lastJoined.number + 1 || columnShift != lastJoined.columnShift {
            joinedLines.append(JoinedLine(offset: message.count, number: number, columnShift: columnShift))
        }
        lastJoined = (number, columnShift)
        message.append(line)
        return true
    }

    /// Continuation lines have joined the message since the last scan (`scanJoinedLines`).
    var hasUnscannedLines: Bool { unscannedFrom != nil }

    /// Adds the candidates of the continuation lines joined since the last scan, scanned as one
    /// stretch of the message: the same candidates as scanning each line, since no literal holds
    /// the newline between them (else `join` scans each line).
    @inline(never)
    func scanJoinedLines(scanner: LiteralScanner) {
        guard let from = unscannedFrom else { return }
        unscannedFrom = nil
        candidates.formUnion(scanner.candidates(in: UnsafeRawBufferPointer(rebasing: message.bytes[from...])))
    }

    /// The first line's bytes. Only for a record with candidates, whose first line was copied: a
    /// borrowed line may be gone once the next line is read.
    func withFirstLine<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        precondition(borrowedFirstLine == nil, "the first line of a record without candidates is not kept")
        return body(ownedFirstLine.bytes)
    }

    /// The message bytes so far: the first line's from its message start, then any continuations.
    /// Like `withFirstLine`, only for a record with candidates.
    func withMessage<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        if hasContinuation { return body(message.bytes) }
        return withFirstLine { body(UnsafeRawBufferPointer(rebasing: $0[messageStart...])) }
    }

    /// Copies the first line into the record's own buffer.
    private func own(_ source: UnsafeRawBufferPointer) {
        borrowedFirstLine = nil
        ownedFirstLine.removeAll()
        ownedFirstLine.append(source)
    }
}
