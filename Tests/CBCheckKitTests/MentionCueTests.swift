import Testing

@testable import CBCheckKit

/// A line that speaks of a callback without logging it (a plan, a wait, a negation) is no call,
/// judged on the words around the phrasing's match; the words of a real call line are not.
@Suite struct MentionCueTests {
    /// Whether `line` is a mention at the first occurrence of `phrase`.
    private func isMention(_ line: String, at phrase: String) throws -> Bool {
        let bytes = Array(line.utf8)
        let start = try #require(line.range(of: phrase)).lowerBound.utf16Offset(in: line)
        return bytes.withUnsafeBytes { MentionCue.isMention($0, match: start..<start + phrase.utf8.count) }
    }

    @Test func plansWaitsAndNegationsBeforeThePhrasingAreMentions() throws {
        #expect(try isMention("will call completion handler after events finish", at: "call completion handler"))
        #expect(try isMention("[DM] waiting for urlSessionDidFinishEvents", at: "urlSessionDidFinishEvents"))
        #expect(
            try isMention(
                "registering for handleEventsForBackgroundURLSession", at: "handleEventsForBackgroundURLSession"))
        #expect(try isMention("2 tasks left; not calling completion handler yet", at: "calling completion handler"))
        #expect(try isMention("Expecting didCompleteWithError for task 3 within 60s", at: "didCompleteWithError"))
        #expect(
            try isMention(
                "Timed out waiting for handleEventsForBackgroundURLSession", at: "handleEventsForBackgroundURLSession"))
        #expect(try isMention("No background completion handler stored for x", at: "completion handler stored"))
    }

    @Test func aDenialRightAfterThePhrasingIsAMention() throws {
        #expect(try isMention("didFinishLaunchingWithOptions has not run yet", at: "didFinishLaunchingWithOptions"))
        #expect(try isMention("urlSessionDidFinishEvents was never delivered for x", at: "urlSessionDidFinishEvents"))
        #expect(try isMention("didFinishDownloadingTo not yet received for task 1", at: "didFinishDownloadingTo"))
    }

    /// Real call lines: what comes far after the phrasing, or before it in another clause, is not a cue.
    @Test func realCallLinesAreNotMentions() throws {
        #expect(
            try !isMention(
                "urlSession(_:task:didCompleteWithError:) task=3 error=-1001, will retry when active",
                at: "didCompleteWithError"))
        #expect(
            try !isMention(
                "[DownloadManager] calling completion handler for com.acme.bg", at: "calling completion handler"))
        #expect(
            try !isMention(
                "application(_:handleEventsForBackgroundURLSession:completionHandler:) identifier: x",
                at: "handleEventsForBackgroundURLSession"))
        // "no" inside a word ("Notice", "nothing") is no cue.
        #expect(try !isMention("<Notice>: calling completion handler", at: "calling completion handler"))
        #expect(try !isMention("Downloader[1:2] nowcalling urlSessionDidFinishEvents", at: "urlSessionDidFinishEvents"))
    }
}
