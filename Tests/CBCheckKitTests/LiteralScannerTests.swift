import Testing

@testable import CBCheckKit

@Suite struct LiteralScannerTests {
    private func scanner(_ lines: String) throws -> LiteralScanner {
        let map = try EventMapParser(file: "t.cbevents", text: lines).parse()
        return LiteralScanner(patterns: map.entries.flatMap(\.patterns))
    }

    private func candidates(_ scanner: LiteralScanner, _ line: String, upTo count: Int = 8) -> [Int] {
        var copy = line
        let found = copy.withUTF8 { scanner.candidates(in: UnsafeRawBufferPointer($0)) }
        return (0..<count).filter { found.contains($0) }
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

    /// Each literal is indexed by only `stride` of its windows (the rarest run): wherever a
    /// literal of the built-in map lies in a line, at every offset, its pattern is a candidate.
    @Test func everyBuiltInLiteralIsFoundAtEveryOffset() throws {
        let map = try RuleLibrary.builtIn().eventMap
        let patterns = map.entries.flatMap(\.patterns)
        let scanner = LiteralScanner(patterns: patterns)
        #expect(scanner.stride >= 3)
        for (index, pattern) in patterns.enumerated() where index < CandidateSet.capacity - 1 {
            for literal in pattern.literals ?? [] {
                let text = String(decoding: literal, as: UTF8.self)
                for padding in 0..<(scanner.stride + 2) {
                    let line = String(repeating: "x", count: padding) + text + " tail"
                    #expect(candidates(scanner, line, upTo: patterns.count).contains(index), "\(text) at \(padding)")
                }
            }
        }
    }

    @Test func aLiteralIsIndexedByItsLeastCommonRun() {
        // `with` and `task` are common; the run with upper-case `I`, `W`, `E` and digits is not.
        let offsets = LiteralScanner.indexedOffsets(of: Array("task with Identifier 42".utf8), stride: 3)
        #expect(offsets.count == 3)
        #expect(!offsets.contains(0))
        #expect(offsets == LiteralScanner.indexedOffsets(of: Array("task with Identifier 42".utf8), stride: 3))
        #expect(LiteralScanner.indexedOffsets(of: Array("abcd".utf8), stride: 3) == 0..<1)
    }

    /// A run is as common as its commonest window: `> resuming`'s runs with the rare `>` also hold
    /// ` res` (as in every ` response` and ` result`), so the run taken has neither.
    @Test func aRunWithOneCommonWindowIsNotTaken() {
        let literal = Array("> resuming".utf8)
        #expect(LiteralScanner.indexedOffsets(of: literal, stride: 3) == 4..<7)
        #expect(
            ByteCommonness.windowCommonness(Array(" res".utf8), 0)
                > 4 * ByteCommonness.windowCommonness(Array("> re".utf8), 0))
    }

    @Test func aCandidateSetIsWalkedInAscendingOrderUntilTheWalkStops() {
        var set = CandidateSet()
        for member in [255, 3, 64, 0, 130, 63] { set.insert(member) }
        var seen: [Int] = []
        set.forEachMember {
            seen.append($0); return true
        }
        #expect(seen == [0, 3, 63, 64, 130, 255])
        var firstTwo: [Int] = []
        set.forEachMember {
            firstTwo.append($0); return firstTwo.count < 2
        }
        #expect(firstTwo == [0, 3])
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

    /// Windows whose hashes share a slot are found past each other; an absent one finds nothing.
    @Test func theWindowIndexFindsEveryWindowsPlacesAndNoneForOthers() {
        // 40 windows in a 128-slot table: linear probing must step over occupied slots.
        var windows: [UInt32: [WindowIndex.Place]] = [:]
        for number in 0..<40 {
            let window = UInt32(0x2020_2020) | UInt32(number) << 8
            windows[window] = (0...(number % 3)).map { WindowIndex.Place(literal: number, offset: $0) }
        }
        let index = WindowIndex(windows)
        for (window, places) in windows {
            var found: [Int] = []
            index.forEachPlace(of: window) { found.append($0.literal * 10 + $0.offset) }
            #expect(found == places.map { $0.literal * 10 + $0.offset }, "\(window)")
        }
        var none = 0
        index.forEachPlace(of: 0x2020_2021) { _ in none += 1 }
        #expect(none == 0)
    }
}
