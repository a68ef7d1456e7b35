import Foundation
import TestSupport
import Testing

/// `cbcheck logs/ more.log …` on the built binary: folders searched recursively, files checked in
/// parallel, output in argument order and then path order whatever finishes first.
@Suite struct ManyLogsTests {
    private let sample = "Samples/background-download.log"
    private let warning = "Fixtures/relaunch/cb107-unstable-identifier.log"

    /// A folder of logs: `b/z.log`, `a.txt`, `b/y.ndjson`, and files that are not logs.
    private func logFolder() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cbcheck-many-\(UUID())")
        let manager = FileManager.default
        try manager.createDirectory(at: root.appendingPathComponent("b"), withIntermediateDirectories: true)
        try manager.createDirectory(at: root.appendingPathComponent(".git"), withIntermediateDirectories: true)
        let sampleText = try Data(contentsOf: TestSupport.packageRoot.appendingPathComponent(sample))
        let warningText = try Data(contentsOf: TestSupport.packageRoot.appendingPathComponent(warning))
        try sampleText.write(to: root.appendingPathComponent("b/z.log"))
        try warningText.write(to: root.appendingPathComponent("a.txt"))
        try warningText.write(to: root.appendingPathComponent("b/y.ndjson"))
        try sampleText.write(to: root.appendingPathComponent("notes.md"))
        try sampleText.write(to: root.appendingPathComponent(".git/hidden.log"))
        return root
    }

    @Test func foldersAreSearchedRecursivelyAndReportedInPathOrderAfterTheArgumentsBeforeThem() throws {
        let folder = try logFolder()
        let output = try TestSupport.run([sample, folder.path, "-j", "3"])
        #expect(output.status == 1)
        let files = output.stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") }.map {
            String($0.prefix { $0 != ":" })
        }
        let root = folder.path
        #expect(
            files == [
                sample, sample, "\(root)/a.txt", "\(root)/a.txt", "\(root)/b/y.ndjson", "\(root)/b/y.ndjson",
                "\(root)/b/z.log", "\(root)/b/z.log",
            ])
        #expect(output.stderr.hasSuffix("cbcheck: 4 errors, 4 warnings in 4 files\n"))
    }

    @Test func parallelAndSerialChecksPrintTheSameBytes() throws {
        let folder = try logFolder()
        let arguments = [folder.path, sample, warning, "--stats", "--format", "json"]
        let serial = try TestSupport.run(arguments + ["-j", "1"])
        for jobs in ["2", "4"] {
            let parallel = try TestSupport.run(arguments + ["--jobs", jobs])
            #expect(parallel.status == serial.status)
            #expect(parallel.stdout == serial.stdout, "-j \(jobs)")
            #expect(parallel.stderr == serial.stderr, "-j \(jobs)")
        }
    }

    @Test func aFolderWithNoLogsIsAnInputErrorAndTheOthersAreStillChecked() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("cbcheck-empty-\(UUID())")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let output = try TestSupport.run([empty.path, warning])
        #expect(output.status == 2)
        #expect(
            output.stderr.hasPrefix(
                "error: \(empty.path): no *.log, *.txt, *.ndjson files (or .gz) in this directory\n"))
        #expect(output.stdout.contains("\(warning):6:50: warning: [CB107]"))
        #expect(output.stderr.hasSuffix("cbcheck: 2 warnings in 2 files\n"))
    }

    @Test(arguments: ["0", "-3", "two"])
    func jobsMustBeAPositiveNumber(value: String) throws {
        let output = try TestSupport.run([sample, "-j=\(value)"])
        #expect(output.status == 2)
        #expect(
            output.stderr.hasPrefix(
                "Error: The value '\(value)' is invalid for '-j <n>'; use a whole number of at least 1\n"))
    }
}
