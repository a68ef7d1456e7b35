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

/// The line reader's newline search: `CLiteralScan`'s vector kernel (AVX2) and the portable loop
/// (`memchr`) must report the same newlines, in order, whatever the room for offsets, and read no
/// byte past the stretch they are given.
@Suite struct NewlineSearchTests {
    /// Every newline offset in `bytes`, searched in a buffer of exactly their size (so
    /// AddressSanitizer, `make test-sanitize`, reports a read past the end), a search at a time.
    private func newlines(in bytes: [UInt8], vector: Bool) -> [Int] {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 1)
        defer { buffer.deallocate() }
        buffer.copyBytes(from: bytes)
        var search = NewlineSearch(vector: vector)
        var offsets: [Int] = []
        var at = 0
        while at < bytes.count {
            let (found, scanned) = search.find(in: buffer.baseAddress! + at, count: bytes.count - at)
            #expect(scanned > 0 || found > 0, "no progress at \(at)")
            if scanned == 0 && found == 0 { break }
            offsets += (0..<found).map { at + search.offset($0) }
            at += scanned
        }
        return offsets
    }

    private func expectBothFind(_ bytes: [UInt8], _ comment: Comment? = nil) {
        let expected = bytes.indices.filter { bytes[$0] == 0x0A }
        #expect(newlines(in: bytes, vector: false) == expected, comment)
        #expect(newlines(in: bytes, vector: true) == expected, comment)
    }

    @Test func theVectorKernelRunsWhereTheCPUHasIt() {
        #if arch(x86_64)
            // The machines this project builds on have AVX2; a CPU without it takes the portable loop.
            #expect(NewlineSearch.vectorAvailable)
        #else
            #expect(!NewlineSearch.vectorAvailable)
        #endif
    }

    @Test func everyLengthAroundARoundFindsTheSameNewlines() {
        // Lengths 0…200 cross the 64-byte rounds and the zeroed copy of the last bytes.
        for length in 0...200 {
            let bytes = (0..<length).map { $0 % 7 == 3 || $0 == length - 1 ? UInt8(0x0A) : UInt8(0x61 + $0 % 26) }
            expectBothFind(bytes, "length \(length)")
        }
    }

    @Test func newlinesAtTheEdgesOfARoundAndNulBytesAroundThem() {
        for position in [0, 31, 32, 63, 64, 65, 127, 128] {
            var bytes = [UInt8](repeating: 0, count: 130)
            bytes[position] = 0x0A
            expectBothFind(bytes, "newline at \(position)")
        }
        // Bytes that differ from 0x0A in one bit, and carriage returns, are not newlines.
        expectBothFind([0x0B, 0x08, 0x0E, 0x1A, 0x8A, 0x0D, 0x0A, 0x0D, 0x0A, 0x2A, 0x4A])
    }

    @Test func aStretchOfNewlinesOnlyFillsTheRoomAndGoesOn() {
        // More newlines than one search has room for: each search stops where its room ran out.
        let bytes = [UInt8](repeating: 0x0A, count: NewlineSearch.capacity * 2 + 77)
        expectBothFind(bytes)
        var search = NewlineSearch(vector: true)
        bytes.withUnsafeBytes { raw in
            let (found, scanned) = search.find(in: raw.baseAddress!, count: raw.count)
            #expect(found <= NewlineSearch.capacity)
            #expect(scanned < raw.count)
            #expect(found == scanned, "every byte up to where it stopped is a newline, each reported")
        }
    }

    @Test func randomBytesFindTheSameNewlinesWithBothPaths() {
        var generator = SeededGenerator(seed: 6)
        for round in 0..<300 {
            let length = Int.random(in: 0...400, using: &generator)
            let density = Int.random(in: 1...40, using: &generator)
            let bytes = (0..<length).map { _ in
                Int.random(in: 0..<density, using: &generator) == 0
                    ? UInt8(0x0A) : UInt8.random(in: 0...255, using: &generator)
            }
            expectBothFind(bytes, "round \(round)")
        }
    }

    /// Every line end `find` reports once lone carriage returns end lines, and how many of them
    /// were carriage returns, searched as the reader does: from where the last search stopped.
    private func lineEnds(in bytes: [UInt8], vector: Bool) -> (ends: [Int], carriageReturns: Int) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 1)
        defer { buffer.deallocate() }
        buffer.copyBytes(from: bytes)
        var search = NewlineSearch(vector: vector)
        var offsets: [Int] = []
        var carriageReturns = 0
        var at = 0
        while at < bytes.count {
            let (found, scanned, returns) = search.findLineEnds(in: buffer.baseAddress! + at, count: bytes.count - at)
            offsets += (0..<found).map { at + search.offset($0) }
            carriageReturns += returns
            at += scanned
            if found == 0 && scanned == 0 { break }
        }
        #expect(at >= bytes.count - 1, "stopped early at \(at) of \(bytes.count)")
        return (offsets, carriageReturns)
    }

    /// Newlines, and carriage returns followed by a byte that is no newline (a last one is not
    /// known yet).
    private func expectBothFindLineEnds(_ bytes: [UInt8], _ comment: Comment? = nil) {
        let expected = bytes.indices.filter {
            bytes[$0] == 0x0A || (bytes[$0] == 0x0D && $0 + 1 < bytes.count && bytes[$0 + 1] != 0x0A)
        }
        let carriageReturns = expected.filter { bytes[$0] == 0x0D }.count
        for vector in [false, true] {
            let found = lineEnds(in: bytes, vector: vector)
            #expect(found.ends == expected, comment)
            #expect(found.carriageReturns == carriageReturns, comment)
        }
    }

    @Test func loneCarriageReturnsAreLineEndsAtEveryPlaceOfARound() {
        for position in [0, 1, 31, 32, 62, 63, 64, 65, 126, 127, 128, 129] {
            for follower: UInt8 in [0x0A, 0x0D, 0x61] {
                var bytes = [UInt8](repeating: 0x61, count: 130)
                bytes[position] = 0x0D
                if position + 1 < bytes.count { bytes[position + 1] = follower }
                expectBothFindLineEnds(bytes, "carriage return at \(position) before \(follower)")
            }
        }
        // A carriage return last is left for the next search; "\r\r\n" is a lone one, then a CRLF.
        expectBothFindLineEnds(Array("ab\r".utf8))
        expectBothFindLineEnds(Array("\r\r\n\r\n\n\r\r".utf8))
    }

    @Test func randomLineEndsFindTheSameWithBothPaths() {
        var generator = SeededGenerator(seed: 17)
        for round in 0..<300 {
            let length = Int.random(in: 0...400, using: &generator)
            let density = Int.random(in: 1...30, using: &generator)
            let bytes = (0..<length).map { _ in
                Int.random(in: 0..<density, using: &generator) == 0
                    ? [UInt8(0x0A), 0x0D].randomElement(using: &generator)!
                    : UInt8.random(in: 0...255, using: &generator)
            }
            expectBothFindLineEnds(bytes, "round \(round)")
        }
        // More line ends than one search has room for.
        expectBothFindLineEnds([UInt8](repeating: 0x0D, count: NewlineSearch.capacity * 2 + 77))
        expectBothFindLineEnds(
            Array(repeating: [UInt8(0x0D), 0x0A, 0x0D], count: NewlineSearch.capacity).flatMap { $0 })
    }

    /// The reader's lines are the same with either search, across refills and a growing buffer.
    @Test func theLineReaderDeliversTheSameLinesWithEitherSearch() throws {
        var generator = SeededGenerator(seed: 11)
        var text: [UInt8] = []
        for number in 0..<3000 {
            let length = Int.random(in: 0...(number % 50 == 0 ? 300 : 90), using: &generator)
            text += (0..<length).map { _ in UInt8.random(in: 0x20...0x7E, using: &generator) }
            text += number % 9 == 0 ? [0x0D, 0x0A] : [0x0A]
        }
        text += Array("last without newline\r".utf8)
        let path = try TestSupport.temporaryFile(Data(text))
        var delivered: [[[UInt8]]] = []
        for vector in [false, true] {
            for chunkSize in [7, 64, 1 << 20] {
                let descriptor = open(path, O_RDONLY)
                try #require(descriptor >= 0)
                defer { close(descriptor) }
                var reader = LineReader()
                reader.chunkSize = chunkSize
                reader.vectorNewlineSearch = vector
                var lines: [[UInt8]] = []
                let summary = try reader.forEachLine(in: descriptor, path: path) { line, _ in lines.append(Array(line))
                }
                #expect(summary.lines == 3001)
                #expect(summary.missingFinalNewline)
                delivered.append(lines)
            }
        }
        #expect(delivered.allSatisfy { $0 == delivered[0] })
        #expect(delivered[0].last == Array("last without newline".utf8))
    }
}
