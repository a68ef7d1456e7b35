import Foundation
import Testing

@testable import CBCheckKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite struct ConsoleTests {
    private final class Written {
        var out: [String] = []
        var error = ""
    }

    /// A console whose standard output fails from the second write on.
    private func console(_ written: Written) -> Console {
        Console(
            writingOut: { text in
                guard written.out.isEmpty else { return "No space left on device" }
                written.out.append(text)
                return nil
            },
            error: { text in
                written.error += text
                return nil
            })
    }

    @Test func aFailedWriteIsSaidOnceAndLaterOutputIsDropped() {
        let written = Written()
        let console = console(written)
        console.out("first\n")
        #expect(!console.reportFailedWrites())
        console.out("second\n")
        console.out("third\n")
        #expect(console.reportFailedWrites())
        #expect(console.reportFailedWrites())
        #expect(console.exitStatus(1) == 2)
        #expect(written.out == ["first\n"])
        #expect(written.error == "error: standard output: cannot write: No space left on device\n")
    }

    @Test func aFailedErrorWriteMakesTheStatusTwo() {
        let console = Console(writingOut: { _ in nil }, error: { _ in "Bad file descriptor" })
        #expect(console.exitStatus(0) == 0)
        console.error("a message\n")
        #expect(console.exitStatus(0) == 2)
    }

    @Test func writingToADescriptorSaysWhyItFailed() {
        #expect(Console.write("text", to: -1) == "Bad file descriptor")
    }

    /// A pipe left non-blocking (as some CI runners leave their children's output) fills up and
    /// answers EAGAIN: the write waits for the reader instead of failing.
    @Test func aFullNonBlockingPipeIsWaitedForNotAFailure() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        let (reading, writing) = (ends[0], ends[1])
        _ = fcntl(writing, F_SETFL, fcntl(writing, F_GETFL) | O_NONBLOCK)
        let text = String(repeating: "0123456789abcdef", count: 64 * 1024)  // 1 MiB, many pipefuls
        final class Count: @unchecked Sendable { var bytes = 0 }
        let count = Count()
        let reader = Thread {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while case let got = read(reading, &buffer, buffer.count), got > 0 { count.bytes += got }
        }
        reader.start()
        #expect(Console.write(text, to: writing) == nil)
        close(writing)
        while !reader.isFinished { usleep(1000) }
        close(reading)
        #expect(count.bytes == text.utf8.count)
    }
}
