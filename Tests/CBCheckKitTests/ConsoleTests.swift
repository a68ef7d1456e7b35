import Testing

@testable import CBCheckKit

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
}
