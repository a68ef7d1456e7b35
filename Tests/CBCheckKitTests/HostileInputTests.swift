import Foundation
import TestSupport
import Testing

@testable import CBCheckKit
@testable import Diagnostics
@testable import LogReading

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Bad input at the library's level: binary detection, lone carriage returns, the line limit, read
/// failures, and the promise that every line lands in one `--stats` category.
@Suite struct HostileInputTests {
    private func check(_ path: String, reader: LineReader = LineReader()) throws -> LogChecker.Result {
        var checker = LogChecker(library: try RuleLibrary.builtIn())
        checker.lineReader = reader
        return try checker.check(path: path) { _ in }
    }

    private func reason(_ bytes: [UInt8]) -> String? {
        bytes.withUnsafeBytes { BinaryContent.reason($0) }
    }

    @Test func knownFormatsAreNamedByTheirMagicBytes() {
        #expect(
            reason([0x1F, 0x8B, 0x08, 0x00]) == "gzip-compressed (decompress it first: gunzip -c FILE | cbcheck -)")
        #expect(reason(Array("\u{7F}ELF\u{2}\u{1}".utf8)) == "an ELF executable")
        #expect(reason([0xFF, 0xFE, 0x32, 0x00])?.hasPrefix("UTF-16 text") == true)
    }

    @Test func controlBytesAndInvalidUTF8BeyondAThirdMakeABlockBinary() {
        var generator = SystemRandomNumberGenerator()
        let noise = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }
        #expect(reason(noise)?.hasPrefix("binary data (") == true)
        // A log line with a NUL, an ESC, a Latin-1 byte and a cut UTF-8 sequence at the end is text.
        let line =
            Array("2026-03-14 09:26:51.102 App[1:2] caf\u{E9} \u{0}\u{1B}[0m ok\n".utf8) + [0xE9, 0x0A, 0xE2, 0x82]
        #expect(reason(line) == nil)
        #expect(reason([]) == nil)
    }

    @Test func aBinaryFileIsSkippedAndItsLinesCountAsSkippedBinary() throws {
        let bytes: [UInt8] = [0x7F, 0x45, 0x4C, 0x46] + Array(repeating: 0, count: 10_000) + [0x0A, 0x01, 0x0A, 0x02]
        let result = try check(try TestSupport.temporaryFile(Data(bytes), name: "a.out"))
        #expect(result.skipped?.description.hasSuffix("a.out: not a text log: an ELF executable; skipped") == true)
        #expect(result.stats.lines == 3)
        #expect(result.stats.skippedBinary == 3)
        #expect(result.stats.accountedFor == result.stats.lines)
        #expect(result.stats.missingFinalNewline)
    }

    @Test func theInspectorSeesTheFirstBlockEvenWhenReadsAreSmall() throws {
        var reader = LineReader()
        reader.chunkSize = 16
        reader.inspectionLength = 100
        let path = try TestSupport.temporaryFile(String(repeating: "line\n", count: 50))
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        var seen = 0
        var delivered = 0
        let summary = try reader.forEachLine(
            in: descriptor, path: path,
            inspect: { block in
                seen = block.count
                return true
            }
        ) { _, _ in delivered += 1 }
        #expect(seen == 32)  // the first block is capped by the initial buffer (2 × chunk)
        #expect(delivered == 50)
        #expect(summary == LineReader.Summary(lines: 50))
    }

    @Test func loneCarriageReturnsEndLinesAndAreCounted() throws {
        let log = try TestSupport.temporaryFile("a\rb\nc\r\nd\re\rf\n")
        let result = try check(log)
        #expect(result.stats.lines == 6)  // "a", "b", "c", "d", "e", "f"
        #expect(result.stats.loneCarriageReturnLineEnds == 3)
        #expect(
            StatsReporter.render(result.stats, path: "x.log").contains(
                "note: 3 lines end with a carriage return alone (old Mac line ends, some web copies), read as line ends"
            ))
    }

    @Test func aLongFileWithoutNewlineIsCutAtTheLineLimitInBoundedMemory() throws {
        var reader = LineReader()
        reader.maximumLineLength = 1 << 20
        reader.chunkSize = 1 << 16
        let prefix = "2026-03-14 09:26:51.102 Downloader[4101:1200001] "
        let path = try TestSupport.temporaryFile(prefix + String(repeating: "x", count: 3 << 20))
        let result = try check(path, reader: reader)
        #expect(result.stats.lines == 1)
        #expect(result.stats.truncated == 1)
        #expect(result.stats.chatter == 1)
        #expect(result.stats.missingFinalNewline)
        let text = StatsReporter.render(result.stats, path: "x.log")
        #expect(text.contains("note: 1 lines longer than 1 MiB were cut to their first 1 MiB\n"))
        #expect(text.contains("note: the last line has no newline\n"))
    }

    @Test func aReadErrorAfterOpeningIsAnInputErrorNamingTheFile() throws {
        // /proc/self/mem opens but reading offset 0 fails with EIO, even for root.
        #expect(throws: LogInputError.readFailed(path: "/proc/self/mem", reason: "Input/output error")) {
            _ = try check("/proc/self/mem")
        }
    }

    @Test func aSocketIsRefusedByName() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cbcheck-\(UUID().uuidString).sock")
            .path
        let socketDescriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socketDescriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8) + [0]) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socketDescriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        try #require(bound == 0)
        #expect(throws: LogInputError.notAFile(path: path, kind: "socket")) { _ = try check(path) }
    }

    /// Every line of every fixture, sample and fuzz regression lands in exactly one category.
    @Test func statsAddUpToTheLinesReadOnEveryFixtureAndFuzzInput() throws {
        let root = TestSupport.packageRoot
        let regressions = root.appendingPathComponent("Tests/FuzzRegressions/log")
        let fuzzInputs = (try? FileManager.default.contentsOfDirectory(atPath: regressions.path)) ?? []
        let paths =
            TestSupport.fixturePaths().map { root.appendingPathComponent($0).path }
            + [root.appendingPathComponent("Samples/background-download.log").path]
            + fuzzInputs.map { regressions.appendingPathComponent($0).path }
        #expect(paths.count > 80)
        #expect(!fuzzInputs.isEmpty)
        for path in paths {
            let stats = try check(path).stats
            #expect(stats.lines > 0, "\(path)")
            #expect(stats.accountedFor == stats.lines, "\(path): \(stats.accountedFor) of \(stats.lines)")
        }
    }

    /// Every rule-file fuzz regression parses as a rule file and as an event map without a crash,
    /// and each mistake is a diagnostic whose line lies inside the text (what the fuzz target holds).
    @Test func ruleFileFuzzRegressionsAreDiagnosticsInsideTheText() throws {
        let folder = TestSupport.packageRoot.appendingPathComponent("Tests/FuzzRegressions/rules")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(!names.isEmpty)
        for name in names {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            let lines = max(text.sourceLines.count, 1)
            func failure(_ parse: () throws -> Void) -> Error? {
                do { try parse() } catch { return error }
                return nil
            }
            let ruleError = failure {
                var parser = RuleParser(file: name, text: text)
                _ = try parser.parse()
            }
            let mapError = failure { _ = try EventMapParser(file: name, text: text).parse() }
            for error in [ruleError, mapError].compactMap({ $0 }) {
                let diagnostic = try #require(error as? Diagnostic, "\(name): \(error)")
                let line = try #require(diagnostic.location?.line, "\(name): \(error)")
                #expect((1...lines).contains(line), "\(name): \(error)")
            }
        }
    }
}
