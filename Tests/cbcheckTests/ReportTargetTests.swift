import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `--output`, `--report` and `--write-baseline` on the built binary, into each kind of path a CI
/// job or a hostile one can name: every node is made here, in a temporary folder, never the
/// system's (docs/error-messages.md, "Report files").
@Suite struct ReportTargetTests {
    private static let early = "Fixtures/relaunch/cb101-handler-called-early.log"

    /// The JSON report of the CB101 fixture, as standard output gets it.
    private static func jsonReport() throws -> String {
        try TestSupport.run([early, "--format", "json"]).stdout
    }

    /// The file type bits of `path` itself (not where a link leads), and its device number.
    private static func node(_ path: String) -> (type: mode_t, device: UInt64)? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return (info.st_mode & S_IFMT, UInt64(info.st_rdev))
    }

    /// The reader is killed after 20 s if the report never reaches it: Foundation's Process hands
    /// its children a blocked signal mask, so `timeout`'s SIGTERM would not stop it.
    @Test func aFIFOIsWrittenIntoAndStaysAFIFO() throws {
        let folder = try TestSupport.temporaryDirectory().path
        defer { try? FileManager.default.removeItem(atPath: folder) }  // nothing made here lingers in /tmp
        let output = try TestSupport.shell(
            """
            mkfifo \(folder)/fifo; timeout -s KILL 20 cat \(folder)/fifo > \(folder)/read & reader=$!
            "$CBCHECK" \(Self.early) --format json --output \(folder)/fifo 2>/dev/null; echo "status $?"; wait $reader
            """)
        #expect(output.stdout == "status 1\n")
        #expect(try String(contentsOfFile: "\(folder)/read", encoding: .utf8) == Self.jsonReport())
        #expect(Self.node("\(folder)/fifo")?.type == S_IFIFO)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["fifo", "read"])
    }

    /// `/dev/null` and `/dev/full` made again here (character devices 1,3 and 1,7): only root may mknod.
    @Test(.enabled(if: geteuid() == 0, "mknod needs root"))
    func aCharacterDeviceIsWrittenIntoAndStaysADevice() throws {
        let folder = try TestSupport.temporaryDirectory().path
        defer { try? FileManager.default.removeItem(atPath: folder) }  // nothing made here lingers in /tmp
        let made = try TestSupport.shell("mknod \(folder)/null c 1 3 && mknod \(folder)/full c 1 7 && echo made")
        try #require(made.stdout == "made\n")
        let before = ["null", "full"].map { Self.node("\(folder)/\($0)")?.device }
        let null = try TestSupport.run([Self.early, "--report", "sarif=\(folder)/null"])
        #expect(null.status == 1)
        #expect(null.stderr.hasSuffix("cbcheck: 1 error in 1 file\n"))
        let full = try TestSupport.run([Self.early, "--format", "json", "--output", "\(folder)/full"])
        #expect(full.status == 2)
        #expect(full.stderr.contains("error: \(folder)/full: cannot write the report: No space left on device\n"))
        for name in ["null", "full"] { #expect(Self.node("\(folder)/\(name)")?.type == S_IFCHR, "\(name)") }
        #expect(["null", "full"].map { Self.node("\(folder)/\($0)")?.device } == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["full", "null"])
    }

    @Test func aDirectoryAndASocketAreRefusedAndLeftAsTheyWere() throws {
        let folder = try TestSupport.temporaryDirectory().path
        defer { try? FileManager.default.removeItem(atPath: folder) }  // nothing made here lingers in /tmp
        try FileManager.default.createDirectory(atPath: "\(folder)/dir", withIntermediateDirectories: false)
        let socketPath = "\(folder)/sock"
        let listener = try #require(Self.boundSocket(at: socketPath))
        defer { close(listener) }
        for (name, reason) in [("dir", "is a directory"), ("sock", "is a socket")] {
            let output = try TestSupport.run([Self.early, "--format", "json", "--output", "\(folder)/\(name)"])
            #expect(output.status == 2, "\(name)")
            #expect(output.stderr.contains("error: \(folder)/\(name): cannot write the report: \(reason)\n"))
        }
        #expect(Self.node("\(folder)/dir")?.type == S_IFDIR)
        #expect(Self.node(socketPath)?.type == S_IFSOCK)
        #expect(try FileManager.default.contentsOfDirectory(atPath: "\(folder)/dir").isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["dir", "sock"])
    }

    /// A block device is a disk: refused, not even opened. Major 240 is for local use, so no driver
    /// answers to this node even if it were opened.
    @Test(.enabled(if: geteuid() == 0, "mknod needs root"))
    func aBlockDeviceIsRefused() throws {
        let folder = try TestSupport.temporaryDirectory().path
        defer { try? FileManager.default.removeItem(atPath: folder) }  // nothing made here lingers in /tmp
        try #require(try TestSupport.shell("mknod \(folder)/disk b 240 0 && echo made").stdout == "made\n")
        let output = try TestSupport.run([Self.early, "--write-baseline", "\(folder)/disk"])
        #expect(output.status == 2)
        #expect(output.stderr.contains("error: \(folder)/disk: cannot write the report: is a block device"))
        #expect(Self.node("\(folder)/disk")?.type == S_IFBLK)
    }

    /// `/dev/stdout` by another name: a link made here to `/proc/self/fd/1`. The report goes through
    /// the descriptor, so the shell's `>>` appends and the link is not replaced.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/fd/1"), "needs /proc"))
    func standardOutputByAnyNameIsWrittenThroughItsDescriptor() throws {
        let folder = try TestSupport.temporaryDirectory().path
        defer { try? FileManager.default.removeItem(atPath: folder) }  // nothing made here lingers in /tmp
        try FileManager.default.createSymbolicLink(atPath: "\(folder)/stdout", withDestinationPath: "/proc/self/fd/1")
        let output = try TestSupport.shell(
            """
            echo before > \(folder)/captured
            "$CBCHECK" \(Self.early) --format json --output \(folder)/stdout >> \(folder)/captured 2>/dev/null
            echo "status $?"
            """)
        #expect(output.stdout == "status 1\n")
        #expect(try String(contentsOfFile: "\(folder)/captured", encoding: .utf8) == "before\n" + Self.jsonReport())
        #expect(Self.node("\(folder)/stdout")?.type == S_IFLNK)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["captured", "stdout"])
    }

    /// A link to a report is followed: the file it leads to is replaced atomically, the link stays;
    /// a link to a file not yet there makes that file.
    @Test func aLinkToAReportIsFollowedAndStaysALink() throws {
        let folder = try TestSupport.temporaryDirectory().path
        defer { try? FileManager.default.removeItem(atPath: folder) }  // nothing made here lingers in /tmp
        try "old report\n".write(toFile: "\(folder)/real.json", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: "\(folder)/link.json", withDestinationPath: "real.json")
        try FileManager.default.createSymbolicLink(atPath: "\(folder)/new.json", withDestinationPath: "made.json")
        for link in ["link.json", "new.json"] {
            #expect(try TestSupport.run([Self.early, "--format", "json", "--output", "\(folder)/\(link)"]).status == 1)
            #expect(Self.node("\(folder)/\(link)")?.type == S_IFLNK, "\(link)")
        }
        for file in ["real.json", "made.json"] {
            #expect(try String(contentsOfFile: "\(folder)/\(file)", encoding: .utf8) == Self.jsonReport(), "\(file)")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(names == ["link.json", "made.json", "new.json", "real.json"])
    }

    // MARK: - Private

    /// A Unix-domain socket bound at `path` (and left listening), or `nil`.
    private static func boundSocket(at path: String) -> Int32? {
        #if canImport(Glibc)
            let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_UNIX, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { return nil }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: bytes)
            buffer[bytes.count] = 0
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0, listen(descriptor, 1) == 0 else {
            close(descriptor)
            return nil
        }
        return descriptor
    }
}
