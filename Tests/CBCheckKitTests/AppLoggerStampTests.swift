import Foundation
import TestSupport
import Testing

@testable import CBCheckKit
@testable import LogReading

/// App loggers' wrappers, inside a prefix or alone: the event map sees the app's own message.
@Suite struct AppLoggerStampTests {
    static let message = "applicationDidEnterBackground(_:)"

    @Test(arguments: [
        ("2026-03-14 09:26:53.599 Runner[4101:1200001] flutter: \(message)", "nslog"),
        ("2026-03-14 09:26:53.599 App[4101:1200001] [info][tid:main][AppDelegate.m:42] \(message)", "nslog"),
        ("2026-03-14 09:26:53.599 App[4101:1200001] 09:26:53.599 💙 INFO AppDelegate.enter():73 - \(message)", "nslog"),
        ("2026-03-14 09:26:53:599 App[4101:1200001] \(message)", "nslog"),
        ("09:26:53.599 💚 DEBUG AppDelegate.enter():73 - \(message)", "applogger"),
        ("[info][tid:com.facebook.react.JavaScript][RCTLog.m:362] \(message)", "applogger"),
        ("2026/03/14 09:26:53:599  \(message)", "applogger"),
        ("2026-03-14T09:26:53.599Z \(message)", "applogger"),
        ("2026-03-14T10:26:53.599+01:00 \(message)", "applogger"),
        ("flutter: \(message)", "plain"),
    ])
    func theMessageIsTheAppsOwn(_ line: String, _ format: String) throws {
        let log = try ReadLog(line + "\n")
        #expect(log.stats.format == format)
        let event = try #require(log.events.first)
        #expect(event.kind.name == "app.background")
        #expect(event.text == Self.message)
        #expect(event.column == line.utf8.count - Self.message.utf8.count + 1)
    }

    @Test func cocoaLumberjacksColonBeforeTheMillisecondsIsAFraction() throws {
        let log = try ReadLog("2026-03-14 09:26:53:599 App[4101:1200001] \(Self.message)\n")
        #expect(log.events.first?.time?.clockText == "09:26:53.599")
    }

    /// ISO 8601 stamps were "a date without a complete time" (NSLog's reason) and the whole file
    /// unreadable: they are a stamp and the message, with the zone they give.
    @Test func anISOStampIsReadWithItsZone() throws {
        let log = try ReadLog(
            "2026-03-14T10:26:53.599+01:00 \(Self.message)\n2026-03-14T09:26:54Z applicationWillEnterForeground(_:)\n")
        #expect(log.kinds == ["app.background@1", "app.foreground@2"])
        #expect(log.stats.unparseable == 0)
        let (first, second) = (try #require(log.events.first?.time), try #require(log.events.last?.time))
        #expect(first.clockText == "10:26:53.599")
        #expect(first.zoneOffsetSeconds == 3600)
        #expect(first.seconds(until: second) == 0.401)
    }

    @Test func reactNativeNamesItsThread() throws {
        let log = try ReadLog("[info][tid:com.facebook.react.JavaScript][RCTLog.m:362] \(Self.message)\n")
        #expect(log.events.first?.thread == "com.facebook.react.JavaScript")
    }

    @Test(arguments: [
        "[DownloadManager] \(message)", "[info] \(message)", "12 files: \(message)", "flutter \(message)",
    ])
    func lookalikesAreLeftAlone(_ message: String) {
        let start = Array(message.utf8).withUnsafeBytes { AppLoggerStamp.messageStart(in: $0, from: 0) }
        #expect(start == 0)
    }
}
