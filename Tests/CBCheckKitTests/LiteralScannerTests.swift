import Testing

@testable import CBCheckKit

@Suite struct LiteralScannerTests {
    private func scanner(_ lines: String) throws -> LiteralScanner {
        let map = try EventMapParser(file: "t.cbevents", text: lines).parse()
        return LiteralScanner(patterns: map.entries.flatMap(\.patterns))
    }

    private func candidates(_ scanner: LiteralScanner, _ line: String) -> [Int] {
        var copy = line
        let found = copy.withUTF8 { scanner.candidates(in: UnsafeRawBufferPointer($0)) }
        return (0..<8).filter { found.contains($0) }
    }

    @Test func findsEachPatternsLiteralWhereverItStands() throws {
        let scanner = try scanner(
            """
            event app.launch
              match /didFinishLaunching/
            event task.complete
              match /didCompleteWithError/
            event app.handler.called
              match /calling completion handler/i
            """)
        #expect(scanner.stride == 15)
        #expect(candidates(scanner, "x didFinishLaunching") == [0])
        #expect(candidates(scanner, "didCompleteWithError: nil") == [1])
        #expect(candidates(scanner, "now CALLING Completion Handler for bg") == [2])
        #expect(candidates(scanner, "didFinishLaunching then didCompleteWithError") == [0, 1])
        #expect(candidates(scanner, "[API] GET https://api.acme.com/v2/feed -> 200").isEmpty)
    }

    @Test func caseSensitiveLiteralsAreVerifiedExactly() throws {
        let scanner = try scanner("event app.launch\n  match /FinishLaunching/")
        #expect(candidates(scanner, "finishlaunching").isEmpty)
        #expect(candidates(scanner, "FinishLaunching") == [0])
    }

    @Test func aPatternWithoutALiteralIsAlwaysACandidate() throws {
        let scanner = try scanner("event app.launch\n  match /\\d+ms/\nevent app.active\n  match /becameActive/")
        #expect(candidates(scanner, "nothing here") == [0])
        #expect(candidates(scanner, "becameActive") == [0, 1])
    }

    @Test func alternativesGiveOneLiteralEach() throws {
        let scanner = try scanner("event task.cancel\n  match /cancelByProducingResumeData|task\\.cancel\\(\\)/")
        #expect(candidates(scanner, "[t cancelByProducingResumeData:]") == [0])
        #expect(candidates(scanner, "task.cancel()") == [0])
        #expect(candidates(scanner, "cancel task").isEmpty)
    }
}
