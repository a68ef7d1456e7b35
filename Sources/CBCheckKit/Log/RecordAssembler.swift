import LogReading

/// Groups lines into records (a prefixed line and the unprefixed lines after it), recognizes
/// each finished record with the event map, and counts every line in `stats`.
///
/// The file's format is detected once, from the first line some format reads as a record, unless
/// one was forced. After that a line the file's format does not read as a record, and that does
/// not start with white space, is offered to the other formats (two captures pasted into one
/// file); continuation lines of dumps start with white space or punctuation and cost nothing.
/// A file whose first `plainDetectionLines` lines hold no record of any format is read as plain
/// lines (Xcode's console showing `print`); `log show --style json` is joined back into objects
/// by a `JSONArrayReader`. The current record is kept as bytes; `String`s are made only for
/// records that are events.
public final class RecordAssembler {
    /// Lines with no record of any format after which a file is read as plain lines.
    public static let plainDetectionLines = HeldLines.windowLines

    public internal(set) var stats = LineStats()
    /// The file's format: forced, detected, or `nil` before the first record.
    public private(set) var format: (any LogFormat)?
    private let isForced: Bool
    /// The user's own formats (`.cbformat`), offered a line before the built-in ones.
    private let userFormats: [any LogFormat]
    /// `--process`: records of other processes are counted as excluded.
    private let processName: [UInt8]?
    private let recognizer: EventRecognizer
    private let sink: (consuming Event) -> Void
    private let record = PendingRecord()
    private var recentFields = RecentFields()
    /// What the recognizer found in the record being flushed: one array for every record.
    private var recognized: [EventRecognizer.Recognized] = []
    /// Where formats that decode their fields (JSON) write them, reused for every line.
    var scratch: [UInt8] = []
    /// A record is being assembled (its lines are in `record`).
    private var hasRecord = false
    /// The current record's prefix, unless `prefixIsUndecoded`. Not an optional: the chatter
    /// records of the shape-checked path never write or clear it (it is a hundred bytes and more).
    private var prefix = RecordPrefix(time: nil, process: 0..<0, pid: nil, thread: nil, messageStart: 0)
    /// The current record came by a shape check: only where its message starts is known, and
    /// `flush` reads the time, pid and thread from the first line once the record proves to be an event.
    private var prefixIsUndecoded = false
    /// The time of the current undecoded record of a device syslog, placed at its shape check:
    /// every record moves the clock (chatter may start a New Year), so it cannot wait for `flush`.
    private var undecodedTime: Timestamp?
    /// The file's format has a shape check (NSLog, the unified log's default and compact styles, the
    /// device syslog): a record line of the common shape skips the generic parse.
    private var shapeChecked: ShapeCheckedFormat?
    /// The start of the last record line a shape check took, which the next need not check again.
    private var checkedLineStart = CheckedLineStart()
    /// The current record belongs to another process than `--process`: its lines are skipped.
    var isSkippingRecord = false
    /// The line the current record started on (what a warning about matching it points at).
    public private(set) var recordLine = 0
    /// Joins `log show --style json` lines into objects, once the file is known to be that.
    var json: JSONArrayReader?
    /// Whether the record being finished counts its first line (a JSON object sharing its only
    /// line with another does not).
    var recordOwnsLine = true
    var clock = DatelessClock()
    /// Lines held while no format is known yet, to be read as plain lines if none ever is.
    private var held = HeldLines()
    private var lastLineNumber = 0
    /// The file was detected plain: every line is first offered to the other formats. Kept as a
    /// flag: a dynamic cast per line would cost the NSLog path.
    private var offersEveryLine = false
    /// What a paste put before every line (`decorate(with:)`); a flag for the one test per line.
    var decoration: PasteDecoration?
    var isDecorated = false
    /// How many lines carried each of `decoration`'s layers.
    var decorationCarried: [Int] = []
    /// How many bytes of decoration came off the line being read (`addDecorated`), and off the
    /// current record's first line: its events' columns add them back, so they point into the
    /// file's line. Always 0 in a file without decoration.
    var lineColumnShift = 0
    /// Lines that opened an inline code span, their backtick taken off (`readInlineCode`).
    var inlineCodeOpenings = 0
    private var recordColumnShift = 0

    /// - Parameters:
    ///   - format: the format to read every line in; `nil` detects it from the first record line.
    ///   - userFormats: formats of the user's own, detected before the built-in ones.
    ///   - process: keep only records of this process (`--process`).
    ///   - sink: receives each recognized event, in log order.
    public init(
        format: (any LogFormat)? = nil, userFormats: [any LogFormat] = [], process: String? = nil,
        recognizer: EventRecognizer, sink: @escaping (consuming Event) -> Void
    ) {
        self.format = format
        self.isForced = format != nil
        self.userFormats = userFormats
        self.processName = process.map { Array($0.utf8) }
        self.recognizer = recognizer
        self.sink = sink
        stats.format = format?.identifier
        if format is JSONLogFormat { json = JSONArrayReader() }
        shapeChecked = ShapeCheckedFormat(format)
        scratch.reserveCapacity(4096)
    }

