import Foundation
import TestSupport
import Testing

@testable import CBCheckKit

/// Completed task slices are set aside to keep memory flat, and brought back unchanged when a
/// later message names their task: no verdict may depend on it.
@Suite struct SliceRetirementTests {
    private func check(_ log: String, retention: SliceRetirement.Limits) throws -> (findings: [Finding], LineStats) {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("retire-\(UUID().uuidString).log")
        try log.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        var checker = LogChecker(library: try RuleLibrary.builtIn())
        checker.retention = retention
        var findings: [Finding] = []
        let result = try checker.check(path: url.path) { findings.append($0) }
        return (findings, result.stats)
    }

    /// A run with `count` downloads, each created, finished and completed, then `tail`.
    private func log(tasks count: Int, then tail: [String] = []) -> String {
        let prefix = "2026-03-15 12:00:00.000 Downloader[4655:1324931] "
        var lines = [
            "application(_:didFinishLaunchingWithOptions:) launchOptions=nil",
            "backgroundSessionConfigurationWithIdentifier: com.acme.bg",
        ]
        for task in 1...count {
            lines += [
                "[DownloadManager] downloadTask(with:) session=com.acme.bg -> task=\(task)",
                "urlSession(_:downloadTask:didFinishDownloadingTo:) session=com.acme.bg task=\(task) "
                    + "location=file:///tmp/CFNetworkDownload_\(task).tmp",
                "urlSession(_:task:didCompleteWithError:) session=com.acme.bg task=\(task) error=nil status=200",
            ]
        }
        return (lines + tail).map { prefix + $0 + "\n" }.joined()
    }

    private func summary(_ findings: [Finding]) -> [String] {
        findings.map { "\($0.ruleID) \($0.location.line) \($0.verdict)" }
    }

    @Test func aSecondCompletionLongAfterTheFirstIsStillCaught() throws {
        let late = [
            "urlSession(_:task:didCompleteWithError:) session=com.acme.bg task=1 error=nil status=200",
            "urlSession(_:downloadTask:didWriteData:totalBytesWritten:totalBytesExpectedToWrite:) session=com.acme.bg "
                + "task=2 totalBytesWritten: 10 totalBytesExpectedToWrite: 20",
        ]
        let text = log(tasks: 50, then: late)
        let whole = try check(text, retention: .standard)
        let retired = try check(text, retention: SliceRetirement.Limits(whole: 2, remembered: 1000))
        #expect(summary(whole.findings) == ["CB202 153 violated", "CB203 154 violated"])
        #expect(summary(retired.findings) == summary(whole.findings))
        #expect(retired.1.slicesRetired == 49)
        #expect(retired.1.slicesRevived == 2)
        #expect(retired.1.slicesForgotten == 0)
        // The evidence of a revived slice names where it was set aside.
        let detail = try #require(retired.findings.last?.detail)
        #expect(detail == "task.progress came after task.complete (line 8)")
        #expect(whole.1.slicesRetired == 0)
    }

    /// Tasks created and resumed that have not completed are set aside too once `open` newer task
    /// slices were made, when owed nothing; their later messages bring them back, and every
    /// verdict (here a finish without a completion's order broken, then a second completion) is
    /// the one the whole slices give.
    @Test func openTaskSlicesAreSetAsideAndBroughtBackUnchanged() throws {
        let prefix = "2026-03-15 12:00:00.000 Downloader[4655:1324931] "
        var lines = [
            "application(_:didFinishLaunchingWithOptions:) launchOptions=nil",
            "backgroundSessionConfigurationWithIdentifier: com.acme.bg",
        ]
        for task in 1...30 { lines.append("[DownloadManager] downloadTask(with:) session=com.acme.bg -> task=\(task)") }
        for task in 1...30 {
            lines += [
                "urlSession(_:downloadTask:didFinishDownloadingTo:) session=com.acme.bg task=\(task) "
                    + "location=file:///tmp/CFNetworkDownload_\(task).tmp",
                "urlSession(_:task:didCompleteWithError:) session=com.acme.bg task=\(task) error=nil status=200",
            ]
        }
        lines.append("urlSession(_:task:didCompleteWithError:) session=com.acme.bg task=3 error=nil status=200")
        let text = lines.map { prefix + $0 + "\n" }.joined()
        let whole = try check(text, retention: .standard)
        let retired = try check(text, retention: SliceRetirement.Limits(whole: 1024, remembered: 1000, open: 4))
        #expect(summary(whole.findings) == ["CB202 93 violated"])
        #expect(summary(retired.findings) == summary(whole.findings))
        #expect(whole.1.slicesRetired == 0)
        #expect(retired.1.slicesRetired > 26)
        #expect(retired.1.slicesRevived >= 26)
    }

