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

@Suite struct RecordAssemblerTests {
    /// An assembler wired like `LogChecker` wires it: NSLog prefixes, the built-in event map.
    final class Harness {
        var events: [Event] = []
        var assembler: RecordAssembler!

        init() throws {
            let recognizer = EventRecognizer(map: try RuleLibrary.builtIn().eventMap)
            assembler = RecordAssembler(format: NSLogFormat(), recognizer: recognizer) { [unowned self] in
                events.append($0)
            }
        }

        func add(_ line: [UInt8], number: Int, truncated: Bool = false) {
            line.withUnsafeBytes { assembler.add($0, LineReader.LineInfo(number: number, wasTruncated: truncated)) }
        }

        func add(_ line: String, number: Int) { add(Array(line.utf8), number: number) }

        var stats: LineStats { assembler.stats }
    }

    /// Reads `bytes` from a file through `LineReader` into a fresh harness, then finishes the log.
    private func assemble(_ bytes: [UInt8]) throws -> Harness {
        let harness = try Harness()
        let path = try TestSupport.temporaryFile(Data(bytes))
        let descriptor = open(path, O_RDONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let outcome = try LineReader().forEachLine(in: descriptor, path: path) { line, info in
            harness.assembler.add(line, info)
        }
        harness.assembler.finish(missingFinalNewline: outcome.missingFinalNewline)
        return harness
    }

    private func assemble(_ text: String) throws -> Harness { try assemble(Array(text.utf8)) }

    private static let prefix = "2026-03-14 14:25:55.431 Downloader[6621:1451233] "

    /// Every kind of line: preamble, chatter, a multi-line NSError dump with an annotation inside,
    /// a broken time stamp, an orphan continuation and a last event.
    private static let mixedLog = """
        preamble without a prefix
        2026-03-14 14:25:50.002 Downloader[6621:1451190] [API] GET https://api.acme.com/v2/episodes -> 200
        \(prefix)urlSession(_:task:didCompleteWithError:) task=3 error=Error Domain=NSURLErrorDomain Code=-999 \
        "cancelled" UserInfo={NSErrorFailingURLStringKey=https://cdn.acme.com/media/episode-303.mp3,
        #! expect CB101
            NSURLErrorBackgroundTaskCancelledReasonKey=0,
            NSLocalizedDescription=cancelled}
        2026-03-14 14:25:5
            orphan after a broken line
        2026-03-14 14:25:58.884 Downloader[6621:1451233] urlSession(_:task:didCompleteWithError:) task=1 error=nil \
        status=200

        """

    @Test func everyLineIsCountedInExactlyOneCategory() throws {
        let harness = try assemble(Self.mixedLog)
        let stats = harness.stats
        #expect(stats.lines == 9)
        #expect(stats.events == 2)
        #expect(stats.continuations == 2)
        #expect(stats.chatter == 1)
        #expect(stats.unparseable == 3)
        #expect(stats.annotations == 1)
        #expect(stats.truncated == 0)
        #expect(stats.continuationsNotMatched == 0)
        #expect(stats.accountedFor == stats.lines)
        #expect(stats.eventsByKind == ["task.complete": 2])
        #expect(stats.missingFinalNewline == false)
        #expect(
            stats.unparseableExamples.map { "\($0.line): \($0.reason)" } == [
                "1: no record prefix, and no record before it to continue",
                "7: a date without a complete time (expected YYYY-MM-DD HH:MM:SS)",
                "8: no record prefix, and no record before it to continue",
            ])
    }

