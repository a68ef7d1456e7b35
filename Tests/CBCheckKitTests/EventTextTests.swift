import Testing

@testable import CBCheckKit
@testable import LogReading

/// An event read from the log keeps its text's bytes in its box and makes the string when asked;
/// what it gives back must be what `DisplayText.from` made of the same bytes before.
@Suite struct EventTextTests {
    private func event(_ text: [UInt8]) -> Event {
        text.withUnsafeBytes { bytes in
            Event(
                kind: .appLaunch, values: AttributeValues(), line: 3, column: 1, time: nil, process: "App", pid: 7,
                thread: nil, textBytes: bytes, phrasing: nil, tier: nil)
        }
    }

    @Test(arguments: [
        "didFinishLaunching", "", " ", "~ leading and trailing ~", String(repeating: "x", count: 300),
        "tab\there", "bell\u{07}", "del\u{7F}", "café", "日本語", "emoji 🙂",
    ])
    func textIsTheDisplayTextOfItsBytes(_ line: String) {
        let bytes = Array(line.utf8)
        let expected = bytes.withUnsafeBytes { DisplayText.from($0) }
        #expect(event(bytes).text == expected)
    }

    @Test func invalidUTF8IsEscapedAsBefore() {
        let bytes: [UInt8] = [0x61, 0xFF, 0x62, 0x1B]
        #expect(event(bytes).text == "a\\xFFb\\x1B")
    }

    @Test func aCopyChangedKeepsTheOriginalsText() {
        let original = event(Array("task 5 finished".utf8))
        var copy = original
        copy.line = 9
        #expect(copy.text == "task 5 finished")
        copy.text = "replaced"
        #expect(copy.text == "replaced")
        #expect(original.text == "task 5 finished")
        #expect(original.line == 3)
    }

    @Test func textSetOnAnEventOfBytesReplacesThem() {
        var changed = event(Array("a longer text than the new one".utf8))
        changed.text = "short"
        #expect(changed.text == "short")
        changed.text = ""
        #expect(changed.text == "")
    }

    @Test func eventsMadeWithAStringKeepIt() {
        let made = Event(kind: .runEnd, line: 1, text: "next run began")
        #expect(made.text == "next run began")
        #expect(Event(kind: .runEnd, line: 1).text == "")
    }
}
