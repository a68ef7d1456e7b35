import Testing

@testable import CBCheckKit

/// The system's daemons in a device log, among the app's lines (issue 17: pasted excerpts mix
/// them): a record of theirs that reads like a callback is excluded, never the app's event, and
/// starts no run of its own.
@Suite struct SystemProcessesTests {
    static let app = [
        "2026-03-14 09:26:51.102 Downloader[4101:1200001] application(_:didFinishLaunchingWithOptions:) launchOptions=nil",
        "2026-03-14 09:26:51.140 Downloader[4101:1200001] application(_:handleEventsForBackgroundURLSession:completionHandler:) com.acme.Downloader.bg",
        "2026-03-14 09:26:51.377 Downloader[4101:1200001] urlSession(_:downloadTask:didFinishDownloadingTo:) task=1 location=file:///tmp/CFNetworkDownload_Qx3T1a.tmp",
        "2026-03-14 09:26:51.392 Downloader[4101:1200001] urlSession(_:task:didCompleteWithError:) task=1 error=nil status=200",
    ]

    @Test(arguments: ["nsurlsessiond", "runningboardd", "mobileassetd", "SpringBoard", "kernel"])
    func aDaemonsCallbackLikeLinesAreExcluded(_ daemon: String) throws {
        let alone = try ReadLog(Self.app.joined(separator: "\n") + "\n")
        let lines = [
            "2026-03-14 09:26:51.110 \(daemon)[456:7001] application(_:didFinishLaunchingWithOptions:) com.acme.Downloader",
            "2026-03-14 09:26:51.112 \(daemon)[456:7001] urlSession(_:downloadTask:didFinishDownloadingTo:) task=9 location=file:///var/x.tmp",
            "2026-03-14 09:26:51.113 \(daemon)[456:7001] urlSession(_:task:didCompleteWithError:) task=9 error=nil",
        ]
        let interleaved = Self.app.indices.flatMap { [Self.app[$0]] + ($0 < lines.count ? [lines[$0]] : []) }
        let mixed = try ReadLog(interleaved.joined(separator: "\n") + "\n")
        #expect(mixed.events.allSatisfy { $0.process == "Downloader" })
        #expect(mixed.events.map(\.kind.name) == alone.events.map(\.kind.name))
        #expect(mixed.stats.excluded == 3)
        #expect(Set(mixed.events.map(\.run)) == [1])
    }
}
