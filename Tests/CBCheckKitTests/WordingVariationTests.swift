import Foundation
import TestSupport
import Testing

@testable import CBCheckKit

/// The same wakes logged in the wordings apps really use give the same verdicts as the canonical
/// wording: ObjC or Swift signatures, a logger's prefix, the session named or not, entry and exit
/// both logged. Independent of the fixtures' own phrasing.
@Suite struct WordingVariationTests {
    /// One line of a wake: which callback, on which thread.
    enum Step {
        case handleEvents, finishDownload, complete, finishEvents, handlerCalled
    }

    struct Wording: CustomStringConvertible {
        var name: String
        var prefix: String
        var objC: Bool
        var namesSession: Bool
        var entryAndExit: Bool
        var description: String { name }
    }

    static let wordings: [Wording] = [
        Wording(name: "canonical", prefix: "", objC: false, namesSession: true, entryAndExit: false),
        Wording(name: "objc", prefix: "", objC: true, namesSession: true, entryAndExit: false),
        Wording(name: "unnamed", prefix: "", objC: false, namesSession: false, entryAndExit: false),
        Wording(name: "tagged", prefix: "[BGTransfer] ", objC: false, namesSession: false, entryAndExit: false),
        Wording(name: "entry-exit", prefix: "", objC: false, namesSession: false, entryAndExit: true),
        Wording(name: "objc-entry-exit", prefix: "💬 ", objC: true, namesSession: true, entryAndExit: true),
    ]

    private static func text(_ step: Step, _ wording: Wording) -> String {
        let session = wording.namesSession ? " identifier: com.acme.bg" : ""
        switch (step, wording.objC) {
        case (.handleEvents, false):
            return "application(_:handleEventsForBackgroundURLSession:completionHandler:)\(session)"
        case (.handleEvents, true):
            return "-[AppDelegate application:handleEventsForBackgroundURLSession:completionHandler:]\(session)"
        case (.finishDownload, false):
            return "urlSession(_:downloadTask:didFinishDownloadingTo:) file:///tmp/CFNetworkDownload_x1.tmp"
        case (.finishDownload, true):
            return
                "-[Downloader URLSession:downloadTask:didFinishDownloadingToURL:] file:///tmp/CFNetworkDownload_x1.tmp"
        case (.complete, false): return "urlSession(_:task:didCompleteWithError:) error: nil"
        case (.complete, true): return "-[Downloader URLSession:task:didCompleteWithError:] error: (null)"
        case (.finishEvents, false): return "urlSessionDidFinishEvents(forBackgroundURLSession:)\(session)"
        case (.finishEvents, true): return "-[Downloader URLSessionDidFinishEventsForBackgroundURLSession:]\(session)"
        case (.handlerCalled, _): return "calling the background completion handler"
        }
    }

    /// The wake as NSLog lines, a thread for each step (main is 100), 10 ms apart.
    private static func log(_ steps: [(Step, String)], _ wording: Wording) -> String {
        var lines: [String] = []
        var millis = 100
        for (step, thread) in steps {
            let body = wording.prefix + text(step, wording)
            let stamp = { (ms: Int) in "2024-05-01 10:00:00.\(String(format: "%03d", ms)) MyApp[77:\(thread)]" }
            lines.append("\(stamp(millis)) \(body)")
            if wording.entryAndExit, step != .handlerCalled {
                millis += 1
                lines.append("\(stamp(millis)) \(body) returned")
            }
            millis += 10
        }
        lines.append("2024-05-01 10:00:05.000 MyApp[77:100] applicationWillTerminate(_:)")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func verdicts(_ text: String) throws -> [String] {
        let checker = LogChecker(library: try RuleLibrary.builtIn())
        var found: [String] = []
        _ = try checker.check(path: try TestSupport.temporaryFile(text)) { finding in
            if finding.verdict == .violated { found.append(finding.ruleID) }
        }
        return found.sorted()
    }

    static let early: [(Step, String)] = [
        (.handleEvents, "100"), (.finishDownload, "200"), (.handlerCalled, "200"), (.complete, "200"),
        (.finishEvents, "200"),
    ]
    static let good: [(Step, String)] = [
        (.handleEvents, "100"), (.finishDownload, "200"), (.complete, "200"), (.finishEvents, "200"),
        (.handlerCalled, "100"),
    ]
    static let lateTask: [(Step, String)] = [
        (.handleEvents, "100"), (.finishDownload, "200"), (.finishEvents, "200"), (.complete, "200"),
        (.handlerCalled, "100"),
    ]

    @Test(arguments: wordings)
    func everyWordingGivesTheCanonicalVerdicts(_ wording: Wording) throws {
        let canonical = Self.wordings[0]
        for wake in [Self.early, Self.good, Self.lateTask] {
            let expected = try Self.verdicts(Self.log(wake, canonical))
            #expect(try Self.verdicts(Self.log(wake, wording)) == expected, "\(wording): \(Self.log(wake, wording))")
        }
        #expect(try Self.verdicts(Self.log(Self.early, canonical)).contains("CB101"))
        #expect(try Self.verdicts(Self.log(Self.lateTask, canonical)).contains("CB208"))
    }
}
