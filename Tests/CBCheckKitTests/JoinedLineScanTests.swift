import TestSupport
import Testing

@testable import CBCheckKit
@testable import LogReading

/// A record's continuation lines are scanned for literals together when the record ends
/// (`PendingRecord.scanJoinedLines`), not one call per line: the candidates must be those of
/// scanning each line alone, and with a literal holding a newline each line is still scanned alone.
@Suite struct JoinedLineScanTests {
    private func candidates(_ scanner: LiteralScanner, _ text: String) -> CandidateSet {
        Array(text.utf8).withUnsafeBytes { scanner.candidates(in: $0) }
    }

    /// Random records (a first line and up to twenty continuations, made of the built-in map's
    /// literals, their halves and filler, some lines short of a window): the record's candidates
    /// after the joined scan are the union of each line's, first line from its message start.
    @Test func joinedScanFindsWhatEachLineFinds() throws {
        let patterns = try RuleLibrary.builtIn().eventMap.entries.flatMap(\.patterns)
        let scanner = LiteralScanner(patterns: patterns)
        #expect(!scanner.literalsHoldNewline)
        let literals = patterns.flatMap { $0.literals ?? [] }.map { String(decoding: $0, as: UTF8.self) }
        let filler = ["", " ", "  }", "x", "\"cache\" = 715;", "task", "with", "error", "\t", "ab"]
        var random = SeededGenerator(seed: 23)
        func piece() -> String {
            switch Int.random(in: 0..<4, using: &random) {
            case 0:
                let literal = literals.randomElement(using: &random)!
                return String(literal.prefix(Int.random(in: 0...literal.count, using: &random)))
            case 1: return literals.randomElement(using: &random)!
            default: return filler.randomElement(using: &random)!
            }
        }
        func line() -> String { (0..<Int.random(in: 0...3, using: &random)).map { _ in piece() }.joined() }
        let prefix = "2026-03-14 14:25:55.431 Downloader[6621:1451233] "
        for _ in 0..<400 {
            let first = prefix + line()
            let continuations = (0..<Int.random(in: 0...20, using: &random)).map { _ in "  " + line() }
            var expected = candidates(scanner, String(first.dropFirst(prefix.count)))
            for continuation in continuations { expected.formUnion(candidates(scanner, continuation)) }

            let record = PendingRecord()
            Array(first.utf8).withUnsafeBytes {
                record.start($0, messageStart: prefix.utf8.count, staysReadable: false, scanner: scanner)
            }
            for continuation in continuations {
                let joined = Array(continuation.utf8).withUnsafeBytes {
                    record.join($0, number: 2, columnShift: 0, limit: RecordLimit.bytes, scanner: scanner)
                }
                #expect(joined)
            }
            #expect(record.hasUnscannedLines == !continuations.isEmpty)
            record.scanJoinedLines(scanner: scanner)
            #expect(!record.hasUnscannedLines)
            #expect(record.candidates == expected, "\(first) + \(continuations)")
        }
    }

    /// A literal holding a newline byte (the map's parser makes none: `\n` ends a literal; a
    /// pattern built by hand may) is never found by scanning lines one by one, so the lines are
    /// then scanned as they join, and a record whose lines join into it gets no candidate from it.
    @Test func aLiteralWithANewlineKeepsTheScanPerLine() throws {
        let parsed = try EventMapParser(file: "t.cbevents", text: "event app.launch\n  match /alpha\\n  beta/\n")
            .parse().entries[0].patterns[0]
        let literals = [Array("alpha\n  beta".utf8), Array("gamma delta".utf8)].map { literal in
            EventMap.MapPattern(
                pattern: parsed.pattern, literals: [literal], caseless: false, location: parsed.location)
        }
        let scanner = LiteralScanner(patterns: literals)
        #expect(scanner.literalsHoldNewline)
        let record = PendingRecord()
        Array("2026-03-14 14:25:55.431 Downloader[6621:1451233] chatter".utf8).withUnsafeBytes {
            record.start($0, messageStart: 49, staysReadable: false, scanner: scanner)
        }
        for line in ["  alpha", "  beta", "  then gamma delta"] {
            _ = Array(line.utf8).withUnsafeBytes {
                record.join($0, number: 2, columnShift: 0, limit: 1 << 16, scanner: scanner)
            }
            #expect(!record.hasUnscannedLines)
        }
        #expect(record.withMessage { Array($0) } == Array("chatter\n  alpha\n  beta\n  then gamma delta".utf8))
        #expect(!record.candidates.contains(0))
        #expect(record.candidates.contains(1))
    }
}
