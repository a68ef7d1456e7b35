import Diagnostics
import LogReading

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
    /// Which library profiles apply (`--profile`).
    public var profileChoice = ProfileChoice.detect
    /// How lines are read (tests lower its line limit to see the cut without a 64 MiB line).
    public var lineReader = LineReader()
    /// How many completed and open task slices stay whole and how many retired ones are
    /// remembered; `retention.open` is also the task records a run's trace keeps.
    public var retention = SliceRetirement.Limits.standard
    /// Read and recognize on a thread of its own while this one follows the events (trace,
    /// monitors, scenarios) and calls every callback: a check then takes about 0.6 of its
    /// one-thread time. For a caller with a core to spare (`cbcheck check`: a file with fewer
    /// files after it than other threads, `CheckOptions.readsAhead`); the results are the same
    /// either way.
    public var readsAhead = false

    public init(library: RuleLibrary) { self.library = library }

    /// What checking one log produced besides the findings themselves.
    public struct Result {
        public var stats: LineStats
        /// Problems met while reading (a pattern that hit its match limit), as warnings.
        public var warnings: [Diagnostic]
        /// Set when the file is not a text log and was skipped (its lines count as skipped-binary).
        public var skipped: LogInputError?
        /// Which rules had something to judge (`NotCheckedRules` says why the others had not).
        public var coverage = RuleCoverage()
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
        let engine = MonitorEngine(rules: library.rules, file: path, retention: retention, sink: onFinding)
        let scenarios = ScenarioTracker()
        var lastTime: Timestamp?
        var timeWentBack = 0
        var firstStepBack: (line: Int, from: String, to: String)?
        let builder = TraceBuilder(taskLimit: retention.open) { event, run in
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
        var lastLine = 0
        let follow: (consuming Event) -> Void = { event in
            lastLine = event.line
            builder.add(event)
        }
        let reading: Reading
        do {
            reading = try readsAhead ? readAhead(descriptor, path: path, follow) : read(descriptor, path: path, follow)
        } catch {
            // What was read before the damage is checked to its end (runs end, pending verdicts
            // are given) before the damage is reported: a gzip file with a bad checksum lost every
            // finding that waited for the end of the log.
            builder.finish()
            engine.finish(lastLine: lastLine)
            throw error
        }
        let summary = reading.summary
        if let binary = reading.binary {
            var stats = LineStats()
            stats.lines = summary.lines
            stats.skippedBinary = summary.lines
            stats.missingFinalNewline = summary.missingFinalNewline
            let counted = summary.countedPart.map { " (lines counted in its first \(InputSize.text($0)) only)" } ?? ""
            return Result(stats: stats, warnings: [], skipped: .binary(path: path, what: binary + counted))
        }
        builder.finish()
        engine.finish(lastLine: summary.lines)
        var stats = reading.stats
        stats.loneCarriageReturnLineEnds = summary.loneCarriageReturnLineEnds
        stats.lineLimit = lineReader.maximumLineLength
        stats.eventsEarlierThanThePrevious = timeWentBack
        stats.clockWentBack = firstStepBack
        (stats.slicesRetired, stats.slicesRevived, stats.slicesForgotten) = engine.retirements
        (stats.slicesSetAsideUnjudged, stats.firstSliceSetAsideUnjudged) = engine.setAsideUnjudged
        stats.taskRecordsDropped = builder.taskRecordsDropped
        (stats.echoesFolded, stats.eventsBound, stats.eventsAmbiguous) =
            (builder.echoesFolded, builder.eventsBound, builder.eventsAmbiguous)
        return Result(stats: stats, warnings: reading.warnings, coverage: engine.coverage)
    }

    // MARK: - Private

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