    /// Takes the next line of the log.
    public func add(_ line: UnsafeRawBufferPointer, _ info: LineReader.LineInfo) {
        stats.lines += 1
        lastLineNumber = info.number
        if info.wasTruncated { stats.truncated += 1 }
        if isDecorated {
            addDecorated(line, info)
            return
        }
        read(line, info)
    }

    /// Ends the log: the last record is recognized.
    public func finish(missingFinalNewline: Bool) {
        if format == nil, !held.isEmpty { readHeldLinesAsPlain() }
        flush()
        if let open = json?.finish(), open.lines > 0 {
            stats.unparseable += open.lines
            stats.unparseableExamples.append(
                (lastLineNumber, "a JSON object from line \(open.firstLine) that breaks off at the end of the log"))
        }
        stats.missingFinalNewline = missingFinalNewline
        if let decoration {
            stats.decorationRemoved = zip(decoration.layers, decorationCarried).map { ($0.description, $1) }
        }
        if inlineCodeOpenings > 0 { stats.decorationRemoved.append(("inline code backticks '`'", inlineCodeOpenings)) }
    }

    // MARK: - Private

    /// Reads a line: the common shape here (inlined in the reader's loop), the rest in `readInAnyFormat`.
    @inline(__always)
    func read(_ line: UnsafeRawBufferPointer, _ info: LineReader.LineInfo) {
        if let shapeChecked {
            if let shape = shapeChecked.recordShape(line, recent: &checkedLineStart) {
                let isStarted = begin(
                    line, process: shape.process, messageStart: shape.messageStart, info.number,
                    staysReadable: info.staysReadableUntilNextLine)
                // After `begin`: the record before it is flushed with its own time.
                if case .deviceSyslog = shapeChecked {
                    undecodedTime = DeviceSyslogFormat.placeShapedTime(line, in: &clock)
                }
                if isStarted != nil { prefixIsUndecoded = true }
                return
            }
            if let first = line.first, first == 0x20 || first == 0x09 || LogFormats.isSurelyContinuation(line) {
                continueRecord(line, info.number)
                return
            }
        }
        readInAnyFormat(line, info)
    }

    /// A line the shape check did not take; fixture annotations (`#!`) are looked for here only.
    @inline(never)
    private func readInAnyFormat(_ line: UnsafeRawBufferPointer, _ info: LineReader.LineInfo) {
        if line.count >= 2, line[0] == 0x23, line[1] == 0x21 {
            stats.annotations += 1
            return
        }
        if let first = line.first, first == 0x60 || first == 0x7E, PasteDecoration.isFence(line) {
            // A Markdown fence around a pasted log: it ends the record before it.
            flush()
            isSkippingRecord = false
            stats.decoration += 1
            return
        }
        if line.count > 1, line[0] == 0x60, line[1] != 0x60 {
            readInlineCode(line, info)
            return
        }
        if json != nil, readJSON(line, info) { return }
        var parsed = format?.parse(line, scratch: &scratch) ?? .continuation
        if case .record = parsed, !offersEveryLine {
        } else if let first = line.first, first != 0x20, first != 0x09 {
            if LogHeader.isHeader(line) {
                stats.headers += 1
                return
            }
            if format == nil, !isForced, JSONArrayReader.opensArray(line) {
                detect(JSONLogFormat(), at: info.number)
                json = JSONArrayReader()
                _ = readJSON(line, info)
                return
            }
            if !isForced, let other = LogFormats.reading(line, except: format, scratch: &scratch, trying: userFormats) {
                if format == nil {
                    detect(other.format, at: info.number)
                } else {
                    stats.recordsInOtherFormats[other.format.identifier, default: 0] += 1
                }
                parsed = .record(other.prefix)
            } else if DebuggerLine.isStart(line) {
                parsed = .record(RecordPrefix(time: nil, process: 0..<0, pid: nil, thread: nil, messageStart: 0))
            } else if offersEveryLine || format == nil, !isForced,
                let reason = LogFormats.brokenPrefix(line, scratch: &scratch, trying: userFormats)
            {
                parsed = .malformed(reason)
            }
        }
        if format == nil, !isForced, case .continuation = parsed {
            if held.hold(line, info, columnShift: lineColumnShift) { readHeldLinesAsPlain() }
            return
        }
        switch parsed {
        case .record(var parsed):
            clock.place(&parsed)
            if parsed.isDecoded {
                scratch.withUnsafeBytes { start(parsed, $0, info.number) }
            } else {
                start(parsed, line, info.number, staysReadable: info.staysReadableUntilNextLine)
            }
        case .continuation:
            continueRecord(line, info.number)
        case .malformed(let reason):
            flush()
            isSkippingRecord = false
            stats.addUnparseable(line, info.number, reason, names: namedEvent(line))
        }
    }

