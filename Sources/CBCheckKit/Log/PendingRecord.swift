/// The bytes of the record being assembled and what the literal prefilter found in them.
///
/// The first line is copied (the reader reuses its buffer); the message is read where it lies in
/// that copy, from `messageStart`, and is copied into a buffer of its own only once a
/// continuation line joins it: one copy per record line instead of two.
struct PendingRecord {
    private(set) var firstLine: [UInt8] = []
    /// The patterns the record's lines so far could match.
    private(set) var candidates = CandidateSet()
    private var message: [UInt8] = []
    private var hasContinuation = false
    private var messageStart = 0

    init() {
        firstLine.reserveCapacity(4096)
        message.reserveCapacity(4096)
    }

    /// Begins a record with its first line (the line, or a format's decoded fields).
    mutating func start(_ source: UnsafeRawBufferPointer, messageStart: Int, scanner: LiteralScanner) {
        firstLine.removeAll(keepingCapacity: true)
        firstLine.append(contentsOf: source)
        hasContinuation = false
        self.messageStart = messageStart
        candidates = scanner.candidates(in: UnsafeRawBufferPointer(rebasing: source[messageStart...]))
    }

    /// Adds a continuation line to the message; `false` (and nothing added) when the message would
    /// grow past `limit` bytes.
    mutating func join(_ line: UnsafeRawBufferPointer, limit: Int, scanner: LiteralScanner) -> Bool {
        let length = hasContinuation ? message.count : firstLine.count - messageStart
        guard length + line.count < limit else { return false }
        if !hasContinuation {
            message.removeAll(keepingCapacity: true)
            message.append(contentsOf: firstLine[messageStart...])
            hasContinuation = true
        }
        // A record with no message of its own (an export's `Timestamp: …` line) takes the next line's.
        if !message.isEmpty { message.append(0x0A) }
        message.append(contentsOf: line)
        candidates.formUnion(scanner.candidates(in: line))
        return true
    }

    /// The message bytes so far: the first line's from its message start, then any continuations.
    func withMessage<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        if hasContinuation { return message.withUnsafeBytes(body) }
        return firstLine.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[messageStart...])) }
    }
}
