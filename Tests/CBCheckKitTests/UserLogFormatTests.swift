import Diagnostics
import Foundation
import LogReading
import TestSupport
import Testing

@testable import CBCheckKit

/// Line formats of the user's own (`.cbformat`): how a log in one is read, and what a mistake in
/// the file says.
@Suite struct UserLogFormatTests {
    static let acme = """
        # ACME's logger
        format acme
          about ACME's in-house logger
          match /^(?<time>\\d{4}-\\d\\d-\\d\\dT\\S+) \\[(?<thread>[^\\]]+)\\] (?<process>\\w+)\\((?<pid>\\d+)\\) (?<message>.*)$/
        format acme-short
          match /^(?<time>\\d\\d:\\d\\d:\\d\\d\\.\\d+) (?<body>.*)$/
        """

    private func library(_ text: String = Self.acme) throws -> RuleLibrary {
        var library = try RuleLibrary.builtIn()
        try library.addLineFormats(named: "acme.cbformat", text: text)
        return library
    }

    @Test func aLogInTheFormatIsReadWithItsFields() throws {
        let log = try ReadLog(
            """
            2026-03-14T09:26:51.140+01:00 [main] Downloader(4101) application(_:handleEventsForBackgroundURLSession:completionHandler:) com.acme.bg
            2026-03-14T09:26:51.377Z [0x1b2c3] Downloader(4101) urlSession(_:downloadTask:didFinishDownloadingTo:) task=1
            Error Domain=NSCocoaErrorDomain Code=4
            2026-03-14T09:26:51.561Z [main] Downloader(4101) urlSessionDidFinishEvents(forBackgroundURLSession:) com.acme.bg

            """, library: try library())
        #expect(log.stats.format == "acme")
        #expect(log.kinds == ["app.handleEvents@1", "task.finishDownload@2", "session.finishEvents@4"])
        #expect(log.stats.continuations == 1)
        let first = try #require(log.events.first)
        #expect(first.pid == 4101)
        #expect(first.thread == "main")
        #expect(first.time?.zoneOffsetSeconds == 3600)
        #expect(first.time?.clockText == "09:26:51.140")
        #expect(log.events[1].thread == "111299")
        #expect(
            [Array("0X1B2C3".utf8), Array("0x1b2c3".utf8), Array("main".utf8), Array("0x12g".utf8)].map {
                $0.withUnsafeBytes(ByteCursor.hexNumber)
            } == [111299, 111299, nil, nil])
        #expect(log.events[1].column == 53)
    }

    @Test func aClockWithoutADateIsPlacedOnItsDayAndLnavsGroupNamesAreTaken() throws {
        let log = try ReadLog(
            """
            23:59:59.900 application(_:handleEventsForBackgroundURLSession:completionHandler:) com.acme.bg
            00:00:00.100 urlSessionDidFinishEvents(forBackgroundURLSession:) com.acme.bg

            """, library: try library())
        #expect(log.stats.format == "acme-short")
        #expect(log.kinds == ["app.handleEvents@1", "session.finishEvents@2"])
        let (first, second) = (try #require(log.events[0].time), try #require(log.events[1].time))
        #expect(first.seconds(until: second) == 0.2)
    }

    @Test func aTimeOfNoKnownShapeIsUnreadableWithTheReason() throws {
        let log = try ReadLog(
            "2026-03-14Tnoon [main] Downloader(4101) urlSessionDidFinishEvents(forBackgroundURLSession:) x\n",
            library: try library())
        #expect(log.events.isEmpty)
        #expect(log.stats.unparseable == 1)
        let reason = try #require(log.stats.unparseableExamples.first?.1)
        #expect(reason.contains("format acme (acme.cbformat:2:8): the time '2026-03-14Tnoon' is in no shape"))
    }

    @Test(arguments: [
        ("2026-03-14 09:26:53.599", 1_773_480_413_599_000 as Int64, 0, false),
        ("2026/03/14 09:26:53:599", 1_773_480_413_599_000, 0, false),
        ("2026-03-14T09:26:53.599Z", 1_773_480_413_599_000, 0, false),
        ("2026-03-14T10:26:53.599+01:00", 1_773_480_413_599_000, 3600, false),
        ("2026-03-14 04:26:53 -0500", 1_773_480_413_000_000, -18000, false),
        ("1773480413.599", 1_773_480_413_599_000, 0, false),
        ("1773480413599", 1_773_480_413_599_000, 0, false),
        ("09:26:53.5", 946_718_813_500_000, 0, true),
    ])
    func fieldTimesInTheShapesLoggersPrint(text: String, microseconds: Int64, zone: Int, isDateless: Bool) throws {
        let read = try #require(Array(text.utf8).withUnsafeBytes { FieldTime.read($0) }, "\(text)")
        #expect(read.time.microseconds == microseconds, "\(text)")
        #expect(read.time.zoneOffsetSeconds == zone)
        #expect(read.isDateless == isDateless)
    }

    @Test(arguments: ["noon", "2026-13-01 00:00:00", "2026-03-14", "09:26", "12345", "2026-03-14 09:26:53 and more"])
    func otherTimeTextIsNoTime(text: String) {
        #expect(Array(text.utf8).withUnsafeBytes { FieldTime.read($0) } == nil, "\(text)")
    }

    @Test(arguments: [
        (
            "format acme\n  match /^(?<time>\\S+) (?<mesage>.*)$/\n",
            "acme.cbformat:2:27: error: the pattern has no (?<message>…) group",
            "hint: 'mesage' is close: did you mean 'message'?"
        ),
        (
            "format nslog\n  match /^(?<message>.*)$/\n",
            "acme.cbformat:1:8: error: format name 'nslog' is already taken by a built-in format",
            "hint: give it another name"
        ),
        ("fromat acme\n", "acme.cbformat:1:1: error: unknown keyword 'fromat'", "hint: did you mean 'format'?"),
        (
            "format acme\n  match /^(?<message>.*$/\n",
            "acme.cbformat:2:25: error: bad pattern: missing closing parenthesis", ""
        ),
        ("format acme\n  about x\n", "acme.cbformat:1:8: error: format 'acme' has no 'match' line", "hint: add a line"),
        ("  match /(?<message>.*)/\n", "acme.cbformat:1:3: error: 'match' before any 'format' line", ""),
        ("format Acme\n", "acme.cbformat:1:8: error: format name 'Acme' must start with a lowercase letter", ""),
        (
            "format a\n  match /(?<message>.*)/\nformat a\n",
            "acme.cbformat:3:8: error: format name 'a' is already taken",
            ""
        ),
    ])
    func mistakesInAFormatFileAreCompilerStyleErrors(text: String, header: String, hint: String) throws {
        let diagnostic = capturedDiagnostic { () throws(Diagnostic) in
            try LineFormatParser(file: "acme.cbformat", text: text).parse()
        }
        let printed = try #require(diagnostic).description
        #expect(printed.hasPrefix(header), "\(printed)")
        #expect(hint.isEmpty || printed.contains(hint), "\(printed)")
        #expect(printed.contains("^"), "\(printed)")
    }

    @Test func aFileWithNoFormatIsAnError() throws {
        for text in ["", "# only a comment\n"] {
            let empty = try #require(
                capturedDiagnostic { () throws(Diagnostic) in
                    try LineFormatParser(file: "x.cbformat", text: text).parse()
                })
            #expect(empty.description.hasPrefix("cbcheck: error: x.cbformat: defines no line format"))
        }
    }

    @Test func logFormatNamesTheUsersFormatsAndSuggestsTheClosest() throws {
        let library = try library()
        #expect(try library.logFormat(named: "acme").identifier == "acme")
        #expect(try library.logFormat(named: "nslog").identifier == "nslog")
        let unknown = try #require(capturedDiagnostic { () throws(Diagnostic) in try library.logFormat(named: "acm") })
        #expect(
            unknown.description
                == "cbcheck: error: unknown log format 'acm' for --log-format\n  hint: did you mean 'acme'?")
    }
}
