import Foundation
import TestSupport
import Testing

/// The bad-input suite for the log formats of issue 4 and CFNetwork's lines, on the built binary:
/// each case is a format fixture damaged the way captures get damaged, and asserts what a user
/// sees and the exit status (docs/error-messages.md, "Log formats").
@Suite struct FormatBadInputTests {
    /// The bytes of a fixture, by path from the package root.
    private static func fixture(_ path: String) throws -> Data {
        try Data(contentsOf: TestSupport.packageRoot.appendingPathComponent(path))
    }

    private static func text(_ path: String) throws -> String {
        String(decoding: try fixture(path), as: UTF8.self)
    }

    /// `log show --style json` cut off in the middle of an object (a capture stopped with ^C): the
    /// objects before the cut are read, the open one counts its lines as unparseable and names the
    /// line it opened on.
    @Test func aJSONArrayCutShortInAnObjectKeepsWhatCameBefore() throws {
        let whole = try Self.text("Fixtures/formats/cb101-json.log")
        let lines = whole.split(separator: "\n", omittingEmptySubsequences: false)
        let opening = try #require(lines.firstIndex { $0.contains("calling backgroundSessionCompletionHandler") })
        // Three lines into the object after the one holding the finding.
        let objectStart = try #require(lines[(opening + 1)...].firstIndex { $0 == "},{" })
        let cut = lines[...(objectStart + 2)].joined(separator: "\n")
        let log = try TestSupport.temporaryFile(cut, name: "cut.log")
        let output = try TestSupport.run([log, "--stats"])
        #expect(output.status == 1)
        #expect(output.stdout.hasPrefix("\(log):\(opening + 1):1: error: [CB101]"))
        #expect(output.stderr.contains("  unparseable           3\n"))
        #expect(
            output.stderr.contains(
                "    \(log):\(objectStart + 3): a JSON object from line \(objectStart + 1) that breaks off at the end of the log\n"
            ))
        #expect(output.stderr.contains("  note: the last line has no newline\n"))
    }

    /// An object past the 512 KiB object limit is dropped whole (its tail is never held) and named;
    /// the objects around it are read.
    @Test func aJSONObjectPastTheObjectLimitIsUnparseableAndTheRestIsRead() throws {
        let message = "\"eventMessage\" : \"[Analytics] session start suppressed (launched in background)\""
        let whole = try Self.text("Fixtures/formats/cb101-json.log")
        #expect(whole.contains(message))
        let huge = whole.replacingOccurrences(
            of: message, with: "\"eventMessage\" : \"[Analytics] \(String(repeating: "x", count: 600_000))\"")
        let line = try #require(whole.split(separator: "\n").firstIndex { $0.hasSuffix(message + ",") }) + 1
        let log = try TestSupport.temporaryFile(huge, name: "huge.log")
        let output = try TestSupport.run([log, "--stats"])
        #expect(output.status == 1)
        #expect(output.stdout.contains("[CB101]"))
        #expect(output.stderr.contains("  unparseable           1\n"))
        #expect(output.stderr.contains("    \(log):\(line): a JSON object longer than 524288 bytes\n"))
    }

    /// Raw NUL bytes and invalid UTF-8 inside JSON strings (not valid JSON, but what a broken
    /// writer leaves) and their escaped forms are kept and shown escaped, never dropped.
    @Test func nulBytesAndInvalidUTF8InJSONStringsAreKeptAndShownEscaped() throws {
        var bytes = try Self.fixture("Fixtures/formats/cb101-json.log")
        let call = Data("calling backgroundSessionCompletionHandler for com.acme.Downloader.bg".utf8)
        let callRange = try #require(bytes.range(of: call))
        bytes.replaceSubrange(
            callRange,
            with: Data("calling backgroundSessionCompletionHandler\u{0} for com.acme.Downloader.bg".utf8) + [
                0xFF, 0xFE,
            ])
        let raw = try TestSupport.run([try TestSupport.temporaryFile(bytes), "--stats"])
        #expect(raw.status == 1)
        #expect(
            raw.stdout.contains(
                "        calling backgroundSessionCompletionHandler\\x00 for com.acme.Downloader.bg\\xFF\\xFE\n"))
        #expect(raw.stderr.contains("  unparseable           0\n"))
        let trace = try TestSupport.run(["trace", try TestSupport.temporaryFile(bytes)])
        #expect(trace.status == 0)
        #expect(trace.stdout.contains("app.handler.called  identifier=com.acme.Downloader.bg  tier=phrasing\n"))
        let escaped = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\u{0}", with: "\\u0000")
        let escapedOutput = try TestSupport.run([try TestSupport.temporaryFile(escaped)])
        #expect(escapedOutput.status == 1)
        #expect(escapedOutput.stdout.contains("calling backgroundSessionCompletionHandler\\x00 for"))
    }

    /// A Console.app paste whose rows do not all have the same columns: an extra empty column is
    /// read as if absent, a row cut short after its time is unparseable (not glued to the row
    /// before), and the finding stays where it was.
    @Test func aConsolePasteWithRowsOfOtherColumnCounts() throws {
        var lines = try Self.text("Fixtures/formats/cb101-console.log").split(
            separator: "\n", omittingEmptySubsequences: false
        ).map(String.init)
        let rows = lines.indices.filter { lines[$0].hasPrefix("default\t") }
        lines[rows[1]] = lines[rows[1]].replacingOccurrences(of: "\tDownloader\t", with: "\t\tDownloader\t\t")
        let cutRow = rows[6]
        lines[cutRow] = lines[cutRow].split(separator: "\t").prefix(2).joined(separator: "\t")
        let log = try TestSupport.temporaryFile(lines.joined(separator: "\n"), name: "console.log")
        let output = try TestSupport.run([log, "--stats"])
        #expect(output.status == 1)
        let original = try TestSupport.run(["Fixtures/formats/cb101-console.log"])
        let findingLine = try #require(original.stdout.split(separator: ":").dropFirst().first)
        #expect(output.stdout.hasPrefix("\(log):\(findingLine):1: error: [CB101]"))
        #expect(output.stderr.contains("  unparseable           1\n"))
        #expect(
            output.stderr.contains(
                "    \(log):\(cutRow + 1): a Console.app row with a time but no message column (expected tab-separated columns)\n"
            ))
        #expect(output.stderr.contains("(app.fileMoved 1, app.handleEvents 1, app.handler.called 1"))
    }

    /// A plain file (no prefix at all) with lines of 10 MB: read in bounded memory, each long line
    /// one chatter record, the finding after them at its line.
    @Test func aPlainFileOfTenMegabyteLinesIsReadInBoundedMemory() throws {
        let lines = try Self.text("Fixtures/formats/cb101-plain.log").split(
            separator: "\n", omittingEmptySubsequences: false)
        let long = "[Cache] blob " + String(repeating: "ab c", count: (10 << 20) / 4)
        var out: [Substring] = []
        for (index, line) in lines.enumerated() {
            out.append(line)
            if index == 8 || index == 9 || index == 10 { out.append(Substring(long)) }
        }
        let log = try TestSupport.temporaryFile(out.joined(separator: "\n"), name: "plain.log")
        let original = try TestSupport.run(["Fixtures/formats/cb101-plain.log"])
        let findingLine = try #require(Int(original.stdout.split(separator: ":").dropFirst().first ?? ""))
        let output = try TestSupport.run(
            ["-c", "/usr/bin/time -f 'peak %M KB' \"$0\" \"$1\" --stats", TestSupport.binary.path, log],
            executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(output.status == 1)
        #expect(output.stderr.contains(": \(lines.count + 2) lines, format plain (detected at line 7)\n"))
        #expect(output.stdout.hasPrefix("\(log):\(findingLine + 3):1: error: [CB101]"))
        let peakLine = output.stderr.split(separator: "\n").first { $0.hasPrefix("peak ") } ?? ""
        let peak = Int(peakLine.split(separator: " ").dropFirst().first ?? "") ?? .max
        #expect(peak < 150_000, "peak RSS \(peak) KB")
    }

    /// A device syslog has no year: a capture crossing New Year places Jan 1 in the next year, so the
    /// 7 s applicationDidEnterBackground took across midnight is judged (CB503) and no clock goes back.
    @Test func aDeviceSyslogCrossingNewYearKeepsTimeGoingForward() throws {
        let slow = "Fixtures/lifecycle/cb503-slow-enter-background-new-year-syslog.log"
        let output = try TestSupport.run([slow, "--stats"])
        #expect(output.status == 1)
        #expect(output.stdout.hasPrefix("\(slow):14:55: error: [CB503]"))
        #expect(output.stdout.contains("app.background to app.background.return took 7.0s, more than 5.0s (run 1)"))
        #expect(!output.stderr.contains("clock goes back"))
        #expect(!output.stderr.contains("earlier than the event before them"))
        let quick = try TestSupport.run([slow.replacingOccurrences(of: ".log", with: "-ok.log"), "--stats"])
        #expect(quick.status == 0)
        #expect(!quick.stderr.contains("clock goes back"))
    }

    /// CFNetwork's `Task <UUID>.<N>` with a UUID that is not hex, or a task number of 32 digits:
    /// the first is no CFNetwork line (chatter, the daemon's copy of it nobody's), the second is a
    /// task of its own, never task 3 by overflow or truncation. Neither is an input error.
    @Test func aCFNetworkTaskLineWithAMalformedUUIDOrAHugeTaskNumber() throws {
        let path = "Fixtures/cfnetwork/cb401-status-only-from-nsurlsessiond.log"
        let text = try Self.text(path)
        let original = try TestSupport.run([path])
        #expect(original.status == 1)
        #expect(original.stdout.contains("[CB401]"))

        let uuid = "Task <C41E9B27-6D0A-4F83-B5C2-9A1E7D3F6B08>"
        let malformed = try TestSupport.temporaryFile(
            text.replacingOccurrences(of: uuid, with: "Task <C41E9B27-6D0A-XXXX-B5C2>"), name: "uuid.log")
        let badUUID = try TestSupport.run([malformed, "--stats"])
        #expect(badUUID.status == 0)
        #expect(!badUUID.stdout.contains("[CB401]"))
        let eventCounts = badUUID.stderr.split(separator: "\n").filter { $0.hasPrefix("  events ") }
        #expect(eventCounts.count == 1 && !eventCounts[0].contains("cfnet."))
        #expect(badUUID.stderr.contains("  unparseable           0\n"))

        let huge = try TestSupport.temporaryFile(
            text.replacingOccurrences(of: ">.<3>", with: ">.<99999999999999999999999999999999>"), name: "huge.log")
        let hugeTask = try TestSupport.run([huge, "--stats"])
        #expect(hugeTask.status == 0)
        #expect(!hugeTask.stdout.contains("[CB401]"))
        #expect(hugeTask.stderr.contains("cfnet.task.resume 1"))
        let trace = try TestSupport.run(["trace", huge])
        #expect(
            trace.stdout.contains("cfnet.task.response  identifier=com.acme.PhotoDrop.uploads (inferred) status=500"))
        #expect(trace.stdout.contains("task=99999999999999999999999999999999  tier=system  [identifier inferred"))
    }

    /// A date the calendar does not have (February 30, day 32) is unparseable with that reason;
    /// a callback on such a line is named as lost, and no "clock went back" note comes from it.
    @Test func anImpossibleDateIsNamedAndItsCallbackIsNotLostInSilence() throws {
        let log = try TestSupport.temporaryFile(
            """
            2024-02-28 23:59:58.100 Downloader[2051:1101] app started
            2024-02-30 00:00:01.200 Downloader[2051:1102] urlSession(_:task:didCompleteWithError:) task 7 error nil
            2024-01-32 00:00:02.300 Downloader[2051:1101] chatter on day 32
            2024-02-29 00:00:03.400 Downloader[2051:1101] a leap day is a day

            """, name: "dates.log")
        let output = try TestSupport.run([log, "--stats"])
        #expect(output.status == 0)
        #expect(output.stderr.contains("    \(log):2: no such date: 2024-02-30 (February 2024 has 29 days)\n"))
        #expect(output.stderr.contains("    \(log):3: no such date: 2024-01-32 (January has 31 days)\n"))
        #expect(
            output.stderr.contains(
                "\(log):2: warning: line 2 names task.complete but could not be read"
                    + " (no such date: 2024-02-30 (February 2024 has 29 days)): its event is not in the trace\n"))
        #expect(output.stderr.contains("  chatter               2\n"))
        #expect(output.stderr.contains("  unparseable           2\n"))
        #expect(!output.stderr.contains("clock"))
    }
}
