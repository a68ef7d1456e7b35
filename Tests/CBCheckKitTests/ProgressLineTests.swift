import Testing

@testable import CBCheckKit

@Suite struct ProgressLineTests {
    private final class Output {
        var text = ""
    }

    @Test func aTerminalSeesTheCountRewrittenInPlaceAndClearedBeforeOtherText() {
        let output = Output()
        var progress = ProgressLine(total: 3, isTerminal: true) { output.text += $0 }
        progress.show(done: 0)
        progress.clear()
        output.text += "a message\n"
        progress.show(done: 1)
        progress.show(done: 3)  // all done: nothing more to show
        progress.clear()
        #expect(
            output.text
                == "\rcbcheck: 0 of 3 files checked\r\u{1B}[Ka message\n\rcbcheck: 1 of 3 files checked\r\u{1B}[K")
    }

    @Test func nothingIsWrittenWhenStandardErrorIsNoTerminalOrThereIsOneFile() {
        let output = Output()
        var piped = ProgressLine(total: 5, isTerminal: false) { output.text += $0 }
        piped.show(done: 1)
        piped.clear()
        var single = ProgressLine(total: 1, isTerminal: true) { output.text += $0 }
        single.show(done: 0)
        single.clear()
        #expect(output.text.isEmpty)
    }
}
