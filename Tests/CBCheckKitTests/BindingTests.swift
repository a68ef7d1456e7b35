import Foundation
import TestSupport
import Testing

@testable import CBCheckKit

/// Lines that name no session or task are bound by the inferences `BindingNote` lists, each
/// said on the event, and an ambiguous one is not bound.
@Suite struct BindingTests {
    private static let stamp = "2024-05-01 10:00:00.100000+0200 MyApp[1234:100]"

    /// Each line is NSLog'd on the main thread unless it names a thread of its own (`@200 …`).
    private static func log(_ messages: [String]) -> String {
        messages.map { message in
            if message.hasPrefix("@") {
                let thread = message.prefix { $0 != " " }.dropFirst()
                return "2024-05-01 10:00:00.100000+0200 MyApp[1234:\(thread)] \(message.drop { $0 != " " }.dropFirst())"
            }
            return "\(stamp) \(message)"
        }.joined(separator: "\n") + "\n"
    }

    private static func findings(_ messages: [String]) throws -> [String] {
        let checker = LogChecker(library: try RuleLibrary.builtIn())
        var found: [String] = []
        _ = try checker.check(path: try TestSupport.temporaryFile(log(messages))) { finding in
            if finding.verdict == .violated { found.append("\(finding.ruleID)@\(finding.location.line)") }
        }
        return found.sorted()
    }

    @Test func aWakeWhoseLinesNameNoSessionIsJudgedAsTheRunsOneSession() throws {
        let wake = [
            "application(_:handleEventsForBackgroundURLSession:completionHandler:) called",
            "@200 urlSession(_:downloadTask:didFinishDownloadingTo:) file:///tmp/CFNetworkDownload_a.tmp",
            "@200 calling the completion handler",
            "@200 urlSessionDidFinishEvents(forBackgroundURLSession:)",
        ]
        #expect(try Self.findings(wake) == ["CB101@3", "CB104@3"])
        let read = try ReadLog(Self.log(wake))
        #expect(read.events.allSatisfy { $0[.identifier] == BindingNote.unnamedSession })
        #expect(read.events[0].bindings == [.identifierUnnamed])
        #expect(read.events[1][.task] == BindingNote.unnamedTask(1))
    }

    @Test func theFirstLineThatNamesASessionNamesTheUnnamedOne() throws {
        let wake = [
            "application(_:handleEventsForBackgroundURLSession:completionHandler:) called",
            "@200 urlSessionDidFinishEvents(forBackgroundURLSession:) identifier: com.acme.bg",
            "calling the completion handler",
        ]
        // One scope, named at line 2: the handler is called after finishEvents, on main.
        #expect(try Self.findings(wake) == [])
        let read = try ReadLog(Self.log(wake))
        #expect(read.events.map { $0[.identifier] } == [BindingNote.unnamedSession, "com.acme.bg", "com.acme.bg"])
        #expect(read.events[1].namesUnnamedSession)
        #expect(read.events[2].bindings == [.identifierFromWaitingHandler])
    }

    @Test func aFinishEventsBeforeTheLastTaskMessageIsFoundWithoutIdentifiers() throws {
        let wake = [
            "application(_:handleEventsForBackgroundURLSession:completionHandler:) called",
            "@200 urlSessionDidFinishEvents(forBackgroundURLSession:)",
            "@200 urlSession(_:task:didCompleteWithError:) nil",
            "calling the completion handler",
        ]
        #expect(try Self.findings(wake) == ["CB208@3"])
    }

    /// A foreground app's delegate lines (URLSession.shared, a default session) name no session
    /// either: with no background session shown in the run, they are bound to none (no CB109).
    @Test func taskLinesOfARunWithNoBackgroundSessionAreNotBound() throws {
        let lines = [
            "application(_:didFinishLaunchingWithOptions:)",
            "@300 urlSession(_:dataTask:didReceive:) 2048 bytes",
            "@300 urlSession(_:task:didCompleteWithError:) nil",
        ]
        #expect(try Self.findings(lines) == [])
        #expect(try ReadLog(Self.log(lines)).events[1][.identifier] == nil)
    }

