import Testing

@testable import CBCheckKit
@testable import LogReading

/// The warning for a log cbcheck could mostly not read, instead of a silent "no findings": when it
/// is given, and that it names the likely cause, the same words every time.
@Suite struct UnreadableLogTests {
    private func warning(_ lines: [String], format: (any LogFormat)? = nil) throws -> String? {
        UnreadableLog.warning(try ReadLog(lines.joined(separator: "\n") + "\n", format: format).stats)
    }

    @Test func prefixesThatBreakOffAreNamedWithTheirReason() throws {
        let lines = (1...30).map { "2026-03-14 09:26 Downloader cut \($0)" }
        #expect(
            try warning(lines)
                == "30 of 30 lines could not be read and no event was found; most are like line 1 "
                + "('N-N-N N:N Downloader cut N'), which starts like a record but breaks off (a date without "
                + "a complete time (expected YYYY-MM-DD HH:MM:SS)): check the capture against docs/log-formats.md, "
                + "or try --log-format plain to read its lines in order only")
        // Forced plain, they are read in order: no warning.
        #expect(try warning(lines, format: PlainLogFormat()) == nil)
    }

    @Test func printLinesBeforeAStrayRecordSuggestPlain() throws {
        let lines =
            (1...60).map { "[Feed] row \($0) rendered" } + ["2026-03-14 09:26:51.102 Downloader[4101:1200001] done"]
        #expect(
            try warning(lines)
                == "60 of 61 lines could not be read and no event was found; most are like line 1 "
                + "('[Feed] row N rendered'), which has no nslog prefix and stands before the first nslog record "
                + "(line 61); if the file is Xcode's print output, try --log-format plain")
    }

    @Test func linesIndentedByDifferentAmountsAreSaidToBe() throws {
        // A tab on some lines and spaces on the others: no white space common to every line.
        let lines = (1...20).map { ($0 % 2 == 0 ? "\t" : "    ") + "[Feed] row \($0) rendered" }
        let text = try #require(try warning(lines))
        // Ten lines of each shape: the earlier shape is named.
        #expect(
            text.hasPrefix(
                "20 of 20 lines could not be read and no event was found; most are like line 1 ('    [Feed] row N"))
        #expect(text.contains("which starts with white space, as a record's continuation does, with no record"))
        #expect(text.hasSuffix("remove it (sed 's/^[[:space:]]*//')"))
    }

    @Test func aLogWithAnEventOrMostlyReadIsNoWarning() throws {
        let event = "2026-03-14 09:26:51.102 Downloader[4101:1200001] applicationDidEnterBackground(_:)"
        #expect(try warning([event] + (1...30).map { "2026-03-14 09:26 cut \($0)" }) == nil)
        let chatter = (1...10).map { "2026-03-14 09:26:51.102 Downloader[4101:1200001] [Feed] row \($0)" }
        #expect(try warning(chatter + (1...9).map { "2026-03-14 09:26 cut \($0)" }) == nil)
        #expect(try warning([]) == nil)
        // Blank lines, fences and annotations are not lines that could not be read.
        #expect(try warning(["", "```", "#! about: x", "", "```"] + chatter) == nil)
    }
}
