import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Inputs that never end (issue 19 item 7), made in a temporary folder of the test's own, never
/// the system's: each stops at a named limit with exit 2 instead of reading forever.
@Suite struct EndlessInputTests {
    private static let early = "Fixtures/relaunch/cb101-handler-called-early.log"

    /// A FIFO fed a log and then text forever stops at `--max-input-size`, after checking the lines
    /// before the limit (the log's finding is reported).
    @Test func aFIFOThatNeverClosesStopsAtTheInputSizeLimit() throws {
        let folder = try TestSupport.temporaryDirectory().path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try #require(mkfifo("\(folder)/fifo", 0o600) == 0)
        let output = try TestSupport.shell(
            """
            { cat \(Self.early); yes '2026-03-14 09:27:00.000 Downloader[4101:1200001] [Feed] row rendered'; } \
            > \(folder)/fifo 2>/dev/null & writer=$!
            timeout -s KILL 60 "$CBCHECK" --max-input-size 2M \(folder)/fifo 2>&1; echo "status $?"
            kill $writer 2>/dev/null
            """)
        #expect(output.stdout.contains("[CB101]"))
        #expect(output.stdout.hasSuffix("status 2\n"))
        #expect(
            output.stdout.contains(
                "error: \(folder)/fifo: stopped after 2 MiB, the --max-input-size limit (an endless input such as "
                    + "/dev/zero or a FIFO that is never closed?); the lines before it were checked\n"))
    }

    /// `/dev/zero` made again here (character device 1,5): binary from its first block, skipped
    /// after its lines are counted in the first 64 MiB, never read to its (absent) end.
    @Test(.enabled(if: geteuid() == 0, "mknod needs root"))
    func anEndlessBinaryDeviceIsSkippedAfterABoundedCount() throws {
        let folder = try TestSupport.temporaryDirectory().path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let made = try TestSupport.shell("mknod \(folder)/zero c 1 5 && echo made")
        try #require(made.stdout == "made\n")
        let output = try TestSupport.shell("timeout -s KILL 60 \"$CBCHECK\" \(folder)/zero 2>&1; echo \"status $?\"")
        #expect(output.stdout.hasSuffix("status 2\n"))
        #expect(
            output.stdout.hasPrefix(
                "warning: \(folder)/zero: not a text log: binary data (100% of the first 4096 bytes are control "
                    + "bytes or not UTF-8) (lines counted in its first 64 MiB only); skipped\n"))
    }

    @Test func aSizeThatIsNoSizeIsAUsageError() throws {
        for command in [["check"], ["trace"]] {
            let output = try TestSupport.run(command + ["--max-input-size", "12Q", Self.early])
            #expect(output.status == 2)
            #expect(
                output.stderr.hasPrefix(
                    "Error: The value '12Q' is invalid for '--max-input-size <size>'; use a number of bytes with K, M, G or T\n"
                ))
        }
    }
}
