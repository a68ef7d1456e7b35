import Testing

@testable import CBCheckKit

/// Rule files, event maps and fixtures are read as lines; the byte split must give the lines a
/// `Character` split at `\n` and `\r\n` gives.
@Suite struct SourceLinesTests {
    @Test(arguments: [
        "", "one", "one\ntwo", "one\r\ntwo\r\n", "a\n\nb\n", "lone\rcarriage\n", "\r\r\nx", "caf\u{E9}\n\u{301}x",
        "\u{1F600}\r\n\u{1F600}", "\n", "\r\n",
    ])
    func sameLinesAsSplittingCharacters(_ text: String) {
        let expected = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
            .map(String.init)
        #expect(text.sourceLines == expected)
    }
}
