// libFuzzer entry points for cbcheck's readers, compiled together with CBCheckKit's sources by
// `make fuzz` (swiftc -sanitize=fuzzer,address): one binary, the target chosen by
// CBCHECK_FUZZ_TARGET, so the library is compiled once for all three.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The readers fuzzed, each checking what must hold for any input, not only that nothing crashes.
enum FuzzTarget: String, CaseIterable {
    /// Log bytes through the line reader, binary detection, format detection, record assembly,
    /// the built-in event map, every rule and the trace printer: the line statistics must add up
    /// to the lines read, and every run that starts must end once.
    case log
    /// Text as a rule file and as an event map: a mistake must be a diagnostic with a location
    /// inside the text.
    case rules
    /// Text as a fixture's `#!` annotations.
    case annotations

    nonisolated(unsafe) static var selected = FuzzTarget.log
    nonisolated(unsafe) static var library: RuleLibrary?
    nonisolated(unsafe) static var scratchPath = ""

    func run(_ bytes: UnsafeRawBufferPointer) {
        switch self {
        case .log: Self.checkLog(bytes)
        case .rules: Self.parseRules(String(decoding: bytes, as: UTF8.self))
        case .annotations: Self.parseAnnotations(String(decoding: bytes, as: UTF8.self))
        }
    }

    // MARK: - Private

    private static func checkLog(_ bytes: UnsafeRawBufferPointer) {
        let descriptor = open(scratchPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        precondition(descriptor >= 0, "cannot write \(scratchPath)")
        if bytes.count > 0 { precondition(write(descriptor, bytes.baseAddress!, bytes.count) == bytes.count) }
        close(descriptor)
        guard let library else { fatalError("the built-in rules did not load") }
        var started = Set<Int>()
        var ended = Set<Int>()
        let printer = TracePrinter { _ in }
        do {
            let result = try LogChecker(library: library).check(
                path: scratchPath,
                onEvent: { event, run in
                    if event.kind == .runStart { started.insert(run.number) }
                    printer.add(event, run)
                },
                onRunEnd: { run, verdict in
                    precondition(ended.insert(run.number).inserted, "run \(run.number) ended twice")
                    printer.end(run, scenario: verdict)
                }
            ) { finding in
                precondition(finding.location.line >= 1, "a finding before line 1: \(finding.location)")
            }
            precondition(started == ended, "runs started \(started.sorted()), ended \(ended.sorted())")
            let stats = result.stats
            if stats.accountedFor != stats.lines {
                fatalError("line statistics do not add up: \(stats.accountedFor) accounted for, \(stats.lines) read")
            }
        } catch {
            fatalError("a readable file failed: \(error)")
        }
    }

    private static func parseRules(_ text: String) {
        var parser = RuleParser(file: "fuzz.cbrules", text: text)
        do { _ = try parser.parse() } catch { checkLocation(error, in: text) }
        do { _ = try EventMapParser(file: "fuzz.cbevents", text: text).parse() } catch {
            checkLocation(error, in: text)
        }
    }

    private static func parseAnnotations(_ text: String) {
        let ids = Set(library?.rules.map(\.description.id) ?? [])
        do { _ = try FixtureAnnotations(file: "fuzz.log", text: text, knownRuleIDs: ids) } catch {
            checkLocation(error, in: text)
        }
    }

    /// A diagnostic points inside the text (1-based line and column) and renders.
    private static func checkLocation(_ diagnostic: Diagnostic, in text: String) {
        _ = diagnostic.description
        guard let location = diagnostic.location else { return }
        let lines = text.sourceLines.count
        precondition(location.line >= 1 && location.line <= max(lines, 1), "line \(location.line) of \(lines)")
        precondition(location.column >= 1, "column \(location.column)")
    }
}

@_cdecl("LLVMFuzzerInitialize")
public func fuzzerInitialize(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> Int32 {
    let name = getenv("CBCHECK_FUZZ_TARGET").map { String(cString: $0) } ?? "log"
    guard let target = FuzzTarget(rawValue: name) else {
        fatalError("CBCHECK_FUZZ_TARGET=\(name): use one of \(FuzzTarget.allCases.map(\.rawValue))")
    }
    FuzzTarget.selected = target
    FuzzTarget.library = try? RuleLibrary.builtIn()
    FuzzTarget.scratchPath = "/tmp/cbcheck-fuzz-\(getpid()).log"
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzTarget.selected.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}
