import Foundation
import TestSupport
import Testing

@testable import CBCheckKit
@testable import LogReading

/// Xcode's console showing `print`: no prefix at all, order only; rules that need a time or a
/// thread are named as not checkable instead of passing in silence.
@Suite struct PlainLogTests {
    static let prints = """
        application(_:didFinishLaunchingWithOptions:) launchOptions=nil
        application(_:handleEventsForBackgroundURLSession:completionHandler:) com.acme.Downloader.bg
        saved completion handler for com.acme.Downloader.bg
        applicationDidEnterBackground(_:)
        urlSessionDidFinishEvents(forBackgroundURLSession:) com.acme.Downloader.bg
            extra detail, indented
        calling completion handler for com.acme.Downloader.bg

        """

    @Test func aFileWithNoPrefixIsReadAsPlainLinesInOrder() throws {
        let log = try ReadLog(Self.prints)
        #expect(log.stats.format == "plain")
        #expect(log.stats.formatDetectedAtLine == 1)
        #expect(
            log.kinds == [
                "app.launch@1", "app.handleEvents@2", "app.handler.stored@3", "app.background@4",
                "session.finishEvents@5", "app.handler.called@7",
            ])
        #expect(log.events.allSatisfy { $0.time == nil && $0.thread == nil && $0.pid == nil && $0.process == nil })
        #expect(log.stats.continuations == 1)
        #expect(log.stats.accountedFor == log.stats.lines)
    }

    @Test func xctestActivityLinesAreStepsOfTheirOwnNotContinuations() throws {
        let log = try ReadLog(
            """
            Test Case '-[UploadUITests testUpload]' started.
                t =     2.31s Tap "Upload" Button
                t =     3.90s Terminate com.example.upload-check:2530
                tail of a dump, indented

            """)
        #expect(log.kinds == ["app.forceQuit@3"])
        #expect(log.events.first?.column == 5)
        #expect(log.stats.continuations == 1 && log.stats.chatter == 2)
    }

    @Test func rulesNeedingTimeOrThreadsAreNamedAsNotCheckable() throws {
        let output = try TestSupport.run([try TestSupport.temporaryFile(Self.prints)])
        #expect(output.status == 0)
        #expect(
            output.stderr.contains(
                "note: not checkable in this log (format plain): CB503 (the log has no time stamps), CB104 (the log names no threads)"
            ))
        let nslog = try TestSupport.run(["Fixtures/relaunch/cb101-handler-called-early.log"])
        #expect(!nslog.stderr.contains("not checkable"))
    }

    @Test func printLinesBeforeTheFirstNSLogLineStandBeforeAnyRecord() throws {
        let log = try ReadLog(
            "Syncing files to device iPhone...\n"
                + "2026-03-14 09:26:51.102 Downloader[4101:1200001] applicationDidEnterBackground(_:)\n"
                + "printed after: continues the NSLog record\n")
        #expect(log.stats.format == "nslog")
        #expect(log.stats.unparseable == 1)
        #expect(log.stats.continuations == 1)
        #expect(log.kinds == ["app.background@2"])
    }

    @Test func anNSLogLineLateInAPlainFileIsReadAsNSLog() throws {
        let filler = (1...RecordAssembler.plainDetectionLines).map { "print line \($0)\n" }.joined()
        let log = try ReadLog(
            filler + "2026-03-14 09:26:51.102 Downloader[4101:1200001] applicationDidEnterBackground(_:)\n"
                + "2026-03-14 09:26 broken\n")
        #expect(log.stats.format == "plain")
        #expect(log.stats.recordsInOtherFormats == ["nslog": 1])
        #expect(log.events.first?.process == "Downloader")
        #expect(log.stats.unparseable == 1)
        #expect(log.stats.chatter == RecordAssembler.plainDetectionLines)
    }

    @Test func forcingPlainReadsEveryLineAsIs() throws {
        let log = try ReadLog(
            "2026-03-14 09:26:51.102 Downloader[4101:1200001] applicationDidEnterBackground(_:)\n",
            format: PlainLogFormat())
        #expect(log.events.first?.time == nil)
        #expect(log.events.first?.process == nil)
    }
}
