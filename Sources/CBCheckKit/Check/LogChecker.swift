#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The whole pipeline for one log: bytes → lines → records → events → trace → monitors → findings.
public struct LogChecker {
    public let library: RuleLibrary
    /// The format to read logs in; `nil` detects it per file (`--log-format`).
    public var format: (any LogFormat)?
    /// Keep only records of this process (`--process`).
    public var process: String?
    /// How lines are read (tests lower its line limit to see the cut without a 64 MiB line).
    public var lineReader = LineReader()
    /// How many completed task slices stay whole and how many retired ones are remembered.
    public var retention = SliceRetirement.Limits.standard

    public init(library: RuleLibrary) { self.library = library }

    /// What checking one log produced besides the findings themselves.
    public struct Result {
        public var stats: LineStats
        /// Problems met while reading (a pattern that hit its match limit), as warnings.
        public var warnings: [Diagnostic]
        /// Set when the file is not a text log and was skipped (its lines count as skipped-binary).
        public var skipped: LogInputError?
    }

    /// Checks the log at `path` (`-` is standard input), streaming.
    /// - Parameters:
    ///   - onEvent: sees every trace event (for `cbcheck trace`).
    ///   - onRunEnd: told when a run ends (or the log does), with the scenario the run followed.
    ///   - onFinding: receives each finding as soon as it is known.
    /// - Throws: `LogInputError` when the file cannot be opened or read.
    public func check(
        path: String, onEvent: ((Event, RunRecord) -> Void)? = nil,
        onRunEnd: ((RunRecord, ScenarioTracker.Verdict?) -> Void)? = nil, onFinding: @escaping (Finding) -> Void
    ) throws(LogInputError) -> Result {
        let descriptor = try Self.open(path)
        defer { if descriptor != 0 { close(descriptor) } }
        let warnings = WarningList(path: path)
        let engine = MonitorEngine(rules: library.rules, file: path, retention: retention, sink: onFinding)
        let scenarios = ScenarioTracker()
        var lastTime: Timestamp?
        var timeWentBack = 0
        var firstStepBack: (line: Int, from: String, to: String)?
        let builder = TraceBuilder { event, run in
            if let time = event.time {
                if let lastTime, lastTime.seconds(until: time) < 0 {
                    timeWentBack += 1
                    if firstStepBack == nil { firstStepBack = (event.line, lastTime.clockText, time.clockText) }
                }
                lastTime = time
            }
            onEvent?(event, run)
            engine.process(event, in: run)
            let verdict = scenarios.add(event)
            if event.kind == .runEnd || event.kind == .logEnd { onRunEnd?(run, verdict) }
        }
        var recognizer = EventRecognizer(map: library.eventMap)
        recognizer.onPatternFailure = { error, pattern in warnings.add(error, pattern) }
        let assembler = RecordAssembler(format: format, process: process, recognizer: recognizer) { builder.add($0) }
        warnings.recordLine = { [unowned assembler] in assembler.recordLine }
        var binary: String?
        let summary: LineReader.Summary
        do {
            let source: any ByteSource =
                try Self.startsWithGzipMagic(descriptor)
                ? GzipSource(descriptor: descriptor, path: path) : DescriptorSource(descriptor: descriptor)
            summary = try lineReader.forEachLine(
                from: source, path: path,
                inspect: { block in
                    binary = BinaryContent.reason(block)
                    return binary == nil
                }
            ) { line, info in assembler.add(line, info) }
        } catch let error as LogInputError {
            throw error
        } catch {
            throw LogInputError.readFailed(path: path, reason: "\(error)")
        }
        if let binary {
            var stats = LineStats()
            stats.lines = summary.lines
            stats.skippedBinary = summary.lines
            stats.missingFinalNewline = summary.missingFinalNewline
            return Result(stats: stats, warnings: [], skipped: .binary(path: path, what: binary))
        }
        assembler.finish(missingFinalNewline: summary.missingFinalNewline)
        builder.finish()
        engine.finish(lastLine: summary.lines)
        var stats = assembler.stats
        stats.linesWithLoneCarriageReturn = summary.linesWithLoneCarriageReturn
        stats.lineLimit = lineReader.maximumLineLength
        stats.eventsEarlierThanThePrevious = timeWentBack
        stats.clockWentBack = firstStepBack
        (stats.slicesRetired, stats.slicesRevived, stats.slicesForgotten) = engine.retirements
        return Result(stats: stats, warnings: warnings.diagnostics)
    }

    // MARK: - Private

    /// Whether a regular file starts with gzip's magic number; `pread` leaves the offset alone, and
    /// fails on pipes (standard input is read as it comes: `gunzip -c FILE | cbcheck -`).
    private static func startsWithGzipMagic(_ descriptor: Int32) -> Bool {
        var magic: (UInt8, UInt8) = (0, 0)
        let count = withUnsafeMutableBytes(of: &magic) { pread(descriptor, $0.baseAddress, 2, 0) }
        return count == 2 && magic.0 == 0x1F && magic.1 == 0x8B
    }

    /// Collects reading warnings: one per pattern, naming the first record it failed on and how
    /// many more it failed on, so a slow pattern on a million lines is one warning, not a million.
    private final class WarningList {
        let path: String
        /// The line of the record being recognized (set once the assembler exists).
        var recordLine: () -> Int = { 0 }
        private var failures: [(error: PatternError, pattern: EventMap.MapPattern, line: Int, more: Int)] = []
        private var indexByLocation: [String: Int] = [:]

        init(path: String) { self.path = path }

        func add(_ error: PatternError, _ pattern: EventMap.MapPattern) {
            let key = "\(pattern.location)"
            if let index = indexByLocation[key] {
                failures[index].more += 1
            } else {
                indexByLocation[key] = failures.count
                failures.append((error, pattern, recordLine(), 0))
            }
        }

        var diagnostics: [Diagnostic] {
            failures.map { failure in
                let more = failure.more == 0 ? "" : " (and \(failure.more) more record\(failure.more == 1 ? "" : "s"))"
                return Diagnostic(
                    .warning,
                    "\(failure.error.description) on \(path):\(failure.line)\(more); the record counts as chatter",
                    at: failure.pattern.location,
                    hint: "bound the repetition (a+ instead of (a+)+) or anchor the pattern to a literal")
            }
        }
    }

    private static func open(_ path: String) throws(LogInputError) -> Int32 {
        if path == "-" { return 0 }
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT { throw LogInputError.notFound(path: path) }
            throw LogInputError.notReadable(path: path, reason: String(cString: strerror(errno)))
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: throw LogInputError.isDirectory(path: path)
        case S_IFSOCK: throw LogInputError.notAFile(path: path, kind: "socket")
        default: break  // regular files, FIFOs and character devices are read as streams
        }
        #if canImport(Glibc)
            let descriptor = Glibc.open(path, O_RDONLY)
        #else
            let descriptor = Darwin.open(path, O_RDONLY)
        #endif
        guard descriptor >= 0 else {
            throw LogInputError.notReadable(path: path, reason: String(cString: strerror(errno)))
        }
        return descriptor
    }
}
