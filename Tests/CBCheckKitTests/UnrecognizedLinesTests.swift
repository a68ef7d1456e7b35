import Foundation
import TestSupport
import Testing

@testable import CBCheckKit
@testable import LogReading

/// What `--stats` and `cbcheck trace` say of lines no format reads, and of redacted values.
@Suite struct UnrecognizedLinesTests {
    static let log = """
        2026-03-14 09:26:51.102 Downloader[4101:1200001] applicationDidEnterBackground(_:)
        2026-03-14 09:26 cut 1
        2026-03-14 09:27 cut 22
        2026-03-14 09:28 cut 333
        2026-03-14 09:26:51.200 no process here

        """

    @Test func theMostCommonShapesAreShownWithDigitsCollapsed() throws {
        var shapes = LineShapes()
        for (number, line) in ["a 12 b", "a 3 b", "x 0x1F2e y", "a 456 b"].enumerated() {
            Array(line.utf8).withUnsafeBytes { shapes.add($0, number: number + 1) }
        }
        #expect(shapes.top().map(\.text) == ["a N b", "x N y"])
        #expect(shapes.top().map(\.count) == [3, 1])
        #expect(shapes.top().map(\.firstLine) == [1, 3])
    }

    @Test func statsAndTraceListTheShapes() throws {
        let path = try TestSupport.temporaryFile(Self.log)
        for arguments in [[path, "--stats"], ["trace", path]] {
            let output = try TestSupport.run(arguments)
            #expect(output.stderr.contains("  unparseable           4\n"))
            #expect(output.stderr.contains("  unparseable line shapes (digits as N), most common first:\n"))
            #expect(output.stderr.contains("    3× N-N-N N:N cut N  (first at line 2)\n"))
            #expect(output.stderr.contains("    1× N-N-N N:N:N.N no process here  (first at line 5)\n"))
        }
    }

    @Test func aRedactedProcessIsUnknownAndNeverMatchesProcess() throws {
        let text = """
            2026-03-14 09:26:53.599000+0800 0x1b2c3  Default  0x0  4101  0  <private>: applicationDidEnterBackground(_:)
            2026-03-14 09:26:53.700000+0800 0x1b2c3  Default  0x0  4101  0  Downloader: applicationWillEnterForeground(_:)

            """
        let all = try ReadLog(text)
        #expect(all.events.map(\.process) == [nil, "Downloader"])
        let one = try ReadLog(text, process: "Downloader")
        #expect(one.kinds == ["app.foreground@2"])
        #expect(one.stats.excluded == 1)
    }

    @Test(arguments: ["<private>", "<<private>>"])
    func aRedactedIdentifierIsNoValue(_ redaction: String) throws {
        let log = try ReadLog(
            "2026-03-14 09:26:51.140 Downloader[4101:1200001] application(_:handleEventsForBackgroundURLSession:completionHandler:) \(redaction)\n"
        )
        #expect(log.kinds == ["app.handleEvents@1"])
        // Not read from the line: the run's one session, unnamed, stands in (`BindingNote`).
        #expect(log.events.first?[.identifier] == BindingNote.unnamedSession)
        #expect(log.events.first?.inferred.contains(.identifier) == true)
    }
}
