import Testing

@testable import CBCheckKit
@testable import LogReading

@Suite struct NSLogFormatTests {
    /// What `NSLogFormat` made of a line, with the byte ranges turned back into text.
    struct Parsed {
        var prefix: RecordPrefix
        var process: String
        var thread: String?
        var message: String
    }

    private func parse(_ line: String) -> PrefixParse {
        Array(line.utf8).withUnsafeBytes { NSLogFormat().parsePrefix($0) }
    }

    private func record(_ line: String) throws -> Parsed {
        let result = parse(line)
        let prefix = try #require(result.recordPrefix, "not a record: \(result)")
        let bytes = Array(line.utf8)
        func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
        return Parsed(
            prefix: prefix, process: text(prefix.process), thread: prefix.thread.map(text),
            message: text(prefix.messageStart..<bytes.count))
    }

    // 2026-03-14 09:26:53.599 UTC, in microseconds since 1970.
    private let utcMicroseconds: Int64 = 1_773_480_413_599_000

    @Test func readsThePlainNSLogPrefix() throws {
        let parsed = try record("2026-03-14 09:26:53.599 App[4101:1200001] msg")
        #expect(parsed.prefix.time == Timestamp(microseconds: utcMicroseconds))
        #expect(parsed.prefix.pid == 4101)
        #expect(parsed.prefix.process == 24..<27)
        #expect(parsed.prefix.thread == 33..<40)
        #expect(parsed.prefix.messageStart == 42)
        #expect(parsed.process == "App")
        #expect(parsed.thread == "1200001")
        #expect(parsed.message == "msg")
    }

    @Test func aZoneOffsetIsSubtractedToGetUTC() throws {
        let parsed = try record("2026-03-14 09:26:53.599000+0800 App[4101:1200001] msg")
        // 09:26:53.599 at +08:00 is 01:26:53.599 UTC: eight hours earlier.
        #expect(parsed.prefix.time == Timestamp(microseconds: utcMicroseconds - 8 * 3_600_000_000))
        #expect(parsed.prefix.time?.microseconds == 1_773_451_613_599_000)
        #expect(parsed.prefix.pid == 4101)
        #expect(parsed.prefix.process == 32..<35)
        #expect(parsed.prefix.thread == 41..<48)
        #expect(parsed.prefix.messageStart == 50)
        #expect(parsed.process == "App")
        #expect(parsed.thread == "1200001")
        #expect(parsed.message == "msg")
    }

    @Test func aNegativeZoneWithAColonAndAZuluZoneAreRead() throws {
        let west = try record("2026-03-14 09:26:53.599-05:00 App[4101:1200001] msg")
        #expect(west.prefix.time?.microseconds == utcMicroseconds + 5 * 3_600_000_000)
        #expect(west.message == "msg")
        let zulu = try record("2026-03-14 09:26:53.599Z App[4101:1200001] msg")
        #expect(zulu.prefix.time?.microseconds == utcMicroseconds)
        #expect(zulu.process == "App")
    }

    @Test func fractionsAreKeptToTheMicrosecond() throws {
        #expect(try record("2024-02-29 23:59:59.123456 A[1:1] m").prefix.time?.microseconds == 1_709_251_199_123_456)
        #expect(try record("2024-02-29 23:59:59.1234567 A[1:1] m").prefix.time?.microseconds == 1_709_251_199_123_456)
        #expect(try record("2024-02-29 23:59:59.5 A[1:1] m").prefix.time?.microseconds == 1_709_251_199_500_000)
        #expect(try record("2024-02-29 23:59:59 A[1:1] m").prefix.time?.microseconds == 1_709_251_199_000_000)
    }

    /// The fixed-offset reader of the common shape and the field-by-field one agree: what the
    /// first refuses, the second reads (`:599`) or refuses too (month 13, a letter in the clock).
    @Test func uncommonTimeStampsAreReadFieldByFieldOrRefused() throws {
        #expect(try record("2026-03-14 09:26:53:599 A[1:1] m").prefix.time?.microseconds == utcMicroseconds)
        #expect(parse("2026-13-14 09:26:53.599 A[1:1] m").recordPrefix == nil)
        #expect(parse("2026-03-14 09:2x:53.599 A[1:1] m").recordPrefix == nil)
        #expect(parse("2026-03-14 24:00:00.000 A[1:1] m").recordPrefix == nil)
        #expect(parse("2026-03-14 09:26:53. A[1:1] m").recordPrefix == nil)
    }

    @Test func aProcessNameMayContainSpaces() throws {
        let parsed = try record("2026-03-14 09:26:53.599 My App[4101:1200001] msg")
        #expect(parsed.process == "My App")
        #expect(parsed.prefix.process == 24..<30)
        #expect(parsed.prefix.pid == 4101)
        #expect(parsed.thread == "1200001")
        #expect(parsed.message == "msg")
    }

