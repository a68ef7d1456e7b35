import Foundation
import TestSupport
import Testing

@testable import CBCheckKit
@testable import Diagnostics

@Suite struct EventMapTests {
    /// One recognized event.
    struct Recognized: CustomStringConvertible {
        var kind: String
        var attributes: [Attribute: String]

        var description: String {
            "\(kind) \(attributes.sorted { $0.key < $1.key }.map { "\($0.key.rawValue)=\($0.value)" })"
        }
    }

    func recognize(_ message: String, map: EventMap? = nil) throws -> [Recognized] {
        let recognizer = EventRecognizer(map: try map ?? RuleLibrary.builtIn().eventMap)
        return Array(message.utf8).withUnsafeBytes { bytes in
            recognizer.recognize(bytes).map { Recognized(kind: $0.0.name, attributes: $0.1.dictionary) }
        }
    }

    /// Expects exactly the kinds `expected` names, in order, and for each event the attribute values
    /// it lists; a `nil` value means the attribute must be absent. Attributes not listed are not looked at,
    /// so kinds may gain attributes without these tests changing.
    func expect(
        _ message: String, map: EventMap? = nil, _ expected: [(kind: String, attributes: [Attribute: String?])],
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        let events = try recognize(message, map: map)
        #expect(events.map(\.kind) == expected.map(\.kind), "\(events) for: \(message)", sourceLocation: sourceLocation)
        for (event, wanted) in zip(events, expected) {
            for (attribute, value) in wanted.attributes {
                #expect(
                    event.attributes[attribute] == value, "\(event.kind).\(attribute.rawValue) for: \(message)",
                    sourceLocation: sourceLocation)
            }
        }
    }

    func parse(_ text: String) throws(Diagnostic) -> EventMap {
        try EventMapParser(file: "app.cbevents", text: text).parse()
    }

    func diagnostic(_ text: String) -> Diagnostic? {
        capturedDiagnostic { () throws(Diagnostic) in try parse(text) }
    }

    // MARK: - The built-in map on realistic lines

    @Test func handleEventsInObjectiveCAndSwiftSpelling() throws {
        try expect(
            "-[AppDelegate application:handleEventsForBackgroundURLSession:completionHandler:] identifier=com.acme.bg",
            [("app.handleEvents", [.identifier: "com.acme.bg"])])
        try expect(
            "application(_:handleEventsForBackgroundURLSession:completionHandler:) com.acme.bg",
            [("app.handleEvents", [.identifier: "com.acme.bg"])])
        try expect(
            "application(_:handleEventsForBackgroundURLSession:completionHandler:) for com.acme.Downloader.bg",
            [("app.handleEvents", [.identifier: "com.acme.Downloader.bg"])])
    }

    /// Rejoining reattaches the session (CB105) but is no second creation (CB108): `rejoined`.
    @Test func handleEventsThatRejoinsTheSessionIsAlsoASessionCreate() throws {
        try expect(
            "application(_:handleEventsForBackgroundURLSession:completionHandler:) "
                + "Rejoining session with identifier com.acme.bg",
            [
                ("app.handleEvents", [.identifier: "com.acme.bg"]),
                ("session.create", [.identifier: "com.acme.bg", .background: "rejoined"]),
            ])
    }

    @Test func aRedactedIdentifierIsLeftOut() throws {
        try expect(
            "application(_:handleEventsForBackgroundURLSession:completionHandler:) <private>",
            [("app.handleEvents", [.identifier: nil])])
        try expect("saved completion handler for <private>", [("app.handler.stored", [.identifier: nil])])
    }

    @Test func aRedactedIdentifierAfterIdentifierEqualsIsLeftOut() throws {
        try expect(
            "application(_:handleEventsForBackgroundURLSession:completionHandler:) identifier=<private>",
            [("app.handleEvents", [.identifier: nil])])
    }

    @Test func taskNumbersInTheirUsualSpellings() throws {
        try expect(
            "urlSession(_:downloadTask:didFinishDownloadingTo:) task=3",
            [("task.finishDownload", [.task: "3", .identifier: nil])])
        try expect(
            "urlSession(_:task:didCompleteWithError:) BackgroundDownloadTask <5F1C2D3A-8B4E-4C6D-9A0F-2E7B1C3D4E5F>.<3>",
            [("task.complete", [.task: "3", .identifier: nil, .error: nil])])
        try expect(
            "urlSession(_:task:didCompleteWithError:) task #12 error=nil",
            [("task.complete", [.task: "12", .error: "nil"])])
    }

    @Test func taskIdentifierGivesTheTaskButNoSessionIdentifier() throws {
        try expect(
            "urlSession(_:downloadTask:didFinishDownloadingTo:) taskIdentifier: 3",
            [("task.finishDownload", [.task: "3", .identifier: nil])])
        try expect(
            "urlSession(_:task:didCompleteWithError:) session identifier=com.acme.bg taskIdentifier=3",
            [("task.complete", [.identifier: "com.acme.bg", .task: "3"])])
    }

    @Test func prettyFunctionLinesInsideHandleEvents() throws {
        let inside = "-[AppDelegate application:handleEventsForBackgroundURLSession:completionHandler:] "
        try expect(
            inside + "saving completion handler for com.acme.bg",
            [
                ("app.handleEvents", [.identifier: "com.acme.bg"]),
                ("app.handler.stored", [.identifier: "com.acme.bg"]),
            ])
        try expect(
            inside + "calling completion handler for com.acme.bg",
            [("app.handler.called", [.identifier: "com.acme.bg"])])
    }

    @Test func errorsInTheirUsualSpellings() throws {
        // The attribute's value "nil" means "no error"; a nil in these expectations means "absent".
        let complete = "urlSession(_:task:didCompleteWithError:) task=2 "
        try expect(complete + "error=(null)", [("task.complete", [.task: "2", .error: "nil"])])
        try expect(complete + "error: nil", [("task.complete", [.task: "2", .error: "nil"])])
        try expect(
            complete + "error=Error Domain=NSURLErrorDomain Code=-999 \"cancelled\"",
            [("task.complete", [.task: "2", .error: "-999"])])
        try expect(complete + "error=-1001", [("task.complete", [.task: "2", .error: "-1001"])])
        try expect(complete + "done", [("task.complete", [.task: "2", .error: nil])])
    }

    @Test func httpStatusInItsUsualSpellings() throws {
        let complete = "urlSession(_:task:didCompleteWithError:) task=5 error=nil "
        try expect(complete + "status=404", [("task.complete", [.status: "404"])])
        try expect(complete + "HTTP/1.1 503", [("task.complete", [.status: "503"])])
        try expect(complete + "statusCode: 200", [("task.complete", [.status: "200"])])
        // Not a status: a four-digit number, or a code outside 1xx–5xx.
        try expect(complete + "status=2000", [("task.complete", [.status: nil, .task: "5"])])
        try expect(complete + "status=600", [("task.complete", [.status: nil, .task: "5"])])
    }

    @Test func theCompletionHandlerStoredAndCalled() throws {
        try expect(
            "saved completion handler for com.acme.bg", [("app.handler.stored", [.identifier: "com.acme.bg"])])
        try expect("backgroundCompletionHandler = completionHandler", [("app.handler.stored", [.identifier: nil])])
        try expect("calling completion handler", [("app.handler.called", [.identifier: nil])])
        try expect("Calling the Completion Handler now", [("app.handler.called", [:])])
        try expect("completionHandler()", [("app.handler.called", [:])])
        try expect("self.backgroundCompletionHandler?()", [("app.handler.called", [:])])
    }

    @Test func uikitsNeverCalledWarningIsNotAHandleEvents() throws {
        try expect(
            "Warning: Application delegate received call to -application:handleEventsForBackgroundURLSession:"
                + "completionHandler: but the completion handler was never called.",
            [("app.handler.neverCalled", [.identifier: nil])])
    }

    @Test func finishEventsAloneAndWithTheHandlerCall() throws {
        try expect("URLSessionDidFinishEventsForBackgroundURLSession:", [("session.finishEvents", [.identifier: nil])])
        try expect(
            "-[AppDelegate URLSessionDidFinishEventsForBackgroundURLSession:] com.acme.bg",
            [("session.finishEvents", [.identifier: "com.acme.bg"])])
        try expect(
            "urlSessionDidFinishEvents(forBackgroundURLSession:) calling completion handler for com.acme.bg",
            [
                ("session.finishEvents", [.identifier: "com.acme.bg"]),
                ("app.handler.called", [.identifier: "com.acme.bg"]),
            ])
    }

    @Test func sessionsAndProgress() throws {
        try expect(
            #"URLSessionConfiguration.background(withIdentifier: "com.acme.Downloader.bg")"#,
            [("session.create", [.identifier: "com.acme.Downloader.bg", .background: "yes"])])
        try expect(
            "A background URLSession with identifier com.acme.bg already exists!",
            [("session.exists", [.identifier: "com.acme.bg"])])
        try expect(
            "urlSession(_:downloadTask:didWriteData:totalBytesWritten:totalBytesExpectedToWrite:) task=1 "
                + "totalBytesWritten=4194304 totalBytesExpectedToWrite=61865984",
            [("task.progress", [.task: "1", .bytes: "4194304", .expected: "61865984", .identifier: nil])])
        try expect(
            "[DownloadManager] downloadTask(with:) episode-150 -> task=1",
            [("task.create", [.task: "1", .kind: "download", .fromResumeData: nil])])
    }

    @Test func anExtractorThatStartsWithADigitRunsFromTheFirstAndStillSeesTheByteBefore() throws {
        let map = try parse(
            #"""
            event task.progress
              match /progress/
            attribute bytes /\b(?<bytes>\d+)\/\d+/
            attribute expected /\b\d+\/(?<expected>\d+)/
            """#)
        // The first digit, `1` of `x12`, follows a letter: no word boundary, no match there.
        try expect("progress x12/100 then 7/9", map: map, [("task.progress", [.bytes: "7", .expected: "9"])])
        try expect("progress 5/50", map: map, [("task.progress", [.bytes: "5", .expected: "50"])])
        try expect("progress none", map: map, [("task.progress", [.bytes: nil, .expected: nil])])
    }

    @Test func chatterIsNoEvent() throws {
        #expect(try recognize("[API] GET https://api.acme.com/v2/episodes?feed=acme-daily -> 200 (176 ms)").isEmpty)
        #expect(try recognize("[EpisodeCell] episode-150 progress 7%").isEmpty)
        #expect(try recognize("[Player] playback started at 00:00:00").isEmpty)
        #expect(try recognize("").isEmpty)
    }

    // MARK: - User maps

    @Test func aUserMapIsTriedBeforeTheBuiltInOne() throws {
        let path = try TestSupport.temporaryFile(
            """
            # Our app's own phrasing.
            event app.handleEvents
              match /BG relaunch for (?<identifier>[\\w.]+)/   # the AppDelegate log
            """, name: "app.cbevents")
        var library = try RuleLibrary.builtIn()
        try library.addEvents(at: path)
        let line = "BG relaunch for com.acme.bg: saved completion handler"
        try expect(line, map: library.eventMap, [("app.handleEvents", [.identifier: "com.acme.bg"])])
        try expect(line, [("app.handler.stored", [.identifier: "com.acme.bg"])])
    }

    @Test func setConstantsAndAlsoKindsAreCarriedPerKind() throws {
        let map = try parse(
            """
            event task.create
              match /retry download (?<task>\\d+)/
              also task.resume
              set fromResumeData = true
              set kind = Download
            """)
        // task.resume carries no fromResumeData: the constant is dropped from its event.
        try expect(
            "retry download 4", map: map,
            [
                ("task.create", [.task: "4", .fromResumeData: "yes", .kind: "download"]),
                ("task.resume", [.task: "4", .fromResumeData: nil]),
            ])
    }

    @Test func theIgnoreCaseFlagKeepsTheLiteralButComparesItIgnoringCase() throws {
        let map = try parse("event app.handler.called\n  match /Handler Fired/i\n  match /handler fired twice/")
        let patterns = try #require(map.entries.first?.patterns)
        #expect(patterns.map(\.literals) == [[Array("Handler Fired".utf8)], [Array("handler fired twice".utf8)]])
        #expect(patterns.map(\.caseless) == [true, false])
        try expect("HANDLER FIRED", map: map, [("app.handler.called", [:])])
        #expect(try recognize("handler fire", map: map).isEmpty)
    }

    @Test func anEventCarriesTheMapFileAndLineOfThePhrasingThatRecognizedIt() throws {
        let map = try parse("event task.complete\n  match /retry done/\n\n  match /upload done/\n")
        let phrasings = Array("upload done".utf8).withUnsafeBytes { EventRecognizer(map: map).recognize($0) }
            .map(\.phrasing)
        #expect(phrasings == ["app.cbevents:4"])
        var user = try EventMapParser(file: "maps/mine.cbevents", text: "event app.launch\n  match /hello/\n").parse()
        user.append(try RuleLibrary.builtIn().eventMap)
        let recognizer = EventRecognizer(map: user)
        let launch = Array("hello".utf8).withUnsafeBytes { recognizer.recognize($0) }.map(\.phrasing)
        #expect(launch == ["mine.cbevents:2"])
        let message = "application(_:handleEventsForBackgroundURLSession:completionHandler:) com.acme.bg"
        let builtIn = Array(message.utf8).withUnsafeBytes { recognizer.recognize($0) }.map(\.phrasing)
        #expect(builtIn.count == 1 && builtIn[0].hasPrefix("events.cbevents:"))
    }

    @Test func aPOSIXClassInAUserPatternDoesNotHideItsMatches() throws {
        let map = try parse("event task.resume\n  match /task[[:space:]]resumed/")
        try expect("task resumed", map: map, [("task.resume", [:])])
    }

    @Test func commentsBlankLinesAndTabsAreAccepted() throws {
        let map = try parse("# comment\n\nevent app.launch   # the entry\n\tmatch\t/didLaunch/ # trailing\n\n")
        #expect(map.entries.map(\.kind.name) == ["app.launch"])
        #expect(map.entries.first?.location == SourceLocation(file: "app.cbevents", line: 3, column: 1))
        #expect(map.entries.first?.patterns.first?.location == SourceLocation(file: "app.cbevents", line: 4, column: 8))
        try expect("didLaunch", map: map, [("app.launch", [:])])
    }

    @Test func aMapWithCRLFLineEndingsIsReadLineByLine() throws {
        // Swift treats "\r\n" as one Character, so splitting on "\n" finds no line break in this text.
        let map = try parse("# comment\r\nevent app.launch\r\n  match /didLaunch/\r\n")
        #expect(map.entries.map(\.kind.name) == ["app.launch"])
        try expect("didLaunch", map: map, [("app.launch", [:])])
    }
}
