import Foundation
import TestSupport
import Testing

@testable import CBCheckKit
@testable import LogReading

/// Each format reads its own documented line shape, and detection picks the right one.
@Suite struct LogFormatTests {
    /// A record's fields as text.
    struct Fields: Equatable {
        var process: String
        var pid: Int?
        var thread: UInt64?
        var sender: String?
        var message: String
    }

    private func read(_ format: any LogFormat, _ line: String) throws -> Fields {
        var scratch: [UInt8] = []
        let bytes = Array(line.utf8)
        let parsed = bytes.withUnsafeBytes { format.parse($0, scratch: &scratch) }
        guard case .record(let prefix) = parsed else {
            Issue.record("not a record: \(parsed)")
            throw CancellationError()
        }
        let source = prefix.isDecoded ? scratch : bytes
        func text(_ range: Range<Int>) -> String { String(decoding: source[range], as: UTF8.self) }
        return Fields(
            process: text(prefix.process), pid: prefix.pid, thread: prefix.threadNumber,
            sender: prefix.sender.map(text),
            message: text(prefix.messageStart..<source.count))
    }

    @Test func readsTheUnifiedLogDefaultStyle() throws {
        let line =
            "2026-03-14 09:26:53.599000+0800 0x1b2c3  Default  0x0  4101  0  Downloader: (CFNetwork) [com.apple.CFNetwork:Summary] Task <A>.<3> resuming"
        #expect(
            try read(UnifiedLogFormat(), line)
                == Fields(
                    process: "Downloader", pid: 4101, thread: 0x1b2c3, sender: "CFNetwork",
                    message: "Task <A>.<3> resuming"))
        let noLibrary = "2026-03-14 09:26:53.599000+0800 0x1b2c3  Error  0x0  4101  0  My App: [DownloadManager] done"
        #expect(try read(UnifiedLogFormat(), noLibrary).message == "[DownloadManager] done")
        #expect(try read(UnifiedLogFormat(), noLibrary).process == "My App")
    }

    @Test func readsTheCompactStyle() throws {
        let line = "2026-03-14 09:26:53.599 Df Downloader[4101:1b2c3] [com.acme:transfer] moved the file"
        #expect(
            try read(CompactLogFormat(), line)
                == Fields(process: "Downloader", pid: 4101, thread: 0x1b2c3, sender: nil, message: "moved the file"))
    }

    @Test func readsTheUnifiedLogSyslogStyle() throws {
        let line =
            "2026-03-14 09:26:53.599000+0800  localhost My App[4101]: (CFNetwork) [com.apple.CFNetwork:Summary] Task <A>.<3> resuming"
        #expect(
            try read(UnifiedSyslogLogFormat(), line)
                == Fields(
                    process: "My App", pid: 4101, thread: nil, sender: "CFNetwork", message: "Task <A>.<3> resuming"))
        #expect(try read(UnifiedSyslogLogFormat(), "2026-03-14 09:26:53.599000+0800  localhost kernel[0]: x").pid == 0)
    }

    @Test func readsADeviceSyslogWithAndWithoutADeviceName() throws {
        let line =
            "Mar 14 09:26:53 Anna's iPhone Downloader(CFNetwork)[4101] <Notice>: Task <A>.<1> finished successfully"
        #expect(
            try read(DeviceSyslogFormat(), line)
                == Fields(
                    process: "Downloader", pid: 4101, thread: nil, sender: "CFNetwork",
                    message: "Task <A>.<1> finished successfully"))
        #expect(try read(DeviceSyslogFormat(), "Oct 11 09:21:10 App(CFNetwork)[2146] <Error>: x").process == "App")
        #expect(try read(DeviceSyslogFormat(), "Mar  4 09:21:10 iPhone App[2146] <Notice>: x").pid == 2146)
    }

    /// Xcode's Organizer console: the weekday first; a page that dropped the `<Warning>` tags left
    /// a space before the colon; launchd's job label after its pid.
    @Test func readsTheOrganizersDeviceConsole() throws {
        let line = "Thu Nov 25 11:30:02 Annas-iPhone SpringBoard[1557] : BT[4821] has active assertions"
        #expect(
            try read(DeviceSyslogFormat(), line)
                == Fields(
                    process: "SpringBoard", pid: 1557, thread: nil, sender: nil,
                    message: "BT[4821] has active assertions"))
        let launchd =
            "Thu Nov 25 11:30:02 iPhone com.apple.launchd[1] (UIKitApplication:jp.co.BT[0xc343][4821]) : Exited: Killed"
        #expect(try read(DeviceSyslogFormat(), launchd).message == "Exited: Killed")
        #expect(try read(DeviceSyslogFormat(), launchd).process == "com.apple.launchd")
    }

    @Test func readsNDJSONWithEscapesAndNestedMembers() throws {
        let line =
            #"{"backtrace":{"frames":[{"imageOffset":1,"x":"]}"}]},"eventMessage":"line one\nsaid \"hi\" \u00e9 \ud83d\ude00","processImagePath":"\/private\/var\/Downloader.app\/Downloader","senderImagePath":"\/System\/CFNetwork","processID":4101,"threadID":111299,"timestamp":"2026-03-14 09:26:53.599000+0800"}"#
        #expect(
            try read(NDJSONLogFormat(), line)
                == Fields(
                    process: "Downloader", pid: 4101, thread: 111_299, sender: "CFNetwork",
                    message: "line one\nsaid \"hi\" é 😀"))
    }

    @Test func aBrokenJSONObjectIsUnparseableWithTheReason() {
        let parsed = Array(#"{"eventMessage":"cut"#.utf8).withUnsafeBytes { NDJSONLogFormat().parsePrefix($0) }
        #expect(parsed == .malformed("a JSON object that breaks off (ndjson has one event per line)"))
    }

    /// `{(` opens SpringBoard's printed set of assertions and `{ code = 3; }` a dictionary's
    /// description: no JSON, so no JSON that breaks off, but a line of the record before.
    @Test func braceLinesThatAreNoJSONAreContinuations() {
        for text in ["{(", "{ code = 3; }", "{ (null) }"] {
            let parsed = Array(text.utf8).withUnsafeBytes { NDJSONLogFormat().parsePrefix($0) }
            #expect(parsed == .continuation, "\(text)")
        }
    }

    @Test(arguments: [
        ("Filtering the log data using \"process == \\\"Downloader\\\"\"", true),
        ("Timestamp                       Thread     Type        Activity             PID    TTL  ", true),
        ("Timestamp               Ty Process[PID:TID]", true),
        ("--------------------------------------------------------", true),
        ("Log      - Default:         42, Info:                0, Debug:             0", true),
        ("[connected:00008120-001A2B3C4D5E601E]", true),
        ("[DownloadManager] not a header", false),
        ("Task <A>.<1> resuming", false),
    ])
    func recognizesTheToolsHeaders(_ line: String, _ isHeader: Bool) {
        #expect(Array(line.utf8).withUnsafeBytes { LogHeader.isHeader($0) } == isHeader)
    }

    @Test func detectionTakesTheFirstFormatThatReadsARecord() {
        var scratch: [UInt8] = []
        func detect(_ line: String) -> String? {
            Array(line.utf8).withUnsafeBytes {
                LogFormats.reading($0, except: nil, scratch: &scratch)?.format.identifier
            }
        }
        #expect(detect("2026-03-14 09:26:53.599 Df Downloader[4101:1b2c3] msg") == "compact")
        #expect(detect("2026-03-14 09:26:53.599 Downloader[4101:1200001] msg") == "nslog")
        #expect(detect("2026-03-14 09:26:53.599000+0800 0x1b2c3  Default  0x0  4101  0  Downloader: msg") == "unified")
        #expect(detect(#"{"eventMessage":"m","processID":1}"#) == "ndjson")
        #expect(detect("Mar 14 09:26:53 iPhone Downloader[4101] <Notice>: msg") == "syslog")
        #expect(detect("2026-03-14 09:26:53.599000+0800  localhost Downloader[4101]: msg") == "unified-syslog")
        #expect(detect("default\t09:26:53.599000 +0800\tDownloader\tmsg") == "console")
        #expect(detect("09:26:53.599 💙 INFO Type.method():73 - msg") == "applogger")
        #expect(detect("    count = 20;") == nil)
    }

    @Test func statsNameTheFormatAndCountHeadersAndDaemons() throws {
        let output = try TestSupport.run(["Fixtures/formats/seed000-1-unified.log", "--stats"])
        #expect(output.status == 0)
        #expect(output.stderr.contains("seed000-1-unified.log: 64 lines, format unified (detected at line 17)"))
        #expect(output.stderr.contains("  header                6\n"))
        #expect(output.stderr.contains("  excluded              2  (other processes, system daemons)"))
        #expect(output.stderr.contains("  unparseable           0\n"))
    }

    @Test func forcingAFormatReadsEveryLineInIt() throws {
        let output = try TestSupport.run(
            ["Fixtures/formats/seed000-1-unified.log", "--stats", "--log-format", "nslog"])
        #expect(output.stderr.contains("format nslog (--log-format)"))
        #expect(output.stderr.contains("  events                0"))
        let unknown = try TestSupport.run(["Fixtures/formats/seed000-1-unified.log", "--log-format", "xml"])
        #expect(unknown.status == 2)
    }

    @Test func processKeepsOneAppOfAMixedLog() throws {
        let log = try TestSupport.temporaryFile(
            """
            2026-03-14 09:26:51.102 Downloader[4101:1200001] application(_:didFinishLaunchingWithOptions:) launchOptions=nil
            2026-03-14 09:26:51.110 Weather[5202:1300001] application(_:didFinishLaunchingWithOptions:) launchOptions=nil
            2026-03-14 09:26:51.140 Weather[5202:1300001] application(_:handleEventsForBackgroundURLSession:completionHandler:) com.example.weather
            2026-03-14 09:26:51.141 Downloader[4101:1200001] applicationDidBecomeActive(_:)

            """)
        let both = try TestSupport.run(["trace", log])
        #expect(both.stdout.contains("run 2 · Weather pid 5202"))
        let one = try TestSupport.run(["trace", log, "--process", "Downloader"])
        #expect(one.status == 0)
        #expect(!one.stdout.contains("Weather"))
        #expect(one.stdout.contains("app.active"))
        let stats = try TestSupport.run([log, "--stats", "--process", "Downloader"])
        #expect(stats.stderr.contains("  excluded              2"))
    }

    /// The assembler's shortcut for the ends of dumps must never hide a record or a header: every
    /// format reads these lines as continuations, and the lines it does not take go the long way.
    @Test func aLineSurelyContinuingIsNoFormatsRecordOrBrokenPrefix() {
        let surely = ["}", "})", "]", ") 2026-03-14 09:26:53.599 App[4101:1200001] msg", "} Dec 31 23:59:58 App[1]"]
        let notSure = [
            "}\t09:26:53.599\tApp\tmsg", "{\"a\": 1}", "[info][tid:main] msg", "-----", "Timestamp: x", "x }", "",
        ]
        var scratch: [UInt8] = []
        for line in surely {
            Array(line.utf8).withUnsafeBytes { bytes in
                #expect(LogFormats.isSurelyContinuation(bytes), "\(line)")
                #expect(LogFormats.reading(bytes, except: nil, scratch: &scratch) == nil, "\(line)")
                #expect(LogFormats.brokenPrefix(bytes, scratch: &scratch) == nil, "\(line)")
                #expect(!LogHeader.isHeader(bytes), "\(line)")
            }
        }
        for line in notSure {
            #expect(!Array(line.utf8).withUnsafeBytes(LogFormats.isSurelyContinuation), "\(line)")
        }
    }
}
