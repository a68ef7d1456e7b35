import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The bad-input suite of issue 7 on the built binary: each case asserts the message and the exit
/// status a user sees (docs/error-messages.md lists them).
@Suite struct BadInputTests {
    private static let early = "Fixtures/relaunch/cb101-handler-called-early.log"
    /// The CB101 fixture's bytes: line 12 (11 without annotations' help) carries the finding.
    private static func fixture() throws -> Data {
        try Data(contentsOf: TestSupport.packageRoot.appendingPathComponent(early))
    }

    @Test func anEmptyFileIsCleanAndSaysItIsEmpty() throws {
        let output = try TestSupport.run([try TestSupport.temporaryFile(""), "--stats"])
        #expect(output.status == 0)
        #expect(output.stderr.contains(": 0 lines, no record in any known format\n"))
        #expect(output.stderr.contains("  note: the file is empty\n"))
        #expect(output.stderr.contains(": warning: the file is empty: nothing was checked\n"))
        #expect(output.stderr.hasSuffix("cbcheck: no findings in 1 file (nothing checked: no callback events)\n"))
    }

    @Test func aLastLineWithoutNewlineIsStillCheckedAndNoted() throws {
        var bytes = try Self.fixture()
        bytes.removeLast()  // the newline after the last line
        let output = try TestSupport.run([try TestSupport.temporaryFile(bytes), "--stats"])
        #expect(output.status == 1)
        #expect(output.stdout.contains(":12:50: error: [CB101]"))
        #expect(output.stderr.contains("  note: the last line has no newline\n"))
    }

