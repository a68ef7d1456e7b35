import Testing

@testable import CBCheckKit

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

    @Test func threadFollowsTheNumber() {
        var recent = RecentFields()
        #expect(recent.thread(7) == "7")
        #expect(recent.thread(7) == "7")
        #expect(recent.thread(1234) == "1234")
        #expect(recent.thread(0) == "0")
    }
}