    @Test func twoSessionsMakeAnUnnamedLineAmbiguous() throws {
        let lines = [
            "creating background session with identifier com.acme.one",
            "creating background session with identifier com.acme.two",
            "@200 urlSession(_:task:didCompleteWithError:) nil",
        ]
        let read = try ReadLog(Self.log(lines))
        #expect(read.events[2][.identifier] == nil)
        #expect(read.events[2].bindings.contains(.identifierAmbiguous(candidates: ["com.acme.one", "com.acme.two"])))
    }

    @Test func unnamedTasksFollowOneAnotherAndOverlapStopsBinding() throws {
        let sequential = [
            "@200 urlSession(_:downloadTask:didFinishDownloadingTo:) file:///tmp/a",
            "@200 urlSession(_:task:didCompleteWithError:) nil",
            "@200 urlSession(_:downloadTask:didFinishDownloadingTo:) file:///tmp/b",
            "@200 urlSession(_:task:didCompleteWithError:) nil",
        ]
        let read = try ReadLog(Self.log(sequential))
        #expect(read.events.map { $0[.task] } == ["(unnamed 1)", "(unnamed 1)", "(unnamed 2)", "(unnamed 2)"])
        // Two completions, each of its own task: not CB202.
        #expect(try Self.findings(sequential) == [])

        let overlapping = [
            "created download task for file a", "created download task for file b",
            "@200 urlSession(_:task:didCompleteWithError:) nil",
        ]
        let overlap = try ReadLog(Self.log(overlapping))
        #expect(overlap.events.map { $0[.task] } == ["(unnamed 1)", nil, nil])
        #expect(overlap.events[1].bindings.contains(.taskAmbiguous(inFlight: 2)))
    }

    @Test func theOnlyNamedTaskInFlightBindsALineThatNamesNone() throws {
        let lines = [
            "resuming download task 7 for identifier com.acme.bg",
            "@200 urlSession(_:downloadTask:didFinishDownloadingTo:) file:///tmp/a",
        ]
        let read = try ReadLog(Self.log(lines))
        #expect(read.events[1][.task] == "7")
        #expect(read.events[1].bindings.contains(.taskOnlyOneInFlight))
    }

    @Test func aLogThatNeverReachesARuleSaysWhyItWasNotChecked() throws {
        let library = try RuleLibrary.builtIn()
        let checker = LogChecker(library: library)
        let path = try TestSupport.temporaryFile(Self.log(["applicationDidBecomeActive(_:)"]))
        let result = try checker.check(path: path) { _ in }
        let notChecked = NotCheckedRules(library.rules, coverage: result.coverage, stats: result.stats)
        #expect(notChecked.reason(for: "CB101") == "no app.handleEvents in the log")
        #expect(!notChecked.hasNoEvents)
        let handler = try TestSupport.temporaryFile(
            "calling the completion handler\n", name: "print.log")
        let printed = try checker.check(path: handler) { _ in }
        let blind = NotCheckedRules(library.rules, coverage: printed.coverage, stats: printed.stats)
        #expect(blind.reason(for: "CB104") == "the log names no threads")
        // A launch in a log that names no session: CB109 (sliced by session) had one, but nothing
        // to judge it by; "no app.launch in the log" was untrue.
        let launched = try checker.check(
            path: try TestSupport.temporaryFile(
                Self.log(["application(_:didFinishLaunchingWithOptions:) launchOptions=nil"]))
        ) { _ in }
        let unnamed = NotCheckedRules(library.rules, coverage: launched.coverage, stats: launched.stats)
        #expect(unnamed.reason(for: "CB109") == "app.launch came, but with no identifier to judge it by")
    }
}
