import Foundation
import TestSupport
import Testing

@testable import CBCheckKit

/// Repeated mentions of one callback fold into the call (`TraceBuilder+Echoes`); a true second
/// call, told by what differs, does not.
@Suite struct EchoFoldingTests {
    private static func check(_ lines: [String]) throws -> CheckedLines {
        try CheckedLines(lines) { !$0.kind.isSynthetic || $0.kind == .sessionNamed }
    }

    @Test func aMethodNameFollowedByWhatItDidIsTheSameWake() throws {
        let wake = try Self.check([
            "2024-05-01 10:00:00.100 MyApp[7:100] application(_:handleEventsForBackgroundURLSession:completionHandler:)",
            "2024-05-01 10:00:00.101 MyApp[7:100] handleEventsForBackgroundURLSession Rejoining session with "
                + "identifier com.acme.bg <__NSURLBackgroundSession: 0x15b>",
            "2024-05-01 10:00:00.300 MyApp[7:200] urlSessionDidFinishEvents(forBackgroundURLSession:)",
            "2024-05-01 10:00:00.310 MyApp[7:100] calling the completion handler",
            "2024-05-01 10:00:09.000 MyApp[7:100] applicationWillTerminate(_:)",
        ])
        // One scope, named by the folded mention: the handler was called, after finishEvents.
        #expect(wake.findings == [])
        #expect(wake.stats.echoesFolded == 1)
        #expect(wake.events.map(\.kind.name).prefix(2) == ["app.handleEvents", "session.named"])
        #expect(wake.events.filter { $0.kind == .appHandleEvents }.count == 1)
    }

    @Test func entryAndExitOfOneCompletionAreOneCompletion() throws {
        let lines = [
            "2024-05-01 10:00:00.100 MyApp[7:300] -> urlSession(_:task:didCompleteWithError:) task=3 error=nil",
            "2024-05-01 10:00:00.104 MyApp[7:300] <- urlSession(_:task:didCompleteWithError:) task=3",
        ]
        let folded = try Self.check(lines)
        #expect(folded.stats.echoesFolded == 1)
        #expect(folded.findings == [])
    }

    @Test func aSecondCompletionThatSaysSomethingElseIsASecondCall() throws {
        let session = "2024-05-01 10:00:00.000 MyApp[7:100] creating background session with identifier com.acme.bg"
        let twice = try Self.check([
            session,
            "2024-05-01 10:00:00.100 MyApp[7:300] urlSession(_:task:didCompleteWithError:) task=3 error=nil",
            "2024-05-01 10:00:00.200 MyApp[7:300] urlSession(_:task:didCompleteWithError:) task=3 error=-999",
        ])
        #expect(twice.stats.echoesFolded == 0)
        #expect(twice.findings.contains("CB202@3"))
        let later = try Self.check([
            session,
            "2024-05-01 10:00:00.100 MyApp[7:300] urlSession(_:task:didCompleteWithError:) task=3 error=nil",
            "2024-05-01 10:00:04.100 MyApp[7:300] urlSession(_:task:didCompleteWithError:) task=3 error=nil",
        ])
        #expect(later.stats.echoesFolded == 0)
        #expect(later.findings.contains("CB202@3"))
    }

    @Test func withoutTimesOnlyTheVeryNextLineFolds() throws {
        let printed = try Self.check([
            "didFinishDownloadingTo file:///tmp/CFNetworkDownload_a.tmp",
            "didFinishDownloadingTo file:///tmp/CFNetworkDownload_a.tmp",
            "moved the file",
            "didFinishDownloadingTo file:///tmp/CFNetworkDownload_a.tmp",
        ])
        #expect(printed.stats.echoesFolded == 1)
    }
}
