import Foundation
import TestSupport
import Testing

@testable import CBCheckKit
@testable import LogReading

/// What a paste puts before a log's lines, told from the first block of the file
/// (`PasteDecoration.detect`), and each layer's width on one line.
@Suite struct PasteDecorationTests {
    /// NSLog lines of the CB101 story, and a `print` one.
    static let nslog = [
        "2026-03-14 09:26:51.102 Downloader[4101:1200001] application(_:didFinishLaunchingWithOptions:) launchOptions=nil",
        "2026-03-14 09:26:51.140 Downloader[4101:1200001] application(_:handleEventsForBackgroundURLSession:completionHandler:) com.acme.Downloader.bg",
        "2026-03-14 09:26:51.141 Downloader[4101:1200001] saved completion handler for com.acme.Downloader.bg",
        "2026-03-14 09:26:51.377 Downloader[4101:1200001] urlSession(_:downloadTask:didFinishDownloadingTo:) task=1",
        "2026-03-14 09:26:51.390 Downloader[4101:1200001] calling backgroundSessionCompletionHandler for com.acme.Downloader.bg",
        "2026-03-14 09:26:51.392 Downloader[4101:1200001] urlSession(_:task:didCompleteWithError:) task=1 error=nil status=200",
        "2026-03-14 09:26:51.561 Downloader[4101:1200001] urlSessionDidFinishEvents(forBackgroundURLSession:) com.acme.Downloader.bg",
    ]
    static let prints = [
        "application(_:handleEventsForBackgroundURLSession:completionHandler:) com.acme.Downloader.bg",
        "urlSession(_:downloadTask:didFinishDownloadingTo:) task=1 location=file:///tmp/CFNetworkDownload_Qx3T1a.tmp",
        "flutter: calling backgroundSessionCompletionHandler for com.acme.Downloader.bg",
        "urlSessionDidFinishEvents(forBackgroundURLSession:) com.acme.Downloader.bg",
    ]

    /// The layers found in `lines`, each ended by `ending` (the last too unless `isWhole` is false).
    private func detect(_ lines: [String], ending: String = "\n", isWhole: Bool = true) -> [PasteDecoration.Layer] {
        let text = lines.joined(separator: ending) + (isWhole ? ending : "")
        return Array(text.utf8).withUnsafeBytes { PasteDecoration.detect(in: $0, isWhole: isWhole)?.layers ?? [] }
    }

    private func width(_ layer: PasteDecoration.Layer, _ line: String) -> Int? {
        Array(line.utf8).withUnsafeBytes { layer.width(in: $0) }
    }

    @Test func quoteMarksOfAnyDepthAndABlankQuotedLine() {
        #expect(width(.quote, "> a") == 2)
        #expect(width(.quote, ">> a") == 3)
        #expect(width(.quote, "> > a") == 4)
        #expect(width(.quote, ">") == 1)
        #expect(width(.quote, ">a") == 1)
        #expect(width(.quote, "   > a") == 5)
        #expect(width(.quote, "    > a") == nil)  // four spaces: an indented code block's text
        #expect(width(.quote, "a > b") == nil)
    }

    @Test(arguments: [
        ("12 x", 12, 3), ("12: x", 12, 4), ("12| x", 12, 4), ("  12 | x", 12, 7), ("12\tx", 12, 3), ("12", 12, 2),
        ("7:", 7, 2), ("12:    indented", 12, 4), ("3 |", 3, 3),
    ])
    func lineNumbersAndTheirSeparators(_ line: String, _ number: Int, _ width: Int) {
        let found = Array(line.utf8).withUnsafeBytes { PasteDecoration.Layer.lineNumber($0) }
        #expect(found?.number == number)
        #expect(found?.width == width)
    }

    @Test(arguments: ["2026-03-14 09:26:51.102 App[1:1] x", "12x", "x 12", "", "- 12"])
    func notALineNumber(_ line: String) {
        #expect(Array(line.utf8).withUnsafeBytes { PasteDecoration.Layer.lineNumber($0) } == nil)
    }

    @Test func fencesAndWhatIsNoFence() {
        for fence in ["```", "```swift", "~~~", "``` log ", "````", "~~~objective-c"] {
            #expect(Array(fence.utf8).withUnsafeBytes { PasteDecoration.isFence($0) }, "\(fence)")
        }
        for line in ["``", "```a b", "```x```", "`code`", "~~ ~", "a```"] {
            #expect(!Array(line.utf8).withUnsafeBytes { PasteDecoration.isFence($0) }, "\(line)")
        }
    }

    @Test func aLogAsItsToolsPrintItCarriesNone() {
        #expect(detect(Self.nslog).isEmpty)
        #expect(detect(Self.prints).isEmpty)
        #expect(detect(["```"] + Self.nslog + ["```"]).isEmpty)  // fences alone need no decision
    }