    @Test func bracketsInTheMessageDoNotConfuseThePrefix() throws {
        let parsed = try record("2026-03-14 09:26:53.599 App[4101:1200001] got [7:8] and [9] from Other[55:66] ok")
        #expect(parsed.process == "App")
        #expect(parsed.prefix.pid == 4101)
        #expect(parsed.thread == "1200001")
        #expect(parsed.message == "got [7:8] and [9] from Other[55:66] ok")
    }

    @Test func aBracketInTheProcessNameThatIsNoPidIsPartOfTheName() throws {
        let parsed = try record("2026-03-14 09:26:53.599 App [beta][4101:1200001] [API] GET /v2")
        #expect(parsed.process == "App [beta]")
        #expect(parsed.prefix.pid == 4101)
        #expect(parsed.message == "[API] GET /v2")
    }

    @Test func hexThreadIdsAndAMissingThreadAreRead() throws {
        let hex = try record("2026-03-14 09:26:53.599 App[4101:0x1a2b] msg")
        #expect(hex.thread == "0x1a2b")
        let bare = try record("2026-03-14 09:26:53.599 App[4101] msg")
        #expect(bare.prefix.thread == nil)
        #expect(bare.prefix.pid == 4101)
        #expect(bare.message == "msg")
    }

    @Test func aRecordWithAnEmptyMessageStartsItsMessageAtTheEnd() throws {
        let line = "2026-03-14 09:26:53.599 App[4101:1200001]"
        let parsed = try record(line)
        #expect(parsed.prefix.messageStart == line.utf8.count)
        #expect(parsed.message == "")
    }

    @Test func linesThatDoNotStartWithADateAreContinuations() {
        #expect(parse("    NSLocalizedDescription=cancelled,") == .continuation)
        #expect(parse("}") == .continuation)
        #expect(parse("") == .continuation)
        #expect(parse("Error Domain=NSURLErrorDomain Code=-999 \"cancelled\"") == .continuation)
        #expect(parse("12:00:01 App[1:1] not a date") == .continuation)
        #expect(parse("2026-03") == .continuation)
    }

    @Test func aDateWithoutACompleteTimeIsMalformed() {
        let reason = "a date without a complete time (expected YYYY-MM-DD HH:MM:SS)"
        #expect(parse("2026-03-14 09:26") == .malformed(reason))
        #expect(parse("2026-03-14") == .malformed(reason))
        #expect(parse("2026-03-14 25:26:53.599 App[1:1] hour 25") == .malformed(reason))
    }

