import Foundation
import TestSupport
import Testing

@testable import CBCheckKit

/// `cbcheck trace` streams: a run's header comes when the run starts, its rows as they are read,
/// its footer (how it ended, its scenario, sessions and tasks) when it ends, and what it holds per
/// run is bounded.
@Suite struct TracePrinterTests {
    /// The trace of `text`, and the number of writes made before the first run ended.
    private func trace(_ text: String) throws -> (text: String, writesBeforeFirstEnd: Int) {
        var written = ""
        var writes = 0
        var writesBeforeFirstEnd: Int?
        let printer = TracePrinter { chunk in
            written += chunk
            writes += 1
        }
        let checker = LogChecker(library: RuleLibrary.withoutRules(try RuleLibrary.builtIn()))
        _ = try checker.check(
            path: try TestSupport.temporaryFile(text), onEvent: printer.add,
            onRunEnd: { run, verdict in
                if writesBeforeFirstEnd == nil { writesBeforeFirstEnd = writes }
                printer.end(run, scenario: verdict)
            }, onFinding: { _ in })
        printer.flush()
        return (written, writesBeforeFirstEnd ?? 0)
    }

    private static func line(_ second: Int, _ pid: Int, _ message: String) -> String {
        "2026-03-14 09:26:\(second < 10 ? "0" : "")\(second).000 Downloader[\(pid):\(pid)01] \(message)\n"
    }

    @Test func theHeaderComesFirstAndTheFooterSaysHowTheRunEnded() throws {
        let log =
            Self.line(1, 41, "application(_:didFinishLaunchingWithOptions:) launchOptions=nil")
            + Self.line(2, 41, "application(_:handleEventsForBackgroundURLSession:completionHandler:) com.acme.bg")
            + Self.line(3, 41, "urlSession(_:task:didCompleteWithError:) session=com.acme.bg task=4 error=nil")
            + Self.line(4, 52, "application(_:didFinishLaunchingWithOptions:) launchOptions=nil")
        let output = try trace(log).text
        let expected = """
            run 1 · Downloader pid 41 · from line 1
              line   time          thread    state       event
              1      09:26:01.000  main      unknown     app.launch
              2      09:26:02.000  main      unknown     app.handleEvents  identifier=com.acme.bg
              3      09:26:03.000  main      background  task.complete  error=nil identifier=com.acme.bg task=4
              4      -             -         background  run.end  — next run began (pid 52 began)
              end of run 1 · lines 1–3 · main thread 4101 · ended: next run began (pid 52 began) (line 4)
            """
        #expect(output.hasPrefix(expected + "\n  scenario: "))
        #expect(
            output.contains(
                "\n  sessions: com.acme.bg (never created in this run)\n  task com.acme.bg #4: complete@3\n\n"))
        #expect(
            output.hasSuffix(
                """
                run 2 · Downloader pid 52 · from line 4
                  line   time          thread    state       event
                  4      09:26:04.000  main      unknown     app.launch
                  4      -             -         unknown     log.end  — the log ends here
                  end of run 2 · lines 4–4 · main thread 5201 · still running when the log ends
                  scenario: none; closest: launched-in-background (seed 000 §1), departs after line 4: no app.handleEvents


                """))
    }

    @Test func aRowOfAnotherRunNamesItsRun() throws {
        let log =
            Self.line(1, 41, "application(_:didFinishLaunchingWithOptions:) launchOptions=nil")
            + "2026-03-14 09:26:02.000 Weather[77:7701] application(_:didFinishLaunchingWithOptions:) launchOptions=nil\n"
            + Self.line(3, 41, "applicationDidBecomeActive(_:)")
        let output = try trace(log).text
        #expect(output.contains("\nrun 2 · Weather pid 77 · from line 2\n"))
        #expect(output.contains("\nrun 1 · Downloader pid 41 (continued)\n  3      09:26:03.000  main "))
    }

    /// Thousands of tasks: rows are written while the run is still open, and the footer lists the
    /// first 64 tasks and counts the rest's events.
    @Test func aRunWithManyTasksIsWrittenAsItGoesAndSummarizedInBoundedSpace() throws {
        var log = Self.line(0, 41, "application(_:didFinishLaunchingWithOptions:) launchOptions=nil")
        for task in 1...3000 {
            log += Self.line(
                1, 41, "urlSession(_:task:didCompleteWithError:) session=com.acme.bg task=\(task) error=nil")
        }
        let (output, writesBeforeEnd) = try trace(log)
        #expect(writesBeforeEnd > 1)
        #expect(
            output.contains(
                "\n  task com.acme.bg #64: complete@65\n  tasks after the first 64: 2936 events (in the rows above)\n"))
        #expect(!output.contains("task com.acme.bg #65:"))
        #expect(
            output.contains(
                "\n  3001   09:26:01.000  main      unknown     task.complete  error=nil identifier=com.acme.bg task=3000\n"
            ))
    }

    @Test func aTaskWithManyEventsListsTheFirstOnes() {
        var summary = TraceRunSummary()
        for line in 1...30 {
            summary.add(
                Event(kind: .taskFinishDownload, attributes: [.identifier: "s", .task: "1"], line: line, text: ""))
        }
        let steps = (1...24).map { "finishDownload@\($0)" }.joined(separator: " → ")
        #expect(summary.rendered == "  sessions: s (never created in this run)\n  task s #1: \(steps) → … 6 more\n")
    }
}