    @Test func indentationOfSpacesOrATab() {
        #expect(detect(Self.nslog.map { "    " + $0 }) == [.indentation(Array("    ".utf8))])
        #expect(detect(Self.nslog.map { "\t" + $0 }) == [.indentation([0x09])])
        #expect(detect(Self.prints.map { "    " + $0 }) == [.indentation(Array("    ".utf8))])
        // A paste whose first line lost its indentation: the others become records once it is off.
        #expect(
            detect([Self.nslog[0]] + Self.nslog.dropFirst().map { "    " + $0 }) == [.indentation(Array("    ".utf8))])
    }

    @Test func anNSErrorDumpIndentedUnderItsRecordKeepsItsIndentation() {
        let dump = (1...20).map { "    NSErrorFailingURLStringKey\($0) = https://api.acme.com/v2/feeds/\($0);" }
        #expect(detect([Self.nslog[0]] + dump + ["}"] + Self.nslog.dropFirst()).isEmpty)
        #expect(detect([Self.nslog[0]] + dump).isEmpty)
        // Indented the same under a print line: no line becomes a record, so nothing says it is a paste's.
        #expect(detect([Self.prints[0]] + dump).isEmpty)
    }

    @Test func quoteMarksNestedAndBlankAndAroundAFence() {
        let quoted = ["> ```"] + Self.nslog.map { "> " + $0 } + [">"] + Self.nslog.map { "> > " + $0 } + ["> ```"]
        #expect(detect(quoted) == [.quote])
        // Markdown's lazy continuation: a line of the quote without its mark.
        #expect(detect(Self.nslog.map { "> " + $0 } + Self.nslog.map { "> " + $0 } + ["lazy line"]) == [.quote])
        // An indented code block inside a quote.
        #expect(detect(Self.nslog.map { ">     " + $0 }) == [.quote, .indentation(Array("    ".utf8))])
    }

    @Test func pastedLineNumbersInTheirForms() {
        for form in ["%d ", "%d: ", "%d| ", "%4d | ", "%d\t"] {
            let numbered = Self.nslog.enumerated().map { String(format: form, $0.offset + 40) + $0.element }
            #expect(detect(numbered) == [.lineNumbers], "\(form)")
        }
        let prints = Self.prints.enumerated().map { "\($0.offset + 1): \($0.element)" }
        #expect(detect(prints) == [.lineNumbers])
        // Numbers that do not count up are the log's own.
        #expect(detect(["3 files left", "2 files left", "1 files left", "0 files left"]).isEmpty)
        // An app logger's clock is no line number.
        #expect(detect(Self.prints.map { "09:26:53.599 💙 INFO Downloads.swift:73 - " + $0 }).isEmpty)
    }

    @Test func listAndTableMarkers() {
        #expect(detect(Self.nslog.map { "- " + $0 }) == [.marker(0x2D)])
        #expect(detect(Self.nslog.map { "* " + $0 }) == [.marker(0x2A)])
        #expect(detect(Self.nslog.map { "| " + $0 }) == [.marker(0x7C)])
    }

    @Test func annotationsAreNeverDecoratedAndCarriageReturnsEndLines() {
        let annotated = Self.nslog.flatMap { ["#! expect CB101", "> " + $0] }
        #expect(detect(annotated) == [.quote])
        #expect(detect(Self.nslog.map { "> " + $0 }, ending: "\r") == [.quote])
        #expect(detect(Self.nslog.map { "> " + $0 }, ending: "\r\n") == [.quote])
    }

    @Test func aCutLastLineIsLeftOutOfTheDecision() {
        // Print lines, quoted, and a last one cut before its mark was read: as a whole file's last
        // line, one in four would carry no mark, too many to call the rest a quote.
        let lines = Self.prints.prefix(3).map { "> " + $0 } + ["url"]
        #expect(detect(lines, isWhole: false) == [.quote])
        #expect(detect(lines, isWhole: true).isEmpty)
    }

    @Test func descriptionsNameWhatWasTakenOff() {
        #expect(PasteDecoration.Layer.indentation(Array("    ".utf8)).description == "indentation of 4 spaces")
        #expect(PasteDecoration.Layer.indentation([0x09]).description == "indentation of a tab")
        #expect(PasteDecoration.Layer.quote.description == "quote marks '> '")
        #expect(PasteDecoration.Layer.marker(0x7C).description == "table marker '| '")
        #expect(PasteDecoration.Layer.marker(0x2D).description == "list marker '- '")
        #expect(PasteDecoration.Layer.lineNumbers.description == "pasted line numbers")
    }

    /// Read whole: the events of a quoted paste are the plain log's, on the same lines, their
    /// columns past the marks; fences count as decoration and annotations stay as they are.
    @Test func aQuotedPasteIsReadAsItsLog() throws {
        let plain = try ReadLog(Self.nslog.joined(separator: "\n") + "\n")
        let pasted = try ReadLog(
            (["> ```"] + Self.nslog.map { "> " + $0 } + ["> ```", "#! about: not quoted"]).joined(separator: "\n")
                + "\n")
        #expect(
            pasted.kinds
                == plain.kinds.map { kind in
                    let parts = kind.split(separator: "@")
                    return "\(parts[0])@\(Int(parts[1])! + 1)"
                })
        #expect(pasted.events.map(\.column) == plain.events.map { $0.column + 2 })
        #expect(pasted.stats.decoration == 2)
        #expect(pasted.stats.annotations == 1)
        #expect(pasted.stats.decorationRemoved.map(\.what) == ["quote marks '> '"])
        #expect(pasted.stats.decorationRemoved.map(\.lines) == [9])
        #expect(pasted.stats.accountedFor == pasted.stats.lines)
    }
}
