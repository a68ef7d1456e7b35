import Foundation
import TestSupport
import Testing

/// A project with a line format of its own and folders to leave out, set in its `.cbcheck`, on
/// the built binary: the way a team whose app logs in its own layout wires cbcheck into CI.
@Suite struct ProjectLineFormatTests {
    private static let format = """
        # ACME's logger: ISO time, the thread in brackets, process(pid)
        format acme
          about ACME's in-house logger
          match /^(?<time>\\d{4}-\\d\\d-\\d\\dT\\S+) \\[(?<thread>[^\\]]+)\\] (?<process>\\w+)\\((?<pid>\\d+)\\) (?<message>.*)$/

        """

    private static let log = """
        2026-03-14T09:26:51.102Z [main] Downloader(4101) application(_:didFinishLaunchingWithOptions:) launchOptions=nil applicationState=2
        2026-03-14T09:26:51.140Z [main] Downloader(4101) application(_:handleEventsForBackgroundURLSession:completionHandler:) com.acme.bg
        2026-03-14T09:26:51.143Z [main] Downloader(4101) URLSessionConfiguration.background(withIdentifier: "com.acme.bg")
        2026-03-14T09:26:51.377Z [main] Downloader(4101) urlSession(_:downloadTask:didFinishDownloadingTo:) task=1 location=file:///tmp/a.tmp
        2026-03-14T09:26:51.390Z [main] Downloader(4101) calling backgroundSessionCompletionHandler for com.acme.bg
        2026-03-14T09:26:51.392Z [main] Downloader(4101) urlSession(_:task:didCompleteWithError:) task=1 error=nil
        2026-03-14T09:26:51.561Z [main] Downloader(4101) urlSessionDidFinishEvents(forBackgroundURLSession:) com.acme.bg

        """

    /// `formats/acme.cbformat`, `logs/2026/run.log` in it, the same log in `logs/archive/` and as
    /// `logs/2026/run.crash`, and a `.cbcheck` holding `settings`.
    private func project(_ settings: String) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cbcheck-formats-\(UUID())")
        for folder in ["formats", "logs/2026", "logs/archive"] {
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try Self.format.write(
            to: root.appendingPathComponent("formats/acme.cbformat"), atomically: true, encoding: .utf8)
        for path in ["logs/2026/run.log", "logs/archive/old.log", "logs/2026/run.crash"] {
            try Self.log.write(to: root.appendingPathComponent(path), atomically: true, encoding: .utf8)
        }
        try settings.write(to: root.appendingPathComponent(".cbcheck"), atomically: true, encoding: .utf8)
        return root
    }

    @Test func theProjectsFormatReadsItsLogsAndExcludedFoldersAreNamed() throws {
        let root = try project("line-formats formats/acme.cbformat\nexclude archive\n")
        let check = try TestSupport.run(["logs"], in: root)
        #expect(check.status == 1)
        #expect(check.stdout.contains("logs/2026/run.log:5:50: error: [CB101]"))
        #expect(!check.stdout.contains("archive"))
        #expect(check.stderr.contains("cbcheck: note: 1 file or folder left out by exclude: logs/archive\n"))
        #expect(check.stderr.contains("cbcheck: 1 error in 1 file"))
        let trace = try TestSupport.run(["trace", "logs/2026/run.log"], in: root)
        #expect(trace.stdout.contains("09:26:51.390  main      background  app.handler.called"))
        let forced = try TestSupport.run(["logs/2026/run.log", "--log-format", "acme"], in: root)
        #expect(forced.stdout == check.stdout)
    }

    /// Without the format the ISO stamps are still read (as `applogger`), but the thread and the
    /// process are the format's to give: CB104 cannot be judged, and the run has no process.
    @Test func withoutTheFormatTheThreadsAreUnknownAndSaySo() throws {
        let root = try project("")
        let check = try TestSupport.run(["logs/2026/run.log", "--stats"], in: root)
        #expect(check.status == 1)
        #expect(check.stdout.contains("logs/2026/run.log:5:26: error: [CB101]"))
        #expect(!check.stdout.contains("[CB104]"))
        #expect(check.stderr.contains("CB104 (the log names no threads)"))
        #expect(check.stderr.contains("format applogger"))
        let unknown = try TestSupport.run(["logs/2026/run.log", "--log-format", "acme"], in: root)
        #expect(unknown.status == 2)
        #expect(
            unknown.stderr.hasPrefix("cbcheck: error: unknown log format 'acme' for --log-format\n  hint: formats: "))
    }

    @Test func includeChoosesTheFilesAFolderIsSearchedFor() throws {
        let root = try project("line-formats formats\n")
        let crashes = try TestSupport.run(["logs", "--include", "*.crash", "--format", "json"], in: root)
        #expect(crashes.status == 1)
        #expect(crashes.stdout.contains("\"path\": \"logs/2026/run.crash\""))
        #expect(!crashes.stdout.contains("run.log"))
        let none = try TestSupport.run(["logs", "--include", "*.ips"], in: root)
        #expect(none.status == 2)
        #expect(none.stderr.contains("logs: no files matching '*.ips' in this directory"))
        let all = try TestSupport.run(["logs", "--exclude", "2026", "--exclude", "archive"], in: root)
        #expect(all.status == 2)
        #expect(
            all.stderr.contains(
                "logs: no *.log, *.txt, *.ndjson files (or .gz) in this directory (2 left out by exclude)"))
    }

    @Test func aMistakeInTheFormatFileStopsTheCheckAtItsLine() throws {
        let root = try project("line-formats formats/acme.cbformat\n")
        try "format acme\n  match /^(?<time>\\S+) (?<msg>.*)$/\n".write(
            to: root.appendingPathComponent("formats/acme.cbformat"), atomically: true, encoding: .utf8)
        let check = try TestSupport.run(["logs"], in: root)
        #expect(check.status == 2)
        #expect(check.stderr.hasPrefix("formats/acme.cbformat:2:9: error: the pattern has no (?<message>…) group"))
    }

    @Test func learnReadsTheProjectsFormatToo() throws {
        let root = try project("line-formats formats/acme.cbformat\n")
        let learned = try TestSupport.run(["learn", "logs/2026/run.log"], in: root)
        #expect(learned.status == 0)
        #expect(learned.stdout.contains("# Rules learned by cbcheck learn from 1 good log"))
        let held = try #require(learned.stdout.split(separator: "\n").first { $0.contains("invariants held") })
        #expect(!held.hasPrefix("# 0 invariants"), "\(held)")
    }
}