    @Test func continuationTextBelongsToTheRecordButNotToItsDisplayText() throws {
        let harness = try assemble(Self.mixedLog)
        let event = try #require(harness.events.first)
        #expect(event.kind.name == "task.complete")
        #expect(event.values(.task, .error, .reason, .identifier) == ["3", "-999", "0", nil])
        #expect(event.line == 3)
        #expect(event.column == 50)
        #expect(event.process == "Downloader")
        #expect(event.pid == 6621)
        #expect(event.thread == "1451233")
        #expect(event.time?.microseconds == 1_773_498_355_431_000)
        #expect(
            event.text
                == "urlSession(_:task:didCompleteWithError:) task=3 error=Error Domain=NSURLErrorDomain Code=-999 "
                + "\"cancelled\" UserInfo={NSErrorFailingURLStringKey=https://cdn.acme.com/media/episode-303.mp3,")
        let last = try #require(harness.events.last)
        #expect(harness.events.count == 2)
        #expect(last.line == 9)
        #expect(last.values(.task, .error, .status, .reason) == ["1", "nil", "200", nil])
    }

    @Test func anAnnotationInsideARecordDoesNotEndIt() throws {
        let harness = try assemble(
            Self.prefix
                + "urlSession(_:task:didCompleteWithError:) task=4 error=Error Domain=NSURLErrorDomain Code=-999\n"
                + "#! expect CB105\n"
                + "    NSURLErrorBackgroundTaskCancelledReasonKey=2\n")
        #expect(harness.stats.annotations == 1)
        #expect(harness.stats.continuations == 1)
        #expect(harness.stats.events == 1)
        #expect(harness.stats.accountedFor == 3)
        #expect(harness.events.map { $0.values(.task, .error, .reason) } == [["4", "-999", "2"]])
    }

    @Test func anAnnotationBeforeAnyRecordIsNotUnparseable() throws {
        let harness = try assemble("#! about: a fixture\n#!ok CB101\n")
        #expect(harness.stats.annotations == 2)
        #expect(harness.stats.unparseable == 0)
        #expect(harness.stats.lines == 2)
    }

    @Test func aBrokenLineEndsTheRecordBeforeIt() throws {
        // The continuation after the broken line must not reach the task.complete record.
        let harness = try assemble(
            Self.prefix
                + "urlSession(_:task:didCompleteWithError:) task=5 error=Error Domain=NSURLErrorDomain Code=-1001\n"
                + "2026-03-14 14:25:55 no process here\n"
                + "    NSURLErrorBackgroundTaskCancelledReasonKey=1\n")
        #expect(harness.events.map { $0.values(.task, .error, .reason) } == [["5", "-1001", nil]])
        #expect(harness.stats.unparseable == 2)
        #expect(
            harness.stats.unparseableExamples.map { "\($0.line): \($0.reason)" } == [
                "2: no Process[pid:thread] after the time stamp",
                "3: no record prefix, and no record before it to continue",
            ])
    }

    @Test func aRecordIsRecognizedOnlyWhenItEnds() throws {
        let harness = try Harness()
        harness.add(Self.prefix + "urlSession(_:task:didCompleteWithError:) task=6 error=nil", number: 1)
        #expect(harness.events.isEmpty)
        harness.add("    more detail", number: 2)
        #expect(harness.events.isEmpty)
        harness.assembler.finish(missingFinalNewline: true)
        #expect(harness.events.map(\.line) == [1])
        #expect(harness.stats.missingFinalNewline)
        #expect(harness.stats.lines == 2)
        #expect(harness.stats.accountedFor == 2)
    }

    @Test func oneLineStandingForTwoKindsIsOneEventLineAndTwoEvents() throws {
        let harness = try assemble(
            Self.prefix + "application(_:handleEventsForBackgroundURLSession:completionHandler:) "
                + "Rejoining background session with identifier com.acme.Downloader.bg\n")
        #expect(harness.events.map(\.kind.name) == ["app.handleEvents", "session.create"])
        #expect(
            harness.events.map { $0.values(.identifier, .background) } == [
                ["com.acme.Downloader.bg", nil],
                ["com.acme.Downloader.bg", "rejoined"],
            ])
        #expect(harness.stats.events == 1)
        #expect(harness.stats.eventsByKind == ["app.handleEvents": 1, "session.create": 1])
        #expect(harness.stats.accountedFor == harness.stats.lines)
    }

    @Test func invalidUTF8AndControlBytesAreEscapedInTheEventText() throws {
        var line = Array((Self.prefix + "urlSession(_:task:didCompleteWithError:) task=7 error=nil café ").utf8)
        line += [0xFF, 0x20, 0x1B, 0x5B, 0x30, 0x6D, 0x20, 0xC3, 0x20, 0x00, 0x7F, 0x09, 0x21, 0x0A]
        let harness = try assemble(line)
        let event = try #require(harness.events.first)
        #expect(
            event.text
                == "urlSession(_:task:didCompleteWithError:) task=7 error=nil café \\xFF \\x1B[0m \\xC3 \\x00\\x7F\t!")
        #expect(event.values(.task, .error) == ["7", "nil"])
    }

    @Test func invalidUTF8InTheProcessNameIsEscapedToo() throws {
        var line = Array("2026-03-14 14:25:55.431 Down".utf8) + [0xFE]
        line += Array("loader[6621:1451233] urlSession(_:task:didCompleteWithError:) task=8 error=nil\n".utf8)
        let harness = try assemble(line)
        #expect(harness.events.first?.process == "Down\\xFEloader")
        #expect(harness.events.first?.column == 51)
    }

    @Test func truncatedLinesAreCountedTwice() throws {
        let harness = try Harness()
        harness.add(Array((Self.prefix + "[API] a very long response body").utf8), number: 1, truncated: true)
        harness.add(Array("    continuing".utf8), number: 2, truncated: true)
        harness.assembler.finish(missingFinalNewline: false)
        #expect(harness.stats.truncated == 2)
        #expect(harness.stats.chatter == 1)
        #expect(harness.stats.continuations == 1)
        #expect(harness.stats.accountedFor == 2)
    }

    @Test func continuationsBeyondTheRecordLimitAreCountedButNotMatched() throws {
        let harness = try Harness()
        harness.add(Self.prefix + "urlSession(_:task:didCompleteWithError:) task=9 error=Error Code=-999", number: 1)
        let filler = "    " + String(repeating: "x", count: 100_000)
        harness.add(filler, number: 2)
        harness.add(filler, number: 3)
        // 200 KB are kept; this line would pass the 256 KiB limit, so its reason is never read.
        harness.add(
            "    NSURLErrorBackgroundTaskCancelledReasonKey=1" + String(repeating: "y", count: 70_000), number: 4)
        harness.assembler.finish(missingFinalNewline: false)
        #expect(RecordLimit.bytes == 262_144)
        #expect(harness.stats.continuations == 3)
        #expect(harness.stats.continuationsNotMatched == 1)
        #expect(harness.stats.accountedFor == 4)
        #expect(harness.events.map { $0.values(.task, .error, .reason) } == [["9", "-999", nil]])
    }

    @Test func theStatsMatchWhatLogCheckerReportsForTheSameLog() throws {
        let path = try TestSupport.temporaryFile(Self.mixedLog)
        let result = try LogChecker(library: try RuleLibrary.builtIn()).check(path: path) { _ in }
        let harness = try assemble(Self.mixedLog)
        #expect(result.stats == harness.stats)
        #expect(result.stats.accountedFor == result.stats.lines)
    }

    @Test func aRealFixtureIsFullyAccountedFor() throws {
        let path = TestSupport.packageRoot.appendingPathComponent(
            "Fixtures/scenarios/seed000-3-foreground-before-done.log"
        ).path
        let bytes = try #require(FileManager.default.contents(atPath: path))
        let harness = try assemble(Array(bytes))
        let newlines = bytes.filter { $0 == 0x0A }.count
        #expect(harness.stats.lines == newlines + (harness.stats.missingFinalNewline ? 1 : 0))
        #expect(harness.stats.accountedFor == harness.stats.lines)
        let cancelled = try #require(harness.events.first { $0.kind.name == "task.complete" && $0[.task] == "3" })
        #expect(cancelled[.error] == "-999")
    }
}

extension Event {
    /// The values of `attributes`, in order; `nil` where the event has none.
    fileprivate func values(_ attributes: Attribute...) -> [String?] { attributes.map { self[$0] } }
}
