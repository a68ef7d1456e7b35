import Foundation
import TestSupport
import Testing

@testable import CBCheckKit
@testable import LogReading

/// Console.app pastes: columns told apart by what they hold, zones in every spelling, two-line
/// exports, and times without a date placed on their day.
@Suite struct ConsoleLogFormatTests {
    static let message = "applicationDidEnterBackground(_:)"

    @Test(arguments: [
        "default\t09:26:53.599000 +0800\tDownloader\t\(message)",
        "default\t09:26:53.599000+0800\tDownloader\t\(message)",
        "lifecycle\tdefault\t09:26:53.599\t+0800\tDownloader\t\(message)",
        "default\t09:26:53.599+08:00\t\(message)\tDownloader",
        "com.acme.Downloader\tdefault\t2000-01-01 09:26:53.599 +0800\t4101\t0x1b2c3\tDownloader\t\(message)",
    ])
    func columnsInAnyOrderGiveTheSameRecord(_ line: String) throws {
        let log = try ReadLog(line + "\n")
        #expect(log.stats.format == "console")
        let event = try #require(log.events.first)
        #expect(event.kind.name == "app.background")
        #expect(event.process == "Downloader")
        #expect(event.text == Self.message)
        let expected = Timestamp(
            year: 2000, month: 1, day: 1, hour: 9, minute: 26, second: 53, microsecond: 599_000, offsetSeconds: 8 * 3600
        )
        #expect(event.time == expected)
    }

    @Test func aZoneWestOfUTCIsReadWithItsSign() throws {
        let log = try ReadLog("default\t09:26:53.599 -05:00\tDownloader\t\(Self.message)\n")
        let time = try #require(log.events.first?.time)
        #expect(time.zoneOffsetSeconds == -5 * 3600)
        #expect(time.clockText == "09:26:53.599")
    }

    /// The event is placed on the message's line, the line a user looks for, not on its header.
    @Test func aTwoLineExportTakesItsMessageFromTheNextLine() throws {
        let log = try ReadLog(
            """
            Timestamp: 2026-03-14 09:26:53.599000+0800 | Process: Downloader | PID: 4101 | Thread: 0x1b2c3 | Type: Default
            \(Self.message)
            Timestamp: 2026-03-14 09:26:54.000000+0800 | Process: Downloader | PID: 4101 | Thread: 0x1b2c3 | Type: Default
            [Cache] pruned 3 files

            """)
        #expect(log.kinds == ["app.background@2"])
        #expect(log.events.first?.text == Self.message)
        #expect(log.events.first?.pid == 4101)
        #expect(log.events.first?.thread == "111299")
        #expect((log.stats.events, log.stats.chatter, log.stats.continuations) == (1, 1, 2))
    }

    @Test func timesWithoutADateCrossMidnightIntoTheNextDay() throws {
        let log = try ReadLog(
            """
            default\t23:59:58.000\tDownloader\tapplicationDidEnterBackground(_:)
            default\t00:00:01.500\tDownloader\tapplicationWillEnterForeground(_:)

            """)
        let times = log.events.compactMap(\.time)
        #expect(times.count == 2)
        #expect(times[0].seconds(until: times[1]) == 3.5)
        #expect(log.stats.eventsEarlierThanThePrevious == 0)
    }

    @Test func aSmallerStepBackIsAClockChangeNotedOnceWithItsLine() throws {
        let text = """
            default\t09:00:00.000\tDownloader\tapplicationDidEnterBackground(_:)
            default\t08:00:00.000\tDownloader\tapplicationWillEnterForeground(_:)
            default\t07:30:00.000\tDownloader\tapplicationDidBecomeActive(_:)

            """
        let log = try ReadLog(text)
        #expect(log.kinds == ["app.background@1", "app.foreground@2", "app.active@3"])
        #expect(log.stats.eventsEarlierThanThePrevious == 2)
        #expect(log.stats.clockWentBack?.line == 2)
        let output = try TestSupport.run([try TestSupport.temporaryFile(text)])
        let notes = output.stderr.components(separatedBy: "\n").filter { $0.contains("the clock goes back") }
        #expect(notes.count == 1)
        #expect(
            notes.first?.hasSuffix(
                ":2: note: the clock goes back at line 2 (09:00:00.000 then 08:00:00.000) and 1 more time; order is taken from the lines, and a time limit is not judged across the jump"
            ) == true)
    }

    @Test func aLineWithTabsButNoTimeColumnIsNoRecord() {
        let parsed = Array("count\t3\tfiles".utf8).withUnsafeBytes { ConsoleLogFormat().parsePrefix($0) }
        #expect(parsed == .continuation)
    }
}
