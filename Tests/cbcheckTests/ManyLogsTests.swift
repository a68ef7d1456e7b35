import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
        #expect(output.stderr.hasSuffix("cbcheck: 2 warnings in 2 files (1 with a read error)\n"))
    }

    /// Links back into the folder (or above it) and links to each other are input errors naming the
    /// link; a link to a folder elsewhere is not followed, as before; the logs are still checked.
    @Test func aSymbolicLinkLoopIsAnInputErrorAndTheOthersAreStillChecked() throws {
        let root = try TestSupport.temporaryDirectory()
        let logs = root.appendingPathComponent("logs").path
        let manager = FileManager.default
        try manager.createDirectory(atPath: "\(logs)/sub", withIntermediateDirectories: true)
        try manager.createDirectory(
            atPath: root.appendingPathComponent("other").path, withIntermediateDirectories: true)
        try manager.copyItem(
            atPath: TestSupport.packageRoot.appendingPathComponent(warning).path, toPath: "\(logs)/sub/a.log")
        for (link, target) in [
            ("self", "."), ("sub/back", ".."), ("loop1.log", "loop2.log"), ("loop2.log", "loop1.log"),
            ("elsewhere", "../other"),
        ] {
            try manager.createSymbolicLink(atPath: "\(logs)/\(link)", withDestinationPath: target)
        }
        let real = try #require(realpath(logs, nil).map { String(cString: $0) })
        let output = try TestSupport.run([logs])
        #expect(output.status == 2)
        let errors = output.stderr.split(separator: "\n").filter { $0.hasPrefix("error: ") }
        #expect(
            errors == [
                "error: \(logs)/loop1.log: a symbolic link loop (Too many levels of symbolic links); not followed",
                "error: \(logs)/loop2.log: a symbolic link loop (Too many levels of symbolic links); not followed",
                "error: \(logs)/self: a symbolic link loop (it leads back to \(real), which holds it); not followed",
                "error: \(logs)/sub/back: a symbolic link loop (it leads back to \(real), which holds it); not followed",
            ])
        #expect(output.stdout.contains("\(logs)/sub/a.log:6:50: warning: [CB107]"))
        #expect(output.stderr.hasSuffix("cbcheck: 2 warnings in 5 files (4 with a read error)\n"))
    }

    /// Swift strings cannot hold the name's bytes, so the file cannot be opened: said, not skipped.
    @Test func aFileNameThatIsNotUTF8IsAnInputErrorNotAFolderWithoutLogs() throws {
        let root = try TestSupport.temporaryDirectory().path
        let made = try TestSupport.shell("cp \(warning) \(root)/\"$(printf 'bad\\377.log')\" && echo made")
        try #require(made.stdout == "made\n")
        let output = try TestSupport.run([root, "--no-config"])
        #expect(output.status == 2)
        #expect(
            output.stderr
                == "error: \(root)/bad\u{FFFD}.log: a name that is not UTF-8 cannot be opened; rename it\n"
                + "cbcheck: nothing checked: 1 file could not be read\n")
    }

    /// Root opens any folder, so the binary runs as `nobody` through setpriv when the tests run as root.
    @Test(.enabled(if: geteuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")))
    func aFolderThatCannotBeOpenedIsAnInputErrorAndTheOthersAreStillChecked() throws {
        let root = try TestSupport.temporaryDirectory().path
        let manager = FileManager.default
        try manager.createDirectory(atPath: "\(root)/private", withIntermediateDirectories: true)
        let closed = try TestSupport.temporaryDirectory().path
        try manager.copyItem(
            atPath: TestSupport.packageRoot.appendingPathComponent(warning).path, toPath: "\(root)/a.log")
        try manager.copyItem(atPath: "\(root)/a.log", toPath: "\(root)/private/b.log")
        chmod(root, 0o755)  // nobody may enter the folder, whatever the umask
        chmod("\(root)/private", 0)
        chmod(closed, 0)
        defer { _ = [chmod("\(root)/private", 0o755), chmod(closed, 0o755)] }
        let asNobody = geteuid() == 0 ? "/usr/bin/setpriv --reuid=65534 --regid=65534 --clear-groups " : ""
        let output = try TestSupport.shell(
            "\(asNobody)\"$CBCHECK\" --no-config \(root) \(closed) 2>&1 | grep -v '^ '; echo \"status ${PIPESTATUS[0]}\""
        )
        #expect(
            output.stdout.split(separator: "\n").filter { !$0.contains(": run ") && !$0.contains(" not checked ") } == [
                "error: \(root)/private: cannot be opened: Permission denied",
                "error: \(closed): cannot be opened: Permission denied",
                "\(root)/a.log:6:50: warning: [CB107] the background session identifier looks generated (a UUID or a time stamp)",
                "\(root)/a.log:15:50: warning: [CB107] the background session identifier looks generated (a UUID or a time stamp)",
                "cbcheck: 2 warnings in 3 files (2 with a read error)", "status 2",
            ])
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
