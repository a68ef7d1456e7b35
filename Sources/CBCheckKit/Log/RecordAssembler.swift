/// Groups lines into records (a prefixed line and the unprefixed lines after it), recognizes
/// each finished record with the event map, and counts every line in `stats`.
///
/// The file's format is detected once, from the first line some format reads as a record, unless
/// one was forced. After that a line the file's format does not read as a record, and that does
/// not start with white space, is offered to the other formats (two captures pasted into one
/// file); continuation lines of dumps start with white space or punctuation and cost nothing.
/// The current record is kept as bytes; `String`s are made only for records that are events.
public final class RecordAssembler {
    /// The most message bytes of one record (first line plus continuations) kept for matching.
    public static let maximumRecordBytes = 256 * 1024

    public private(set) var stats = LineStats()
    /// The file's format: forced, detected, or `nil` before the first record.
    public private(set) var format: (any LogFormat)?
    private let isForced: Bool
    /// `--process`: records of other processes are counted as excluded.
    private let processName: [UInt8]?
    private let recognizer: EventRecognizer
    private let sink: (Event) -> Void
    private var firstLine: [UInt8] = []
    private var message: [UInt8] = []
    /// Where formats that decode their fields (JSON) write them, reused for every line.
    private var scratch: [UInt8] = []
    private var prefix: RecordPrefix?
    /// The current record belongs to another process than `--process`: its lines are skipped.
    private var isSkippingRecord = false
    /// The line the current record started on (what a warning about matching it points at).
    public private(set) var recordLine = 0
    /// The patterns the record's lines so far could match (the literal prefilter's verdict).
    private var candidates = CandidateSet()

    /// - Parameters:
    ///   - format: the format to read every line in; `nil` detects it from the first record line.
    ///   - process: keep only records of this process (`--process`).
    ///   - sink: receives each recognized event, in log order.
    public init(
        format: (any LogFormat)? = nil, process: String? = nil, recognizer: EventRecognizer,
        sink: @escaping (Event) -> Void
    ) {
        self.format = format
        self.isForced = format != nil
        self.processName = process.map { Array($0.utf8) }
        self.recognizer = recognizer
        self.sink = sink
        stats.format = format?.identifier
        firstLine.reserveCapacity(4096)
        message.reserveCapacity(4096)
        scratch.reserveCapacity(4096)
    }

    /// Takes the next line of the log.
    public func add(_ line: UnsafeRawBufferPointer, _ info: LineReader.LineInfo) {
        stats.lines += 1
        if info.wasTruncated { stats.truncated += 1 }
        if line.count >= 2, line[0] == 0x23, line[1] == 0x21 {
            stats.annotations += 1
            return
        }
        var parsed = format?.parse(line, scratch: &scratch) ?? .continuation
        if case .record = parsed {
        } else if let first = line.first, first != 0x20, first != 0x09 {
            if LogHeader.isHeader(line) {
                stats.headers += 1
                return
            }
            if !isForced, let other = LogFormats.reading(line, except: format, scratch: &scratch) {
                if format == nil {
                    format = other.format
                    stats.format = other.format.identifier
                    stats.formatDetectedAtLine = info.number
                } else {
                    stats.recordsInOtherFormats[other.format.identifier, default: 0] += 1
                }
                parsed = .record(other.prefix)
            }
        }
        switch parsed {
        case .record(let parsed):
            if parsed.isDecoded {
                scratch.withUnsafeBytes { start(parsed, $0, info.number) }
            } else {
                start(parsed, line, info.number)
            }
        case .continuation:
            if isSkippingRecord {
                stats.continuations += 1
                return
            }
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
            isSkippingRecord = false
            unparseable(info.number, reason)
        }
    }

    /// Ends the log: the last record is recognized.
    public func finish(missingFinalNewline: Bool) {
        flush()
        stats.missingFinalNewline = missingFinalNewline
    }

    // MARK: - Private

    /// Starts a record whose prefix was read from `source` (the line, or the decoded fields).
    private func start(_ parsed: RecordPrefix, _ source: UnsafeRawBufferPointer, _ number: Int) {
        flush()
        if let processName, !source[parsed.process].elementsEqual(processName) {
            isSkippingRecord = true
            stats.excluded += 1
            return
        }
        isSkippingRecord = false
        prefix = parsed
        recordLine = number
        firstLine.removeAll(keepingCapacity: true)
        firstLine.append(contentsOf: source)
        message.removeAll(keepingCapacity: true)
        message.append(contentsOf: UnsafeRawBufferPointer(rebasing: source[parsed.messageStart...]))
        candidates = message.withUnsafeBytes { recognizer.scanner.candidates(in: $0) }
    }

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
        let (process, thread, text) = firstLine.withUnsafeBytes { bytes in
            let messageEnd = bytes[prefix.messageStart...].firstIndex(of: 0x0A) ?? bytes.count
            return (
                DisplayText.from(UnsafeRawBufferPointer(rebasing: bytes[prefix.process])),
                prefix.threadNumber.map { String($0) }
                    ?? prefix.thread.map { DisplayText.from(UnsafeRawBufferPointer(rebasing: bytes[$0])) },
                DisplayText.from(UnsafeRawBufferPointer(rebasing: bytes[prefix.messageStart..<messageEnd]))
            )
        }
        let isDaemon = SystemProcesses.isDaemon(process)
        if isDaemon {
            stats.excluded += 1
            // A daemon's CFNetwork task lines may be the app's own task seen from nsurlsessiond: the
            // trace builder joins them to the app's run by the task's UUID, or drops them.
            guard recognized.allSatisfy({ $0.0.isSystemKind }) else { return }
        } else {
            stats.events += 1
        }
        for (kind, attributes) in recognized {
            if !isDaemon { stats.eventsByKind[kind.name, default: 0] += 1 }
            sink(
                Event(
                    kind: kind, attributes: attributes, line: recordLine,
                    column: prefix.isDecoded ? 1 : prefix.messageStart + 1,
                    time: prefix.time, process: process, pid: prefix.pid, thread: thread, text: text))
        }
    }
}
