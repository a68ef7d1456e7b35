import Testing

@testable import CBCheckKit

/// A run's temporary files: the file given last is found without the table, and must be found
/// exactly as the table would find it.
@Suite struct RunRecordTests {
    private func run() -> RunRecord { RunRecord(number: 1, process: "App", pid: 1, firstLine: 1) }

    private func task(of name: String, in run: RunRecord) -> String? { run.temporaryFile(name)?.task }

    @Test func theLastFileAndEarlierOnesAreFound() {
        let run = run()
        run.addTemporaryFile("CFNetworkDownload_1.tmp", identifier: "A", task: "1")
        run.addTemporaryFile("CFNetworkDownload_2.tmp", identifier: "B", task: "2")
        #expect(run.temporaryFile("CFNetworkDownload_2.tmp")?.identifier == "B")
        #expect(task(of: "CFNetworkDownload_2.tmp", in: run) == "2")
        #expect(task(of: "CFNetworkDownload_1.tmp", in: run) == "1")
        #expect(task(of: "CFNetworkDownload_3.tmp", in: run) == nil)
        #expect(task(of: "", in: run) == nil)
    }

    @Test func aFileGivenAgainIsTheLaterTasks() {
        let run = run()
        run.addTemporaryFile("same.tmp", identifier: "A", task: "1")
        run.addTemporaryFile("other.tmp", identifier: "A", task: "2")
        run.addTemporaryFile("same.tmp", identifier: "A", task: "3")
        #expect(task(of: "same.tmp", in: run) == "3")
        run.addTemporaryFile("other.tmp", identifier: "A", task: "4")
        #expect(task(of: "same.tmp", in: run) == "3")
        #expect(task(of: "other.tmp", in: run) == "4")
    }

    /// The 1 024 files before the last are kept; an older one is forgotten, even when it has the
    /// last file's name (given again exactly 1 024 files later, as the table forgot it before).
    @Test func filesOlderThanTheWindowAreForgotten() {
        let run = run()
        run.addTemporaryFile("first.tmp", identifier: "A", task: "0")
        for number in 1...1023 { run.addTemporaryFile("f\(number).tmp", identifier: "A", task: "\(number)") }
        #expect(task(of: "first.tmp", in: run) == "0")
        run.addTemporaryFile("first.tmp", identifier: "A", task: "1024")
        #expect(task(of: "first.tmp", in: run) == nil)
        #expect(task(of: "f1.tmp", in: run) == "1")
        run.addTemporaryFile("next.tmp", identifier: "A", task: "1025")
        #expect(task(of: "f1.tmp", in: run) == nil)
        #expect(task(of: "next.tmp", in: run) == "1025")
    }
}
