import Foundation
import TestSupport
import Testing

@testable import CBCheckKit
@testable import LogReading

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite struct LineReaderTests {
    /// One delivered line: its bytes (copied out of the reader's buffer) and what the reader said of it.
    struct Delivered: Equatable {
        var bytes: [UInt8]
        var number: Int
        var wasTruncated: Bool

        var text: String { String(decoding: bytes, as: UTF8.self) }
    }

    struct Outcome {
        var lines: [Delivered]
        var count: Int
        var missingFinalNewline: Bool
    }

    /// Writes `bytes` to a temporary file, opens it with `open(2)` and reads it with `reader`.
    private func read(_ bytes: [UInt8], with reader: LineReader = LineReader()) throws -> Outcome {
        let path = try TestSupport.temporaryFile(Data(bytes))
        let descriptor = open(path, O_RDONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        var lines: [Delivered] = []
        let result = try reader.forEachLine(in: descriptor, path: path) { line, info in
            lines.append(Delivered(bytes: Array(line), number: info.number, wasTruncated: info.wasTruncated))
        }
        return Outcome(lines: lines, count: result.lines, missingFinalNewline: result.missingFinalNewline)
    }

    private func read(_ text: String, with reader: LineReader = LineReader()) throws -> Outcome {
        try read(Array(text.utf8), with: reader)
    }

    private func reader(chunkSize: Int, maximumLineLength: Int = 64 << 20) -> LineReader {
        var reader = LineReader()
        reader.chunkSize = chunkSize
        reader.maximumLineLength = maximumLineLength
        return reader
    }

    @Test func splitsOnNewlinesAndStripsTheCarriageReturnOfCRLF() throws {
        let outcome = try read("alpha\nbeta\r\ngamma\n")
        #expect(outcome.lines.map(\.text) == ["alpha", "beta", "gamma"])
        #expect(outcome.lines.map(\.number) == [1, 2, 3])
        #expect(outcome.lines.allSatisfy { !$0.wasTruncated })
        #expect(outcome.count == 3)
        #expect(outcome.missingFinalNewline == false)
    }

    @Test func aLoneCarriageReturnEndsALineAndEmptyLinesAreDelivered() throws {
        let outcome = try read("a\rb\n\n\r\nlast\n")
        #expect(outcome.lines.map(\.bytes) == [[0x61], [0x62], [], [], Array("last".utf8)])
        #expect(outcome.lines.map(\.number) == [1, 2, 3, 4, 5])
    }

    @Test func deliversALastLineWithoutNewlineAndSaysSo() throws {
        let outcome = try read("first\nsecond")
        #expect(outcome.lines.map(\.text) == ["first", "second"])
        #expect(outcome.lines.last?.number == 2)
        #expect(outcome.count == 2)
        #expect(outcome.missingFinalNewline)
    }

    @Test func anEmptyFileHasNoLines() throws {
        let outcome = try read([])
        #expect(outcome.lines.isEmpty)
        #expect(outcome.count == 0)
        #expect(outcome.missingFinalNewline == false)
    }

    @Test func aFileOfOneNewlineHasOneEmptyLine() throws {
        let outcome = try read("\n")
        #expect(outcome.lines == [Delivered(bytes: [], number: 1, wasTruncated: false)])
        #expect(outcome.missingFinalNewline == false)
    }

    @Test func aLineLongerThanTheChunkSizeIsDeliveredWholeAcrossReads() throws {
        // 100 bytes with chunks of 16: the buffer (2 × 16) has to grow twice to hold the line.
        let long = String((0..<100).map { Character(UnicodeScalar(UInt8(0x61 + $0 % 26))) })
        let outcome = try read("short\n\(long)\nafter\nend", with: reader(chunkSize: 16))
        #expect(outcome.lines.map(\.text) == ["short", long, "after", "end"])
        #expect(outcome.lines.map(\.number) == [1, 2, 3, 4])
        #expect(outcome.lines.allSatisfy { !$0.wasTruncated })
        #expect(outcome.missingFinalNewline)
    }

    @Test func aCRLFSplitBetweenTwoReadsIsStillOneTerminator() throws {
        // Chunks of 4: "abc\r" is one read and "\ndef" the next.
        let outcome = try read("abc\r\ndef\r\nghijklmnop\r\n", with: reader(chunkSize: 4))
        #expect(outcome.lines.map(\.text) == ["abc", "def", "ghijklmnop"])
        #expect(outcome.count == 3)
    }

    @Test func manyShortLinesAcrossManySmallChunksAreNumberedInOrder() throws {
        let text = (1...50).map { "line \($0)\n" }.joined()
        let outcome = try read(text, with: reader(chunkSize: 16))
        #expect(outcome.lines.map(\.text) == (1...50).map { "line \($0)" })
        #expect(outcome.lines.map(\.number) == Array(1...50))
    }

    @Test func aLineFarLongerThanTheMaximumIsCutAndTheNextLineKeepsItsNumber() throws {
        // 40 bytes do not fit the 32-byte buffer (2 × chunk), which is already at the 8-byte maximum.
        let outcome = try read(
            "before\n" + String(repeating: "x", count: 40) + "\nafter\n",
            with: reader(chunkSize: 16, maximumLineLength: 8))
        #expect(
            outcome.lines == [
                Delivered(bytes: Array("before".utf8), number: 1, wasTruncated: false),
                Delivered(bytes: Array("xxxxxxxx".utf8), number: 2, wasTruncated: true),
                Delivered(bytes: Array("after".utf8), number: 3, wasTruncated: false),
            ])
        #expect(outcome.count == 3)
        #expect(outcome.missingFinalNewline == false)
    }

    @Test func aCutLineSpanningSeveralBufferFillsIsReportedOnce() throws {
        let outcome = try read(
            String(repeating: "y", count: 200) + "\nnext\n", with: reader(chunkSize: 16, maximumLineLength: 8))
        #expect(
            outcome.lines == [
                Delivered(bytes: Array("yyyyyyyy".utf8), number: 1, wasTruncated: true),
                Delivered(bytes: Array("next".utf8), number: 2, wasTruncated: false),
            ])
    }

    @Test func aLineLongerThanTheMaximumButShorterThanTheBufferIsCut() throws {
        // maximumLineLength 8 with chunks of 16: a 20-byte line fits the reader's 32-byte buffer.
        let outcome = try read(
            String(repeating: "z", count: 20) + "\nnext\n", with: reader(chunkSize: 16, maximumLineLength: 8))
        #expect(
            outcome.lines == [
                Delivered(bytes: Array("zzzzzzzz".utf8), number: 1, wasTruncated: true),
                Delivered(bytes: Array("next".utf8), number: 2, wasTruncated: false),
            ])
    }

    @Test func aLineOfExactlyTheMaximumLengthIsNotTruncated() throws {
        // maximumLineLength 32 equals the initial buffer (2 × 16): the line fills it exactly.
        let line = String(repeating: "w", count: 32)
        let outcome = try read(line + "\nnext\n", with: reader(chunkSize: 16, maximumLineLength: 32))
        #expect(
            outcome.lines == [
                Delivered(bytes: Array(line.utf8), number: 1, wasTruncated: false),
                Delivered(bytes: Array("next".utf8), number: 2, wasTruncated: false),
            ])
    }

    @Test func aCutLastLineWithoutNewlineIsReportedAsMissingItsNewline() throws {
        let outcome = try read(
            "ok\n" + String(repeating: "v", count: 64), with: reader(chunkSize: 4, maximumLineLength: 8))
        #expect(outcome.lines.map(\.number) == [1, 2])
        #expect(outcome.lines.last?.wasTruncated == true)
        #expect(outcome.missingFinalNewline)
    }

    @Test func nulBytesStayInTheLine() throws {
        let outcome = try read([0x61, 0x00, 0x62, 0x0A, 0x00, 0x0A, 0xFF, 0x00])
        #expect(outcome.lines.map(\.bytes) == [[0x61, 0x00, 0x62], [0x00], [0xFF, 0x00]])
        #expect(outcome.lines.map(\.number) == [1, 2, 3])
        #expect(outcome.missingFinalNewline)
    }

    @Test func aReadFailureIsALogInputErrorNamingThePath() throws {
        #expect(throws: LogInputError.readFailed(path: "gone.log", reason: "Bad file descriptor")) {
            try LineReader().forEachLine(in: -1, path: "gone.log") { _, _ in }
        }
        let error = LogInputError.readFailed(path: "gone.log", reason: "Bad file descriptor")
        #expect(error.description == "gone.log: read failed: Bad file descriptor")
    }

    @Test func anErrorThrownByTheBodyStopsTheReading() throws {
        struct Stop: Error {}
        let path = try TestSupport.temporaryFile("1\n2\n3\n4\n")
        let descriptor = open(path, O_RDONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        var seen: [Int] = []
        #expect(throws: Stop.self) {
            try LineReader().forEachLine(in: descriptor, path: path) { _, info in
                seen.append(info.number)
                if info.number == 2 { throw Stop() }
            }
        }
        #expect(seen == [1, 2])
    }

    /// The promise `PendingRecord` relies on to borrow a first line: the line before stays where it
    /// was, unchanged, while the next is delivered, across refills, a growing buffer and a cut line.
    @Test func theLineBeforeStaysReadableWhileTheNextIsDelivered() throws {
        let text =
            (1...40).map { "line \($0) " + String(repeating: "x", count: $0 % 7) }.joined(separator: "\n")
            + "\n" + String(repeating: "g", count: 40) + "\nafter grown\n" + String(repeating: "c", count: 90)
            + "\nafter cut\nlast"
        let path = try TestSupport.temporaryFile(Data(text.utf8))
        let descriptor = open(path, O_RDONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        var previous: (bytes: UnsafeRawBufferPointer, copy: [UInt8])?
        var checked = 0
        try reader(chunkSize: 8, maximumLineLength: 64).forEachLine(in: descriptor, path: path) { line, info in
            #expect(info.staysReadableUntilNextLine)
            if let previous {
                #expect(Array(previous.bytes) == previous.copy, "line \(info.number - 1) changed")
                checked += 1
            }
            previous = (line, Array(line))
        }
        #expect(checked == 44)
    }

    /// Lone carriage returns end lines whatever the chunks, found where a line holds one before
    /// the search looks for them, and by the search after: the lines and their count are the same.
    @Test func loneCarriageReturnsEndLinesAcrossChunks() throws {
        let text = "a\rb\nplain\nx\r\ny\r\r\n\rz\nlong line without one\nend\r"
        let expected = ["a", "b", "plain", "x", "y", "", "", "z", "long line without one", "end"]
        for chunkSize in [1, 2, 3, 4, 8, 1 << 20] {
            let outcome = try read(text, with: reader(chunkSize: chunkSize))
            #expect(outcome.lines.map(\.text) == expected, "chunks of \(chunkSize)")
            #expect(outcome.lines.map(\.number) == Array(1...10))
            // "a\r", "y\r", the empty line's "\r", "end\r": the file shows lone ones, so its last is an end.
            #expect(try summary(text, chunkSize).loneCarriageReturnLineEnds == 4, "chunks of \(chunkSize)")
            #expect(!outcome.missingFinalNewline)
        }
    }

    /// A file with no newline at all (old Mac line ends) is read line by line, never as one line
    /// that grows until it is cut: its lines are longer together than the buffer and the maximum.
    @Test func aFileOfCarriageReturnsOnlyIsReadLineByLine() throws {
        let lines = (1...200).map { "line \($0) " + String(repeating: "x", count: $0 % 13) }
        let text = lines.joined(separator: "\r") + "\r"
        for chunkSize in [3, 16, 64, 1 << 20] {
            let outcome = try read(text, with: reader(chunkSize: chunkSize, maximumLineLength: 64))
            #expect(outcome.lines.map(\.text) == lines, "chunks of \(chunkSize)")
            #expect(outcome.lines.allSatisfy { !$0.wasTruncated })
            #expect(!outcome.missingFinalNewline)
            #expect(try summary(text, chunkSize, maximumLineLength: 64).loneCarriageReturnLineEnds == 200)
        }
    }

    /// Mixed line ends: `\n`, `\r\n` and lone `\r` in one file, a `\r\n` split across two reads
    /// once lone carriage returns are looked for, and lone ones met only far into the file.
    @Test func mixedLineEndsGiveTheSameLinesWhateverTheChunks() throws {
        var text = (1...30).map { "lf \($0)\n" }.joined()
        text += (1...30).map { "crlf \($0)\r\n" }.joined() + (1...30).map { "cr \($0)\r" }.joined()
        text += (1...30).map { ["lf", "crlf", "cr"][$0 % 3] + " again \($0)" + ["\n", "\r\n", "\r"][$0 % 3] }.joined()
        let expected = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            .split(separator: "\n").map(String.init)
        for chunkSize in [1, 2, 5, 7, 64, 1 << 20] {
            let outcome = try read(text, with: reader(chunkSize: chunkSize))
            #expect(outcome.lines.map(\.text) == expected, "chunks of \(chunkSize)")
            #expect(try summary(text, chunkSize).loneCarriageReturnLineEnds == 40, "chunks of \(chunkSize)")
        }
    }

    @Test func aLastCarriageReturnOfACRLFFileIsStillAMissingNewline() throws {
        let outcome = try read("first\r\nsecond\r")
        #expect(outcome.lines.map(\.text) == ["first", "second"])
        #expect(outcome.missingFinalNewline)
        #expect(try summary("first\r\nsecond\r", 1 << 20).loneCarriageReturnLineEnds == 0)
    }

    private func summary(
        _ text: String, _ chunkSize: Int, maximumLineLength: Int = 64 << 20
    ) throws
        -> LineReader.Summary
    {
        let path = try TestSupport.temporaryFile(Data(text.utf8))
        let descriptor = open(path, O_RDONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        return try reader(chunkSize: chunkSize, maximumLineLength: maximumLineLength).forEachLine(
            in: descriptor, path: path
        ) { _, _ in }
    }
}
