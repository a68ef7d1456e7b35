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

    public init(library: RuleLibrary) { self.library = library }

    /// What checking one log produced besides the findings themselves.
    public struct Result {
        public var stats: LineStats
        /// Problems met while reading (a pattern that hit its match limit), as warnings.
        public var warnings: [Diagnostic]
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
        let warnings = WarningList()
        let engine = MonitorEngine(rules: library.rules, file: path, sink: onFinding)
        let scenarios = ScenarioTracker()
        let builder = TraceBuilder { event, run in
            onEvent?(event, run)
            engine.process(event, in: run)
            let verdict = scenarios.add(event)
            if event.kind == .runEnd || event.kind == .logEnd { onRunEnd?(run, verdict) }
        }
        var recognizer = EventRecognizer(map: library.eventMap)
        recognizer.onPatternFailure = { error, pattern in
            warnings.add(
                Diagnostic(
                    .warning, "\(error.description) on \(path):\(warnings.currentLine); the line counts as chatter",
                    at: pattern.location), key: "\(pattern.location)")
        }
        let assembler = RecordAssembler(format: format, process: process, recognizer: recognizer) { builder.add($0) }
        let outcome: (lines: Int, missingFinalNewline: Bool)
        do {
            outcome = try LineReader().forEachLine(in: descriptor, path: path) { line, info in
                warnings.currentLine = info.number
                assembler.add(line, info)
            }
        } catch let error as LogInputError {
            throw error
        } catch {
            throw LogInputError.readFailed(path: path, reason: "\(error)")
        }
        assembler.finish(missingFinalNewline: outcome.missingFinalNewline)
        builder.finish()
        engine.finish(lastLine: outcome.lines)
        return Result(stats: assembler.stats, warnings: warnings.items)
    }

    // MARK: - Private

    /// Collects reading warnings, one per pattern, with the line being read.
    private final class WarningList {
        var items: [Diagnostic] = []
        var currentLine = 0
        private var keys = Set<String>()

        func add(_ diagnostic: Diagnostic, key: String) {
            if keys.insert(key).inserted { items.append(diagnostic) }
        }
    }

    private static func open(_ path: String) throws(LogInputError) -> Int32 {
        if path == "-" { return 0 }
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT { throw LogInputError.notFound(path: path) }
            throw LogInputError.notReadable(path: path, reason: String(cString: strerror(errno)))
        }
        if info.st_mode & S_IFMT == S_IFDIR { throw LogInputError.isDirectory(path: path) }
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
