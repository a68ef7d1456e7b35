import Foundation
import TestSupport
import Testing

@testable import CBCheckKit

/// The literal scan's two paths, `CLiteralScan`'s vector kernel (AVX2) and the portable Swift loop,
/// must find the same candidates in every message: a missed literal would lose an event.
@Suite struct VectorLiteralScanTests {
    /// The built-in map's entry patterns, as the recognizer numbers them, and its extractors.
    private let patterns: [EventMap.MapPattern]
    private let extractors: [EventMap.MapPattern]

    init() throws {
        let map = try RuleLibrary.builtIn().eventMap
        patterns = map.entries.flatMap(\.patterns)
        extractors = map.extractors.map(\.pattern)
    }

    /// `body` with the bytes in a buffer of exactly their size, so AddressSanitizer (`make
    /// test-sanitize`) reports a read past the end.
    private func withExactBuffer<Result>(_ bytes: [UInt8], _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 1)
        defer { buffer.deallocate() }
        buffer.copyBytes(from: bytes)
        return body(UnsafeRawBufferPointer(buffer))
    }

    /// Each of the pairs scans `bytes` and every suffix of it that starts in its first 32 bytes
    /// (every way the line's end can fall in the kernel's last round) with both paths.
    private func expectSameCandidates(_ pairs: [(LiteralScanner, LiteralScanner)], _ bytes: [UInt8]) {
        for start in 0...min(32, bytes.count) {
            withExactBuffer(Array(bytes[start...])) { line in
                for (vector, portable) in pairs {
                    #expect(
                        vector.candidates(in: line) == portable.candidates(in: line),
                        "\(String(decoding: bytes[start...], as: UTF8.self))")
                }
            }
        }
    }

    private var scannerPairs: [(LiteralScanner, LiteralScanner)] {
        [
            (
                LiteralScanner(patterns: patterns, vectorScan: true),
                LiteralScanner(patterns: patterns, vectorScan: false)
            ),
            (
                LiteralScanner(patterns: extractors, shortestLiteral: 6, vectorScan: true),
                LiteralScanner(patterns: extractors, shortestLiteral: 6, vectorScan: false)
            ),
        ]
    }

    @Test func theBuiltInMapScansWithTheVectorKernelWhereTheCPUHasIt() {
        #expect(!patterns.isEmpty)
        #expect(LiteralScanner(patterns: patterns).usesVectorScan == LiteralScanner.vectorScanAvailable)
        #expect(!LiteralScanner(patterns: patterns, vectorScan: false).usesVectorScan)
    }

    /// Every line of every fixture (real NSLog, unified-log, syslog, JSON and app-logger lines).
    @Test func bothPathsAgreeOnEveryFixtureLine() throws {
        let pairs = scannerPairs
        var lines = 0
        for path in TestSupport.fixturePaths() {
            let data = try Data(contentsOf: TestSupport.packageRoot.appendingPathComponent(path))
            for line in data.split(separator: 0x0A) {
                expectSameCandidates(pairs, Array(line))
                lines += 1
            }
        }
        #expect(lines > 1000)
    }

    /// Random lines made of the map's literals (in any case), their fragments and noise, of every
    /// length up to 200 bytes: literals at every offset, lines ending mid-literal.
    @Test func bothPathsAgreeOnRandomLines() {
        let pairs = scannerPairs
        let pieces = (patterns + extractors).flatMap { $0.literals ?? [] }
        #expect(pieces.count > 50)
        var random = SeededGenerator(seed: 6)
        for _ in 0..<3000 {
            var line: [UInt8] = []
            let length = random.next(below: 200)
            while line.count < length {
                switch random.next(below: 4) {
                case 0:
                    var literal = pieces[random.next(below: pieces.count)]
                    if random.next(below: 2) == 0 {
                        literal = literal.map { $0 ^ (random.next(below: 3) == 0 ? 0x20 : 0) }
                    }
                    let cut = random.next(below: 3) == 0 ? random.next(below: literal.count + 1) : literal.count
                    line += literal.prefix(cut)
                case 1: line.append(UInt8(random.next(below: 256)))
                default: line += Array(" task x=12 {\"a\": [1]} ".utf8.prefix(random.next(below: 20)))
                }
            }
            expectSameCandidates(pairs, line)
        }
    }

    /// A literal as the last bytes of lines of every length: found by both paths.
    @Test func aLiteralEndingTheLineIsFoundWhateverTheLinesLength() throws {
        let scanner = LiteralScanner(patterns: patterns, vectorScan: true)
        let literal = Array("didCompleteWithError".utf8)
        let index = try #require(patterns.firstIndex { ($0.literals ?? []).contains(literal) })
        for padding in 0..<70 {
            withExactBuffer(Array(repeating: UInt8(ascii: "x"), count: padding) + literal) { line in
                #expect(scanner.candidates(in: line).contains(index), "after \(padding) bytes")
            }
        }
    }

    /// Maps whose shortest literal makes strides 1 to 6 (the kernel's four, then the C loop's),
    /// with a caseless literal: both paths agree on random lines dense with the literals' pieces.
    @Test func bothPathsAgreeForEveryStride() throws {
        var random = SeededGenerator(seed: 7)
        for stride in 1...6 {
            let words = ["didFinishLaunching", "BecameActive", "cancelByProducingResumeData", "task.resume()"]
            let map = try EventMapParser(
                file: "t.cbevents",
                text: """
                    event app.launch
                      match /\(words[0].prefix(stride + 3))/
                    event app.active
                      match /\(words[1])/i
                    event task.cancel
                      match /\(words[2])|\(words[3].replacingOccurrences(of: ".", with: "\\.").replacingOccurrences(of: "(", with: "\\(").replacingOccurrences(of: ")", with: "\\)"))/
                    """
            ).parse()
            let patterns = map.entries.flatMap(\.patterns)
            let pair = (
                LiteralScanner(patterns: patterns, vectorScan: true),
                LiteralScanner(patterns: patterns, vectorScan: false)
            )
            #expect(pair.0.stride == stride)
            for _ in 0..<400 {
                var line: [UInt8] = []
                let length = random.next(below: 90)
                while line.count < length {
                    let word = Array(words[random.next(below: words.count)].utf8)
                    let piece =
                        random.next(below: 2) == 0 ? word : Array(word.prefix(random.next(below: word.count + 1)))
                    line += random.next(below: 3) == 0 ? piece.map { $0 ^ 0x20 } : piece
                    line += Array("  x".utf8.prefix(random.next(below: 4)))
                }
                expectSameCandidates([pair], line)
            }
        }
    }
}