    /// A date the calendar does not have is refused with that reason, not read as the day after
    /// (February 30 as March 1), whether the fast shape check or the field-by-field reader sees it.
    @Test func aDateThatIsNoDayOfTheCalendarIsMalformedWithThatReason() {
        #expect(
            parse("2026-13-14 09:26:53.599 App[1:1] month 13")
                == .malformed("no such date: 2026-13-14 (there is no month 13)"))
        #expect(
            parse("2024-02-30 09:26:53.599 App[1:1] x")
                == .malformed("no such date: 2024-02-30 (February 2024 has 29 days)"))
        #expect(
            parse("2023-02-29 09:26:53 App[1:1] x")
                == .malformed("no such date: 2023-02-29 (February 2023 has 28 days)"))
        #expect(
            parse("2024-04-31 09:26:53+0000 App[1:1] x") == .malformed("no such date: 2024-04-31 (April has 30 days)"))
        #expect(
            parse("2024-01-32 09:26:53.599 App[1:1] x") == .malformed("no such date: 2024-01-32 (January has 31 days)"))
        #expect(parse("2024-02-29 09:26:53.599 App[1:1] leap day").recordPrefix != nil, "a leap year's February 29")
        #expect(parse("2000-02-29 09:26:53.599 App[1:1] leap century").recordPrefix != nil, "February 29, 2000")
        #expect(
            parse("1900-02-29 09:26:53.599 App[1:1] x")
                == .malformed("no such date: 1900-02-29 (February 1900 has 28 days)"))
    }

    @Test func aTimeStampNotFollowedByASpaceIsMalformed() {
        #expect(parse("2026-03-14 09:26:53.599App[1:1] msg") == .malformed("no space after the time stamp"))
    }

    @Test func aTimeStampWithoutProcessBracketIsMalformed() {
        let reason = "no Process[pid:thread] after the time stamp"
        #expect(parse("2026-03-14 09:26:53.599 just a message") == .malformed(reason))
        #expect(parse("2026-03-14 09:26:53.599 App[pid:1] msg") == .malformed(reason))
        #expect(parse("2026-03-14 09:26:53.599 App[4101:1200001]msg") == .malformed(reason))
    }

    @Test func clockTextShowsHoursMinutesSecondsAndMilliseconds() {
        #expect(Timestamp(microseconds: utcMicroseconds).clockText == "09:26:53.599")
        #expect(Timestamp(microseconds: 1_709_251_199_123_456).clockText == "23:59:59.123")
        #expect(Timestamp(microseconds: 0).clockText == "00:00:00.000")
        #expect(Timestamp(microseconds: 3_661_007_000).clockText == "01:01:01.007")
        #expect(Timestamp(microseconds: 45_000).clockText == "00:00:00.045")
    }

    @Test func clockTextOfAZonedLineShowsTheClockTheLogShows() throws {
        let parsed = try record("2026-03-14 09:26:53.599000+0800 App[4101:1200001] msg")
        #expect(parsed.prefix.time?.clockText == "09:26:53.599")
    }

    @Test func timestampsOrderAndMeasureSeconds() {
        let early = Timestamp(year: 2026, month: 3, day: 14, hour: 9, minute: 26, second: 53, microsecond: 599_000)
        let late = Timestamp(year: 2026, month: 3, day: 14, hour: 9, minute: 27, second: 23, microsecond: 849_000)
        #expect(early.microseconds == utcMicroseconds)
        #expect(early < late)
        #expect(early.seconds(until: late) == 30.25)
        #expect(late.seconds(until: early) == -30.25)
    }

    /// The fast path's shape check must find what `parsePrefix` finds, or leave the line to it:
    /// it takes the common shape (no zone, the process bracket at the first `[`) and nothing else.
    @Test func theRecordShapeAgreesWithTheFullParseOrLeavesTheLineToIt() {
        let lines: [(line: String, isCommon: Bool)] = [
            ("2026-03-14 09:26:53.599 App[4101:1200001] msg", true),
            ("2026-03-14 09:26:53 My App[4101:1a2bx] ", true),
            ("2026-12-31 23:59:60.123456789 App[4101]", true),
            ("2026-03-14 09:26:53.599  App[4101:1200001] two spaces: a process name starting with one", true),
            ("2026-03-14 09:26:53 ABCDEFGH[1:2] the [ right after one word of process name", true),
            ("2026-03-14 09:26:53 A Rather Long Process Name[4101:1a] m", true),
            ("2026-03-14 09:26:53 Appx[1]", true),
            ("2026-03-14 09:26:53 App[123456789012345678:123456789012345] pid and thread over words", true),
            ("2026-03-14 09:26:53 App[4101:0x1b2c3] a hex thread, read the long way", true),
            ("2026-03-14 09:26:53 App[1234567890123456789:1] a pid of 19 digits", false),
            ("2026-03-14 09:26:53 App[4101:] no thread after the colon", false),
            ("2026-03-14 09:26:53 App[4101:12\u{00B2}] a superscript two", false),
            ("2026-03-14 09:26:53.599000+0800 App[4101:1200001] a zone: the full parse", false),
            ("2026-03-14 09:26:53Z App[4101] Zulu", false),
            ("2026-03-14 09:26:53 App [x] App[4101:1a2b] a [ before the bracket", false),
            ("2026-03-14 09:26:53:599 App[4101:1200001] lumberjack milliseconds", false),
            ("2026-3-14 09:26:53.599 App[4101:1200001] short month", false),
            ("2026-00-14 09:26:53.599 App[4101:1200001] month 0", false),
            ("2026-13-14 09:26:53.599 App[4101:1200001] month 13", false),
            ("2026-03-32 09:26:53.599 App[4101:1200001] day 32", false),
            ("2026-02-30 09:26:53.599 App[4101:1200001] February 30", false),
            ("2026-04-31 09:26:53.599 App[4101:1200001] April 31", false),
            ("2028-02-29 09:26:53.599 App[4101:1200001] a leap day", true),
            ("2026-03-31 09:26:53.599 App[4101:1200001] March 31", true),
            ("2026-03-14 24:00:00.000 App[4101:1200001] hour 24", false),
            ("2026-03-14 09:60:00.000 App[4101:1200001] minute 60", false),
            ("2026-03-14 09:26:61.000 App[4101:1200001] second 61", false),
            ("2026-0:-14 09:26:53.599 App[4101:1200001] a colon where a digit belongs", false),
            ("2026-03-14 09:2/:53.599 App[4101:1200001] a slash where a digit belongs", false),
            ("2026-03-14 09:26:53. App[4101:1200001] a point without a fraction", false),
            ("2026-03-14 09:26:53.599 App msg without a bracket", false),
            ("2026-03-14 09:26:53.599 App[4101:1200001]msg", false),
            ("2026-03-14 09:26:53.599 App[4101:XYZ] a thread of other letters", false),
            ("    continuation 2026-03-14 09:26:53.599 App[4101:1200001]", false),
            ("2026-03-14", false),
        ]
        for (line, isCommon) in lines {
            let bytes = Array(line.utf8)
            var recent = CheckedLineStart()
            let shape = bytes.withUnsafeBytes { NSLogFormat.recordShape($0, recent: &recent) }
            #expect((shape != nil) == isCommon, "\(line)")
            if let shape {
                let full = bytes.withUnsafeBytes { NSLogFormat().parsePrefix($0) }.recordPrefix
                #expect(shape.process == full?.process, "\(line)")
                #expect(shape.messageStart == full?.messageStart, "\(line)")
            }
        }
    }
}

extension PrefixParse {
    /// The prefix of a line read as a record, `nil` for any other parse (shared by the format tests).
    var recordPrefix: RecordPrefix? {
        if case .record(let prefix) = self { return prefix }
        return nil
    }

}
