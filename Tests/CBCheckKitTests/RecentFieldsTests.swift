import Testing

@testable import CBCheckKit
@testable import LogReading

/// The process and thread of the event before are reused only while the bytes are the same.
@Suite struct RecentFieldsTests {
    private func process(_ recent: inout RecentFields, _ name: String) -> (String, Bool, Bool) {
        Array(name.utf8).withUnsafeBytes { recent.process($0) }
    }

    @Test func processFollowsTheBytes() {
        var recent = RecentFields()
        #expect(process(&recent, "Downloader") == ("Downloader", false, false))
        #expect(process(&recent, "Downloader") == ("Downloader", false, false))
        #expect(process(&recent, "nsurlsessiond") == ("nsurlsessiond", true, false))
        #expect(process(&recent, "Downloadex") == ("Downloadex", false, false))
        #expect(process(&recent, "Download") == ("Download", false, false))
        #expect(process(&recent, "bad\u{1B}name") == ("bad\\x1Bname", false, false))
        // A redacted name is one until the bytes change, and the name after it is none.
        #expect(process(&recent, "<private>") == ("<private>", false, true))
        #expect(process(&recent, "<private>") == ("<private>", false, true))
        #expect(process(&recent, "<private>x") == ("<private>x", false, false))
        #expect(process(&recent, "Downloader") == ("Downloader", false, false))
    }

    /// Threads written as bytes (NSLog's decimal ones) come from a table of 64 slots: with more
    /// threads than slots, every answer is still the thread's own text.
    @Test func threadFollowsTheBytes() {
        var recent = RecentFields()
        let threads =
            (0..<200).map { String(1_200_000 + $0 * 7) } + ["0x1b2c3", "1", "12345678", "123456789", "7\u{1B}"]
        for round in 0..<3 {
            for thread in round == 1 ? threads.reversed() : threads {
                let text = Array(thread.utf8).withUnsafeBytes { recent.thread($0) }
                #expect(text == (thread == "7\u{1B}" ? "7\\x1B" : thread), "\(thread), round \(round)")
            }
        }
        // Bytes that differ only in length (a shorter thread's word is zero-padded).
        #expect(Array("12".utf8).withUnsafeBytes { recent.thread($0) } == "12")
        #expect(([0x31, 0x32, 0x00] as [UInt8]).withUnsafeBytes { recent.thread($0) } == "12\\x00")
    }

    /// NSLog's `Process[pid:` is the event before's only for the same bytes; a fresh memory holds
    /// none (not even the `A[1:` its `CheckedLineStart` starts with).
    @Test func processBracketFollowsTheBytes() {
        func bracket(_ recent: RecentFields, _ text: String) -> [Int]? {
            let bytes = Array(text.utf8)
            return bytes.withUnsafeBytes {
                recent.processBracket($0.baseAddress!.assumingMemoryBound(to: UInt8.self), at: 0, bytes.count)
                    .map { [$0.open, $0.threadStart, $0.pid] }
            }
        }
        var recent = RecentFields()
        #expect(bracket(recent, "A[1:2] and some more bytes") == nil)
        let first = Array("Downloader[4101:1200001] message".utf8)
        first.withUnsafeBytes {
            recent.rememberProcess(
                $0.baseAddress!.assumingMemoryBound(to: UInt8.self), from: 0, open: 10, colon: 15, pid: 4101)
        }
        #expect(bracket(recent, "Downloader[4101:1200002] other") == [10, 16, 4101])
        #expect(bracket(recent, "Downloader[4102:1200001] other") == nil)
        #expect(bracket(recent, "Downloader[41011:1200001] other") == nil)
        #expect(bracket(recent, "Downloader[4101") == nil)  // fewer than 16 bytes
        // A name too long to keep leaves the memory as it was.
        let long = Array("AVeryLongProcessName[7:1] message".utf8)
        long.withUnsafeBytes {
            recent.rememberProcess(
                $0.baseAddress!.assumingMemoryBound(to: UInt8.self), from: 0, open: 20, colon: 22, pid: 7)
        }
        #expect(bracket(recent, "Downloader[4101:1200002] other") == [10, 16, 4101])
    }

    @Test func threadFollowsTheNumber() {
        var recent = RecentFields()
        #expect(recent.thread(7) == "7")
        #expect(recent.thread(7) == "7")
        #expect(recent.thread(1234) == "1234")
        #expect(recent.thread(0) == "0")
    }
}
