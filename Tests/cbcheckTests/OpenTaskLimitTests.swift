import Foundation
import TestSupport
import Testing

/// Tasks that never complete have a ceiling (issue 19 item 10): past `--max-open-tasks` the
/// oldest are set aside, those still owed an event unjudged, with a note at the line where the
/// first was, so neither memory nor time grows with them.
@Suite struct OpenTaskLimitTests {
    /// A log of `count` download tasks each created, resumed and cancelled, never completed
    /// (every one owed its didCompleteWithError, CB209), written in a temporary folder.
    private func cancelledTasks(_ count: Int) throws -> String {
        let path = try TestSupport.temporaryFile("", name: "cancelled-\(count).log")
        let made = try TestSupport.shell(
            "python3 Scripts/bench/generate_many.py cancelled \(count) \(path) && echo made")
        try #require(made.stdout == "made\n")
        return path
    }

    @Test func theOldestTasksStillOwedAreSetAsideWithANoteAtTheirLine() throws {
        let path = try cancelledTasks(10)
        let output = try TestSupport.run(["check", "--max-open-tasks", "4", path])
        #expect(output.status == 0)
        // Tasks 1 to 6 went as tasks 5 to 10 came: task 5's creation is line 15.
        #expect(
            output.stderr.contains(
                "\(path):15: note: 6 task slices still owed an event were set aside unjudged from here on: more tasks"
                    + " than --max-open-tasks came after them, so their rules gave no verdict (raise the limit to judge"
                    + " them)\n"))
        #expect(output.stdout.components(separatedBy: "[CB209]").count - 1 == 4)
        #expect(output.stderr.hasSuffix("cbcheck: 4 pending in 1 file\n"))
        let whole = try TestSupport.run(["check", path])
        #expect(whole.stdout.components(separatedBy: "[CB209]").count - 1 == 10)
        #expect(!whole.stderr.contains("set aside unjudged"))
    }

    @Test func theJSONStatsCountWhatWasSetAside() throws {
        let path = try cancelledTasks(10)
        let output = try TestSupport.run(["check", "--format", "json", "--max-open-tasks", "4", path])
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let files = try #require(report["files"] as? [[String: Any]])
        let stats = try #require(files.first?["stats"] as? [String: Any])
        #expect(stats["slicesSetAsideUnjudged"] as? Int == 6)
        #expect(stats["firstSliceSetAsideUnjudged"] as? Int == 15)
        #expect(stats["taskRecordsDropped"] as? Int == 6)
    }

    /// Ten times the tasks still owed, about the same peak memory, once past the limit.
    /// (Not under AddressSanitizer, whose quarantine keeps freed memory.)
    @Test(.disabled(if: ProcessInfo.processInfo.environment["ASAN_OPTIONS"] != nil))
    func memoryIsFlatInTasksThatNeverComplete() throws {
        func peak(_ count: Int) throws -> Int {
            let path = try cancelledTasks(count)
            let output = try TestSupport.shell(
                "/usr/bin/time -f 'peak %M' \"$CBCHECK\" --max-open-tasks 1000 \(path) 2>&1 >/dev/null")
            let line = output.stdout.split(separator: "\n").first { $0.hasPrefix("peak ") } ?? ""
            return Int(line.dropFirst(5)) ?? .max
        }
        let few = try peak(2000)
        let many = try peak(20_000)
        #expect(many - few < 8000, "peak RSS \(few) KB for 2 000 open tasks, \(many) KB for 20 000")
    }

    @Test func aLimitThatIsNoCountIsAUsageError() throws {
        for command in [["check"], ["trace"]] {
            for value in ["0", "many", "1.5"] {
                let output = try TestSupport.run(command + ["--max-open-tasks", value, "Fixtures/README.md"])
                #expect(output.status == 2)
                #expect(
                    output.stderr.hasPrefix(
                        "Error: The value '\(value)' is invalid for '--max-open-tasks <n>'; use a whole number from 1 to"
                            + " 100000000\n"))
            }
        }
    }
}
