import Testing

@testable import CBCheckKit

/// The process and thread of the event before are reused only while the bytes are the same.
@Suite struct RecentFieldsTests {
    private func process(_ recent: inout RecentFields, _ name: String) -> (name: String, isDaemon: Bool) {
        Array(name.utf8).withUnsafeBytes { recent.process($0) }
    }

    @Test func processFollowsTheBytes() {
        var recent = RecentFields()
        #expect(process(&recent, "Downloader") == ("Downloader", false))
        #expect(process(&recent, "Downloader") == ("Downloader", false))
        #expect(process(&recent, "nsurlsessiond") == ("nsurlsessiond", true))
        #expect(process(&recent, "Downloadex") == ("Downloadex", false))
        #expect(process(&recent, "Download") == ("Download", false))
        #expect(process(&recent, "bad\u{1B}name") == ("bad\\x1Bname", false))
    }

    @Test func threadFollowsTheNumber() {
        var recent = RecentFields()
        #expect(recent.thread(7) == "7")
        #expect(recent.thread(7) == "7")
        #expect(recent.thread(1234) == "1234")
        #expect(recent.thread(0) == "0")
    }
}
