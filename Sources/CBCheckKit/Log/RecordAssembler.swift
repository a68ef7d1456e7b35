/// Groups lines into records (a prefixed line and the unprefixed lines after it), recognizes
/// each finished record with the event map, and counts every line in `stats`.
///
/// The current record is kept as bytes; `String`s are made only for records that are events.
public final class RecordAssembler {
    /// The most message bytes of one record (first line plus continuations) kept for matching.
    public static let maximumRecordBytes = 256 * 1024

    public private(set) var stats = LineStats()
    private let format: any LogFormat
    private let recognizer: EventRecognizer
    private let sink: (Event) -> Void
    private var firstLine: [UInt8] = []
    private var message: [UInt8] = []
    private var prefix: RecordPrefix?
    /// The line the current record started on (what a warning about matching it points at).
    public private(set) var recordLine = 0
    /// The patterns the record's lines so far could match (the literal prefilter's verdict).
    private var candidates = CandidateSet()

    /// - Parameter sink: receives each recognized event, in log order.
    public init(format: any LogFormat, recognizer: EventRecognizer, sink: @escaping (Event) -> Void) {
        self.format = format
        self.recognizer = recognizer
        self.sink = sink
        firstLine.reserveCapacity(4096)
        message.reserveCapacity(4096)
    }

    /// Takes the next line of the log.
    public func add(_ line: UnsafeRawBufferPointer, _ info: LineReader.LineInfo) {
        stats.lines += 1
        if info.wasTruncated { stats.truncated += 1 }
        if line.count >= 2, line[0] == 0x23, line[1] == 0x21 {
            stats.annotations += 1
            return
        }
        switch format.parsePrefix(line) {
        case .record(let parsed):
            flush()
            prefix = parsed
            recordLine = info.number
            firstLine.removeAll(keepingCapacity: true)
            firstLine.append(contentsOf: line)
            message.removeAll(keepingCapacity: true)
            let text = UnsafeRawBufferPointer(rebasing: line[parsed.messageStart...])
            message.append(contentsOf: text)
            candidates = recognizer.scanner.candidates(in: text)
        case .continuation:
            guard prefix != nil else {
                unparseable(info.number, "no record prefix, and no record before it to continue")
                return
            }
            stats.continuations += 1
            if message.count + line.count < Self.maximumRecordBytes {
                message.append(0x0A)
                message.append(contentsOf: line)
                candidates.formUnion(recognizer.scanner.candidates(in: line))
            } else {
                stats.continuationsNotMatched += 1
            }
        case .malformed(let reason):
            flush()
            unparseable(info.number, reason)
        }
    }

    /// Ends the log: the last record is recognized.
    public func finish(missingFinalNewline: Bool) {
        flush()
        stats.missingFinalNewline = missingFinalNewline
    }

    // MARK: - Private

    private func unparseable(_ line: Int, _ reason: String) {
        stats.unparseable += 1
        if stats.unparseableExamples.count < 5 { stats.unparseableExamples.append((line, reason)) }
    }

    private func flush() {
        guard let prefix else { return }
        self.prefix = nil
        if candidates.isEmpty {
            stats.chatter += 1
            return
        }
        let found = candidates
        let recognized = message.withUnsafeBytes { recognizer.recognize($0, candidates: found) }
        guard !recognized.isEmpty else {
            stats.chatter += 1
            return
        }
        stats.events += 1
        let (process, thread, text) = firstLine.withUnsafeBytes { bytes in
            (
                DisplayText.from(UnsafeRawBufferPointer(rebasing: bytes[prefix.process])),
                prefix.thread.map { DisplayText.from(UnsafeRawBufferPointer(rebasing: bytes[$0])) },
                DisplayText.from(UnsafeRawBufferPointer(rebasing: bytes[prefix.messageStart...]))
            )
        }
        for (kind, attributes) in recognized {
            stats.eventsByKind[kind.name, default: 0] += 1
            sink(
                Event(
                    kind: kind, attributes: attributes, line: recordLine, column: prefix.messageStart + 1,
                    time: prefix.time, process: process, pid: prefix.pid, thread: thread, text: text))
        }
    }
}