    @Test func forgottenSlicesAreCountedAndStartOver() throws {
        let late = ["urlSession(_:task:didCompleteWithError:) session=com.acme.bg task=1 error=nil status=200"]
        let result = try check(log(tasks: 20, then: late), retention: SliceRetirement.Limits(whole: 1, remembered: 5))
        // Task 1 was forgotten: its second completion starts a new slice, so CB202 cannot see it.
        #expect(result.findings.isEmpty)
        #expect(result.1.slicesRetired == 20)
        #expect(result.1.slicesForgotten == 15)
        let stats = StatsReporter.render(result.1, path: "t.log")
        #expect(
            stats.contains(
                "note: 20 task slices owed nothing were set aside to keep memory flat (0 brought back by a later message,"
                    + " every verdict unchanged; 15 forgotten: a message naming one of those starts a new slice)"))
    }

    @Test func aSliceStillOwedAnEventIsNotRetired() throws {
        // CB209: a cancelled task owes a completion; its slice stays whole until the run ends.
        let tail = [
            "[DownloadManager] downloadTask(with:) session=com.acme.bg -> task=99",
            "[DownloadManager] cancel() task=99 session=com.acme.bg",
        ]
        let text = log(tasks: 10, then: tail)
        let whole = try check(text, retention: .standard)
        let retired = try check(text, retention: SliceRetirement.Limits(whole: 0, remembered: 1000))
        #expect(summary(retired.findings) == summary(whole.findings))
    }

    /// Past `--max-open-tasks`, the oldest slices still owed an event (cancelled tasks waiting for
    /// their completion, CB209) are set aside unjudged: counted, with the line where the first
    /// was, and the later completion of one brings it back decided, so it is not taken for a
    /// task never seen before. The slice brought back is the newest made, so task 7's is set
    /// aside then; the newest three keep their verdicts.
    @Test func slicesStillOwedPastTheOpenLimitAreSetAsideUnjudged() throws {
        let prefix = "2026-03-15 12:00:00.000 Downloader[4655:1324931] "
        var lines = [
            "application(_:didFinishLaunchingWithOptions:) launchOptions=nil",
            "backgroundSessionConfigurationWithIdentifier: com.acme.bg",
        ]
        for task in 1...10 {
            lines += [
                "[DownloadManager] downloadTask(with:) session=com.acme.bg -> task=\(task)",
                "[DownloadManager] cancel() task=\(task) session=com.acme.bg",
            ]
        }
        lines.append("urlSession(_:task:didCompleteWithError:) session=com.acme.bg task=1 error=nil status=200")
        let text = lines.map { prefix + $0 + "\n" }.joined()
        let whole = try check(text, retention: .standard)
        let limited = try check(text, retention: SliceRetirement.Limits(whole: 1024, remembered: 1000, open: 4))
        #expect(whole.findings.map(\.ruleID) == Array(repeating: "CB209", count: 9))
        #expect(whole.1.slicesSetAsideUnjudged == 0)
        // Tasks 1 to 6 were set aside as tasks 5 to 10 came (line 11 made task 5's slice), task 7
        // when task 1's came back.
        #expect(limited.1.slicesSetAsideUnjudged == 7)
        #expect(limited.1.firstSliceSetAsideUnjudged == 11)
        let byLine = { (findings: [Finding]) in summary(findings.sorted { $0.location.line < $1.location.line }) }
        #expect(byLine(limited.findings) == ["CB209 18 pending", "CB209 20 pending", "CB209 22 pending"])
        #expect(byLine(whole.findings).suffix(3) == byLine(limited.findings)[...])
        #expect(
            StatsReporter.unjudgedNote(limited.1)
                == "7 task slices still owed an event were set aside unjudged from here on: more tasks than"
                + " --max-open-tasks came after them, so their rules gave no verdict (raise the limit to judge them)")
    }

    /// Every fixture keeps its verdicts when every completed slice is set aside at once.
    @Test(arguments: TestSupport.fixturePaths())
    func fixtureHoldsWithImmediateRetirement(_ path: String) throws {
        let url = TestSupport.packageRoot.appendingPathComponent(path)
        let text = try String(contentsOf: url, encoding: .utf8)
        var runner = FixtureRunner(library: try RuleLibrary.builtIn())
        runner.checker.retention = SliceRetirement.Limits(whole: 0, remembered: 1000)
        let result = try runner.run(path: url.path, text: text)
        #expect(result.failures.isEmpty, "\(result.failures.joined(separator: "\n"))")
    }
}
