import Diagnostics
import Foundation
import LogReading
import PatternMatching

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The first half of a check: bytes → lines → records → recognized events, on this thread or on
/// a thread of its own (`readsAhead`).
extension LogChecker {
    /// What reading a log gave besides its events.
    struct Reading {
        var summary: LineReader.Summary
        /// The assembler's counts (set only when the log was read, not skipped as binary).
        var stats = LineStats()
        var warnings: [Diagnostic] = []
        /// Why the file was skipped as not a text log, if it was.
        var binary: String?
    }

    /// Reads the log on this thread, handing each recognized event to `sink` in log order.
    func read(
        _ descriptor: Int32, path: String, _ sink: @escaping (consuming Event) -> Void
    ) throws(LogInputError) -> Reading {
        let warnings = WarningList(path: path)
        func recognizer(_ profiles: [LibraryProfile]) -> EventRecognizer {
            var recognizer = EventRecognizer(map: library.eventMap(with: profiles))
            recognizer.onPatternFailure = { error, pattern in warnings.add(error, pattern) }
            return recognizer
        }
        var profiles = chosenProfiles ?? []
        // Made once the first block is seen, with the profiles it shows: a recognizer swapped in
        // later had to be a `var`, and reading one from it copied its prefilter at every line.
        // Each line reaches it through `lines`, unretained (`assembler` owns it): loaded from the
        // closure's box as a strong reference it was retained and released at every line.
        var assembler: RecordAssembler?
        var lines: Unmanaged<RecordAssembler>?
        var binary: String?
        var reading: Reading
        do {
            let isGzip = Self.startsWithGzipMagic(descriptor)
            let source: any ByteSource =
                try isGzip ? GzipSource(descriptor: descriptor, path: path) : DescriptorSource(descriptor: descriptor)
            let summary = try lineReader.forEachLine(
                from: source, path: path,
                inspect: { [lineReader] block in
                    binary = BinaryContent.reason(block)
                    guard binary == nil else { return false }
                    if chosenProfiles == nil {
                        profiles = Self.profiles(of: library, shownIn: isGzip ? nil : descriptor, orIn: block)
                    }
                    let made = RecordAssembler(
                        format: format, userFormats: library.lineFormats, process: process,
                        recognizer: recognizer(profiles), sink: sink)
                    warnings.recordLine = { [unowned made] in made.recordLine }
                    // Once per file, from its first lines: what a paste put before each of them.
                    made.decorate(
                        with: PasteDecoration.detect(in: block, isWhole: block.count < lineReader.inspectionLength))
                    assembler = made
                    lines = Unmanaged.passUnretained(made)
                    return true
                }
            ) { line, info in lines.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.add(line, info) } }
            reading = Reading(summary: summary, binary: binary)
        } catch let error as LogInputError {
            // The record being read when the damage came is complete as far as it goes.
            assembler?.finish(missingFinalNewline: false)
            throw error
        } catch {
            throw LogInputError.readFailed(path: path, reason: "\(error)")
        }
        guard binary == nil, let assembler else { return reading }
        assembler.finish(missingFinalNewline: reading.summary.missingFinalNewline)
        reading.stats = assembler.stats
        reading.stats.profiles = profiles.map(\.name)
        reading.stats.profilesNamed = chosenProfiles != nil
        reading.warnings = warnings.diagnostics
        return reading
    }

    /// Reads the log on a thread of its own while this thread hands each event to `follow`, in
    /// log order; returns once both are done. Events read before a read error are followed
    /// before the error is thrown, as `read` does.
    func readAhead(
        _ descriptor: Int32, path: String, _ follow: (consuming Event) -> Void
    ) throws(LogInputError) -> Reading {
        let handoff = EventHandoff()
        let outcome = ReadingOutcome()
        let reader = UncheckedReader(checker: self, descriptor: descriptor, path: path)
        let thread = Thread {
            var filler = EventHandoff.Filler(handoff)
            let result = Swift.Result { () throws(LogInputError) in
                try reader.checker.read(reader.descriptor, path: reader.path) { filler.add($0) }
            }
            filler.flush()
            outcome.result = result
            handoff.close()
        }
        // The PCRE2 JIT compiles a pattern at its first match, on this thread: give it room.
        thread.stackSize = 8 << 20
        thread.start()
        while var batch = handoff.take() {
            for index in batch.indices { follow(batch[index].take()!) }
        }
        return try outcome.result!.get()
    }

    // MARK: - Private

    /// The profiles `--profile` named, `nil` when each file's are detected.
    private var chosenProfiles: [LibraryProfile]? {
        guard case .only(let names) = profileChoice else { return nil }
        return names.compactMap(library.profile(named:))
    }

    /// The profiles whose `detect` patterns match a file's first part: the first
    /// `ProfileChoice.detectionLength` bytes of a regular file, read without moving its offset, or
    /// `block` (the first lines of standard input or of a compressed file).
    private static func profiles(
        of library: RuleLibrary, shownIn descriptor: Int32?, orIn block: UnsafeRawBufferPointer
    ) -> [LibraryProfile] {
        guard !library.profiles.isEmpty else { return [] }
        var stat = stat()
        guard let descriptor, fstat(descriptor, &stat) == 0, stat.st_mode & S_IFMT == S_IFREG,
            stat.st_size > block.count
        else { return library.profileDetector.shown(in: block) }
        let window = UnsafeMutableRawBufferPointer.allocate(
            byteCount: min(Int(stat.st_size), ProfileChoice.detectionLength), alignment: 16)
        defer { window.deallocate() }
        let count = pread(descriptor, window.baseAddress, window.count, 0)
        let bytes = count > 0 ? UnsafeRawBufferPointer(rebasing: window[0..<count]) : block
        return library.profileDetector.shown(in: bytes)
    }

    /// The reading thread's result, written before it closes the handoff and read after
    /// `take()` says it closed (the handoff's lock orders the two).
    private final class ReadingOutcome: @unchecked Sendable {
        var result: Swift.Result<Reading, LogInputError>?
    }

    /// What the reading thread needs, handed to it whole: the checker's event map, format and
    /// line reader are used by that thread alone until it ends, while this one uses only the rules.
    private struct UncheckedReader: @unchecked Sendable {
        let checker: LogChecker
        let descriptor: Int32
        let path: String
    }

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

}