    /// Adds a line without a prefix to the current record.
    private func continueRecord(_ line: UnsafeRawBufferPointer, _ number: Int) {
        if isSkippingRecord {
            stats.continuations += 1
            return
        }
        guard hasRecord else {
            stats.addUnparseable(line, number, LineStats.noRecordBefore, names: namedEvent(line))
            return
        }
        stats.continuations += 1
        if !record.join(
            line, number: number, columnShift: lineColumnShift, limit: RecordLimit.bytes, scanner: recognizer.scanner)
        {
            stats.continuationsNotMatched += 1
        }
    }

    /// The kind of the first event the event map finds in an unreadable line's whole text, so that
    /// the event is counted as lost rather than dropped in silence (`LineStats.unparseableEvents`).
    private func namedEvent(_ line: UnsafeRawBufferPointer) -> EventKind? {
        recognizer.recognize(line).first?.0
    }

    private func detect(_ detected: any LogFormat, at line: Int) {
        format = detected
        shapeChecked = ShapeCheckedFormat(detected)
        stats.format = detected.identifier
        stats.formatDetectedAtLine = line
        for line in held.takeAll() {
            line.bytes.withUnsafeBytes {
                stats.addUnparseable($0, line.info.number, LineStats.noRecordBefore, names: namedEvent($0))
            }
        }
    }

    /// No format read any of the first lines as a record: the file is plain lines.
    private func readHeldLinesAsPlain() {
        let lines = held.takeAll()
        format = PlainLogFormat()
        offersEveryLine = true
        stats.format = PlainLogFormat.identifier
        stats.formatDetectedAtLine = lines.first?.info.number
        for line in lines {
            lineColumnShift = line.columnShift
            line.bytes.withUnsafeBytes { read($0, line.info) }
        }
    }

    /// Starts a record whose prefix was read from `source` (the line, or the decoded fields);
    /// `staysReadable`: `source` need not be copied (`PendingRecord`).
    func start(
        _ parsed: RecordPrefix, _ source: UnsafeRawBufferPointer, _ number: Int, staysReadable: Bool = false
    ) {
        guard
            let messageStart = begin(
                source, process: parsed.process, messageStart: parsed.messageStart, number,
                staysReadable: staysReadable)
        else { return }
        prefix = parsed
        prefix.messageStart = messageStart
        prefixIsUndecoded = false
    }

    /// Ends the record before and begins one from `source`, unless `--process` excludes it.
    /// - Returns: where its message starts (past an app logger's stamp), `nil` when excluded.
    private func begin(
        _ source: UnsafeRawBufferPointer, process: Range<Int>, messageStart: Int, _ number: Int, staysReadable: Bool
    ) -> Int? {
        flush()
        if let processName, !process.isEmpty, !source[process].elementsEqual(processName) {
            isSkippingRecord = true
            if recordOwnsLine { stats.excluded += 1 }
            return nil
        }
        isSkippingRecord = false
        let messageStart = AppLoggerStamp.messageStart(in: source, from: messageStart)
        hasRecord = true
        recordLine = number
        recordColumnShift = lineColumnShift
        record.start(source, messageStart: messageStart, staysReadable: staysReadable, scanner: recognizer.scanner)
        return messageStart
    }

    /// Ends the current record: chatter (no candidate) is counted here, inlined where records
    /// start; a record with candidates goes to `recognizeRecord`.
    @inline(__always)
    func flush() {
        guard hasRecord else { return }
        hasRecord = false
        if record.hasUnscannedLines { record.scanJoinedLines(scanner: recognizer.scanner) }
        if record.candidates.isEmpty {
            stats.chatter += recordOwnsLine ? 1 : 0
            return
        }
        recognizeRecord()
    }

    /// Recognizes the record just ended, which has candidates, and hands its events on.
    @inline(never)
    private func recognizeRecord() {
        let countsLine = recordOwnsLine ? 1 : 0
        let found = record.candidates
        record.withMessage { recognizer.recognize($0, candidates: found, into: &recognized) }
        guard !recognized.isEmpty else {
            stats.chatter += countsLine
            return
        }
        let prefix =
            prefixIsUndecoded
            ? shapeChecked.map { record.undecodedPrefix($0, time: undecodedTime, recent: &recentFields) } ?? prefix
            : prefix
        record.emit(
            &recognized, prefix: prefix, line: recordLine, columnShift: recordColumnShift, countsLine: countsLine,
            stats: &stats, recent: &recentFields, to: sink)
    }
}