    @Test func crlfLineEndsGiveTheSameFindingsAsNewlines() throws {
        let text = String(decoding: try Self.fixture(), as: UTF8.self)
        let crlf = try TestSupport.temporaryFile(text.replacingOccurrences(of: "\n", with: "\r\n"), name: "x.log")
        let lf = try TestSupport.temporaryFile(text, name: "x.log")
        let crlfOutput = try TestSupport.run([crlf])
        let lfOutput = try TestSupport.run([lf])
        #expect(crlfOutput.status == 1)
        #expect(
            crlfOutput.stdout.replacingOccurrences(of: crlf, with: "x.log")
                == lfOutput.stdout.replacingOccurrences(of: lf, with: "x.log"))
    }

    @Test func aLoneCarriageReturnEndsALineAndIsNoted() throws {
        let log = try TestSupport.temporaryFile(
            "2026-03-14 09:26:51.102 App[1:1] one\r2026-03-14 09:26:51.103 App[1:1] two\n")
        let output = try TestSupport.run([log, "--stats"])
        #expect(output.status == 0)
        #expect(output.stderr.contains(": 2 lines, format nslog (detected at line 1)\n"))
        #expect(output.stderr.contains("  chatter               2\n"))
        #expect(output.stderr.contains("note: 1 lines end with a carriage return alone"))
    }

    @Test func nulBytesAndInvalidUTF8AreKeptAndShownEscaped() throws {
        var text = String(decoding: try Self.fixture(), as: UTF8.self)
        text = text.replacingOccurrences(
            of: "calling backgroundSessionCompletionHandler for",
            with: "calling backgroundSessionCompletionHandler\u{0} for")
        var bytes = Data(text.utf8)
        let marker = Data("com.acme.Downloader.bg\n2026-03-14 09:26:51.392".utf8)
        let range = try #require(bytes.range(of: marker))
        bytes.insert(contentsOf: [0xFF, 0xFE], at: range.lowerBound + 22)
        let output = try TestSupport.run([try TestSupport.temporaryFile(bytes)])
        #expect(output.status == 1)
        #expect(
            output.stdout.contains(
                "calling backgroundSessionCompletionHandler\\x00 for com.acme.Downloader.bg\\xFF\\xFE\n"))
    }

    @Test func aTenMegabyteLineIsReadInBoundedMemory() throws {
        var bytes = Data("2026-03-14 09:26:51.000 Downloader[4101:1200001] ".utf8)
        bytes.append(Data(repeating: 0x61, count: 10 << 20))
        bytes.append(0x0A)
        bytes.append(try Self.fixture())
        let log = try TestSupport.temporaryFile(bytes)
        let output = try TestSupport.shell("/usr/bin/time -f 'peak %M KB' \"$CBCHECK\" \(log) 2>&1 >/dev/null")
        #expect(output.stdout.contains("cbcheck: 1 error in 1 file\n"))
        let peakLine = output.stdout.split(separator: "\n").first { $0.hasPrefix("peak ") } ?? ""
        let peak = Int(peakLine.split(separator: " ").dropFirst().first ?? "") ?? .max
        #expect(peak < 120_000, "peak RSS \(peak) KB")
    }

    @Test func aBinaryFileIsSkippedAndFailsOnlyWhenNothingElseWasChecked() throws {
        let binary = try TestSupport.temporaryFile(Data([0x7F, 0x45, 0x4C, 0x46] + [UInt8](repeating: 0, count: 64)))
        let alone = try TestSupport.run([binary, "--stats"])
        #expect(alone.status == 2)
        #expect(alone.stderr.hasPrefix("warning: \(binary): not a text log: an ELF executable; skipped\n"))
        #expect(alone.stderr.contains("  skipped-binary        1\n"))
        let clean = "Fixtures/relaunch/cb101-handler-called-early-ok.log"
        #expect(try TestSupport.run([binary, clean]).status == 0)
        #expect(try TestSupport.run([binary, Self.early]).status == 1)
        // A pipe is read as it comes (no peeking at its first bytes), so a gzip stream there is named
        // and skipped; `cbcheck - < run.log.gz` reads a file and decompresses it.
        let piped = try TestSupport.run(
            [
                "-c", "cat \"$1\" | \"$0\" -", TestSupport.binary.path, try TestSupport.gzip(Self.early),
            ], executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(piped.status == 2)
        #expect(piped.stderr.hasPrefix("warning: -: not a text log: gzip-compressed"))
    }

    /// A gzip file is read as it streams, with the same findings as the plain log; one cut short
    /// keeps what was read before the cut and is an input error naming it.
    @Test func gzipLogsAreReadAndATruncatedOneSaysWhereItEnds() throws {
        let plain = try TestSupport.run([Self.early])
        let compressed = try TestSupport.gzip(Self.early)
        let whole = try TestSupport.run([compressed])
        #expect(whole.status == plain.status)
        #expect(whole.stdout == plain.stdout.replacingOccurrences(of: Self.early, with: compressed))
        // The cut falls after the deflate block holding the finding.
        let cut = try TestSupport.cutGzipLog(startingWith: Self.early)
        let truncated = try TestSupport.run([cut])
        #expect(truncated.status == 2)
        #expect(
            truncated.stderr.contains("error: \(cut): read failed: the gzip data ends early (unexpected end of file)\n")
        )
        #expect(truncated.stdout.contains("[CB101]"))  // what was read before the cut still counts
        let folder = URL(fileURLWithPath: compressed).deletingLastPathComponent().path
        #expect(try TestSupport.run([folder]).stdout.contains("log.log.gz:"))
    }

    /// A small gzip file whose trailer's checksum is wrong, or cut inside its only deflate block,
    /// keeps every finding of what it decompressed and then names the damage, exit 2 (zlib's
    /// gzread returned nothing for the last buffer, losing the whole of a small file). Two
    /// members one after the other are both read; zeros after the last member are ignored.
    @Test func aSmallDamagedGzipKeepsItsFindingsThenNamesTheDamage() throws {
        let compressed = try Data(contentsOf: URL(fileURLWithPath: try TestSupport.gzip(Self.early)))
        var badChecksum = compressed
        badChecksum[badChecksum.count - 6] ^= 0xFF  // inside the CRC-32 of the trailer
        let bad = try TestSupport.run([try TestSupport.temporaryFile(badChecksum, name: "bad.log.gz")])
        #expect(bad.status == 2)
        #expect(bad.stdout.contains("[CB101]"))
        #expect(bad.stderr.contains("read failed: bad gzip data (incorrect data check)\n"))
        let cutShort = try TestSupport.run([
            try TestSupport.temporaryFile(compressed.prefix(compressed.count - 12), name: "short.log.gz")
        ])
        #expect(cutShort.status == 2)
        #expect(cutShort.stderr.contains("read failed: the gzip data ends early (unexpected end of file)\n"))
        let plain = try TestSupport.run([Self.early])
        let twice = try TestSupport.run([
            try TestSupport.temporaryFile(compressed + compressed + Data(count: 64), name: "twice.log.gz")
        ])
        #expect(twice.status == 1)
        #expect(
            twice.stdout.components(separatedBy: "[CB101]").count == 2
                * plain.stdout.components(separatedBy: "[CB101]").count - 1)
    }

    /// `check` searches a folder for logs; `trace` takes one file, so a folder is an input error there.
    @Test func aDirectoryAMissingFileAndASocketAreInputErrors() throws {
        let directory = try TestSupport.run(["trace", "Samples"])
        #expect(directory.status == 2)
        #expect(directory.stderr.hasPrefix("error: Samples: is a directory, expected a log file\n"))
        let missing = try TestSupport.run(["Samples/nope.log", Self.early])
        #expect(missing.status == 2)
        #expect(missing.stderr.hasPrefix("error: Samples/nope.log: no such file\n"))
        #expect(missing.stdout.contains("[CB101]"))  // the other file is still checked
    }

    /// Root reads any file, so the binary runs as `nobody` through setpriv when the tests run as root.
    @Test(.enabled(if: geteuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")))
    func anUnreadableFileNamesTheReason() throws {
        let path = try TestSupport.temporaryFile("x\n")
        chmod(path, 0)
        let asNobody = geteuid() == 0 ? "/usr/bin/setpriv --reuid=65534 --regid=65534 --clear-groups " : ""
        let output = try TestSupport.shell("\(asNobody)\"$CBCHECK\" \(path) 2>&1; echo \"status $?\"")
        #expect(
            output.stdout
                == "error: \(path): cannot be opened: Permission denied\ncbcheck: nothing checked: 1 file could not be read\nstatus 2\n"
        )
    }

    @Test func aFIFOIsReadAsAStream() throws {
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("cbcheck-\(UUID().uuidString)").path
        try #require(mkfifo(fifo, 0o600) == 0)
        let output = try TestSupport.shell(
            "cat \(Self.early) > \(fifo) & \"$CBCHECK\" \(fifo) 2>/dev/null; echo \"status $?\"")
        #expect(output.stdout.hasPrefix("\(fifo):12:50: error: [CB101]"))
        #expect(output.stdout.hasSuffix("status 1\n"))
    }

    @Test func timeStampsOutOfOrderKeepLineOrderAndAreNoted() throws {
        let text = String(decoding: try Self.fixture(), as: UTF8.self).replacingOccurrences(
            of: "09:26:51.390 Downloader", with: "09:26:50.000 Downloader")
        let output = try TestSupport.run([try TestSupport.temporaryFile(text), "--stats"])
        #expect(output.status == 1)
        #expect(output.stdout.contains(":12:50: error: [CB101]"))
        #expect(
            output.stderr.contains(
                ":12: note: the clock goes back at line 12 (09:26:51.389 then 09:26:50.000); order is taken from the lines"
            ))
    }

    @Test func aReusedPidStartsANewRun() throws {
        let text = String(decoding: try Self.fixture(), as: UTF8.self)
        let log = try TestSupport.temporaryFile(text + text.replacingOccurrences(of: "[4101:", with: "[5000:") + text)
        let output = try TestSupport.run([log])
        #expect(output.status == 1)
        let runs = output.stderr.split(separator: "\n").filter { $0.contains(": run ") }.map {
            String($0.split(separator: "(")[1].split(separator: ",")[0])
        }
        #expect(runs == ["Downloader pid 4101", "Downloader pid 5000", "Downloader pid 4101"])
        #expect(output.stderr.hasSuffix("cbcheck: 3 errors in 1 file\n"))
    }

    @Test func catastrophicBacktrackingIsAWarningNamingThePatternAndTheLine() throws {
        let log = try TestSupport.temporaryFile(
            "2026-03-14 09:26:51.102 App[1:1] start\n2026-03-14 09:26:51.103 App[1:1] slow \(String(repeating: "a", count: 30_000))!\n"
                + "2026-03-14 09:26:51.104 App[1:1] end\n", name: "slow.log")
        let map = try TestSupport.temporaryFile(
            "event app.handleEvents\n  match /slow (a+)+$/\n", name: "slow.cbevents")
        let started = Date()
        let output = try TestSupport.run([log, "--events", map, "--stats"])
        #expect(Date().timeIntervalSince(started) < 20)
        #expect(output.status == 0)
        #expect(
            output.stderr.hasPrefix(
                "\(map):2:9: warning: pattern hit the match limit (catastrophic backtracking): match limit exceeded on "
                    + "\(log):2; the record counts as chatter\n  hint: bound the repetition"))
        #expect(output.stderr.contains("  chatter               3\n"))
    }

    @Test func aBrokenPipeEndsTheRunQuietly() throws {
        let log = try TestSupport.temporaryFile(Data((0..<300).map { _ in try! Self.fixture() }.joined()))
        let output = try TestSupport.shell(
            "\"$CBCHECK\" \(log) 2>err.txt | head -1 >/dev/null; echo \"status ${PIPESTATUS[0]}\"; grep -ci 'crash\\|fatal\\|backtrac' err.txt; rm err.txt"
                .replacingOccurrences(of: "err.txt", with: log + ".err"))
        #expect(output.stdout == "status 141\n0\n")  // killed by SIGPIPE like cat or grep, nothing on stderr
    }

    @Test func anInterruptLeavesAnExistingReportUntouched() throws {
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("cbcheck-\(UUID().uuidString)").path
        try #require(mkfifo(fifo, 0o600) == 0)
        let report = try TestSupport.temporaryFile("old report\n", name: "out.sarif")
        let output = try TestSupport.shell(
            """
            set -m  # job control: a background job gets SIGINT's default action, as at a terminal
            exec 3<>\(fifo); head -c 20000 \(Self.early) >&3
            "$CBCHECK" \(fifo) --format sarif --output \(report) 2>\(report).err & pid=$!
            sleep 1; kill -INT $pid; wait $pid; echo "status $?"; exec 3>&-; cat \(report); ls \(report).* | wc -l
            grep -ci 'crash\\|fatal\\|backtrac' \(report).err
            """)
        #expect(output.stdout == "status 130\nold report\n1\n0\n")
    }
}
