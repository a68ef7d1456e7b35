import Testing

@testable import CBCheckKit
@testable import LogReading

/// A device syslog has no year: the assembler places every record's time in its year as the
/// record comes (`DatelessClock`), chatter and other processes' records too, since any of them
/// may be the first after New Year. Records of the common shape are only shape-checked
/// (`DeviceSyslogFormat+Shape.swift`); their events must get exactly the time the full parse
/// of every line, placed in order by one clock, gives them.
@Suite struct DeviceSyslogClockTests {
    /// The events' lines and times when `lines` go through the assembler.
    private func assembledTimes(_ lines: [String], process: String? = nil) throws -> [Int: Timestamp] {
        let recognizer = EventRecognizer(map: try RuleLibrary.builtIn().eventMap)
        var events: [Event] = []
        let assembler = RecordAssembler(format: DeviceSyslogFormat(), process: process, recognizer: recognizer) {
            events.append($0)
        }
        for (index, line) in lines.enumerated() {
            Array(line.utf8).withUnsafeBytes {
                assembler.add($0, LineReader.LineInfo(number: index + 1, wasTruncated: false))
            }
        }
        assembler.finish(missingFinalNewline: false)
        return Dictionary(events.map { ($0.line, $0.time!) }, uniquingKeysWith: { first, _ in first })
    }

    /// Every record line's time as the full parse reads it, placed by one clock in line order.
    private func fullParseTimes(_ lines: [String]) -> [Int: Timestamp] {
        var clock = DatelessClock()
        var times: [Int: Timestamp] = [:]
        for (index, line) in lines.enumerated() {
            guard case .record(var prefix) = Array(line.utf8).withUnsafeBytes({ DeviceSyslogFormat().parsePrefix($0) })
            else { continue }
            clock.place(&prefix)
            times[index + 1] = prefix.time
        }
        return times
    }

    /// Asserts each event's time is the full parse's, and returns the events' years by line.
    private func years(_ lines: [String], process: String? = nil) throws -> [Int: Int] {
        let assembled = try assembledTimes(lines, process: process)
        let full = fullParseTimes(lines)
        #expect(!assembled.isEmpty)
        for (line, time) in assembled {
            #expect(time == full[line], "line \(line): \(lines[line - 1])")
            #expect(time.zoneOffsetSeconds == 0)
        }
        return assembled.mapValues { $0.components.year }
    }

    private static let launch =
        "iPhone Downloader[4167] <Notice>: application(_:didFinishLaunchingWithOptions:) launchOptions=nil"
    private static let active = "iPhone Downloader[4167] <Notice>: applicationDidBecomeActive(_:)"
    private static let background = "iPhone Downloader[4167] <Notice>: applicationDidEnterBackground(_:)"
    private static let chatter = "iPhone Downloader[4167] <Notice>: [HubLink] waiting for ACK"

    /// The year starts on a chatter line (line 3 of the first capture) or on an event (line 3 of
    /// the second): the events after it are in 2001 either way.
    @Test func aNewYearOnAChatterLineOrAnEventMovesTheEventsAfterIt() throws {
        let onChatter = [
            "Dec 31 23:59:57 " + Self.chatter, "Jan  1 00:00:02 " + Self.chatter, "Jan  1 00:00:04 " + Self.background,
        ]
        let onEvent = [
            "Dec 31 23:59:57 " + Self.chatter, "Jan  1 00:00:04 " + Self.background, "Jan  1 00:00:05 " + Self.chatter,
        ]
        for middle in [onChatter, onEvent] {
            let lines = ["Dec 31 23:59:50 " + Self.launch] + middle + ["Jan  2 08:00:00 " + Self.active]
            let eventLine = middle == onChatter ? 4 : 3
            #expect(try years(lines) == [1: 2000, eventLine: 2001, 5: 2001])
        }
    }

    /// Lines the shape check leaves to the full parse (`Mar 4`, a fraction, second 60) move the
    /// same clock between shape-checked ones, and a record of another process than `--process`
    /// moves it too; a day the month lacks (`Feb 31`) is no record and moves nothing.
    @Test func linesOfEveryShapeAndOtherProcessesMoveOneClock() throws {
        let lines = [
            "Dec 31 23:59:50 " + Self.launch,
            "Jan 1 00:00:01 iPhone Downloader[4167] <Notice>: an unpadded day, the full parse's",
            "Jun 30 12:00:00.5 " + Self.chatter,
            "Dec 31 23:59:60 " + Self.background,
            "Feb 31 10:00:00 " + Self.active,
            "Mar  1 10:00:00 " + Self.active,
            "Aug  1 10:00:00 " + Self.chatter,
            "Jan  1 00:00:00 iPhone Weather[5202] <Notice>: another app's chatter, after New Year",
            "Jul 15 00:00:09 " + Self.active,
        ]
        let all = try years(lines)
        // Jul 15 is only 17 days before Aug 1: in 2002 because Weather's Jan 1 started it.
        #expect(all == [1: 2000, 4: 2001, 6: 2001, 9: 2002])
        #expect(try years(lines, process: "Downloader") == all)
    }

    /// A time stamp written again is placed where it was without being read again, but only while
    /// no other time was placed: here a line the full parse reads starts a year between the two.
    @Test func aStampRepeatedAfterAnotherLineMovedTheClockIsPlacedAnew() throws {
        let lines = [
            "Dec 31 23:59:59 " + Self.launch,
            "Dec 31 23:59:59 " + Self.active,
            "Jan 1 00:00:00 iPhone Downloader[4167] <Notice>: an unpadded day, the full parse's",
            "Dec 31 23:59:59 " + Self.background,
            "Dec 31 23:59:59 " + Self.active,
        ]
        #expect(try years(lines) == [1: 2000, 2: 2000, 4: 2001, 5: 2001])
    }

    /// The New Year decision compares times placed in the year they are in, not in 2000: from Aug
    /// 29 back to Feb 28 is 182 days in a common year (no New Year) but 183 in a leap one.
    @Test func theDecisionCountsTheDaysOfTheYearTheTimesAreIn() throws {
        let lines = [
            "Dec 31 23:59:50 " + Self.launch,
            "Jan  1 00:00:01 " + Self.active,
            "Aug 29 12:00:01 " + Self.chatter,
            "Feb 28 12:00:00 " + Self.background,
            "Feb 29 12:00:00 " + Self.active,
        ]
        let placed = try assembledTimes(lines)
        #expect(try years(lines) == [1: 2000, 2: 2001, 4: 2001, 5: 2001])
        // Feb 29 of 2001 is Mar 1, a day after Feb 28.
        #expect(placed[4]!.seconds(until: placed[5]!) == 86_400)
    }

    /// A day the month never has is refused with that reason; February 29 is a day (the year is
    /// unknown), and a padded day reads as the same.
    @Test func aDayTheMonthNeverHasIsMalformedWithThatReason() {
        func parse(_ line: String) -> PrefixParse {
            Array(line.utf8).withUnsafeBytes { DeviceSyslogFormat().parsePrefix($0) }
        }
        #expect(
            parse("Feb 30 10:00:00 iPhone App[12] <Notice>: x")
                == .malformed("no such date: Feb 30 (February has at most 29 days)"))
        #expect(
            parse("Apr 31 10:00:00 iPhone App[12] <Notice>: x")
                == .malformed("no such date: Apr 31 (April has 30 days)"))
        #expect(parse("Feb 29 10:00:00 iPhone App[12] <Notice>: x").recordPrefix != nil, "Feb 29 without a year")
    }
}
