import Foundation
import TestSupport
import Testing

/// Issue 17, item 4, on the built binary: the sample log as pasted into an issue thread (indented,
/// fenced, quoted, numbered, with `\r` line ends) gives the plain log's findings, the same rules on
/// the file's own lines; a log that can mostly not be read says so instead of passing in silence.
@Suite struct PastedLogTests {
    /// One way of pasting the sample: how each line is rewritten, the lines added before it, and
    /// the line end.
    struct Paste: CustomStringConvertible, Sendable {
        var description: String
        /// Lines before the log (a fence) move every finding down by as many lines.
        var before: [String] = []
        var after: [String] = []
        /// The decoration each log line gets; its length moves the finding's column.
        var prefix: @Sendable (Int) -> String = { _ in "" }
        var ending = "\n"
        /// What `--stats` says was taken off, if anything.
        var note: String?
    }

    static let pastes: [Paste] = [
        Paste(description: "plain"),
        Paste(
            description: "indented by 4 spaces", prefix: { _ in "    " },
            note: "note: indentation of 4 spaces removed from 135 lines"),
        Paste(description: "inside a ``` fence", before: ["```swift"], after: ["```"]),
        Paste(
            description: "quoted with '> '", prefix: { _ in "> " },
            note: "note: quote marks '> ' removed from 135 lines"),
        Paste(
            description: "quoted around a fence", before: ["> ```"], after: ["> ```"], prefix: { _ in "> " },
            note: "note: quote marks '> ' removed from 137 lines"),
        Paste(
            description: "with pasted line numbers", prefix: { String(format: "%3d | ", $0) },
            note: "note: pasted line numbers removed from 135 lines"),
        Paste(
            description: "with CR-only line ends", ending: "\r",
            note: "note: 135 lines end with a carriage return alone"),
        Paste(description: "with CRLF line ends", ending: "\r\n"),
    ]

    private static let sample = "Samples/background-download.log"

    /// The text of the sample pasted so.
    private func pasted(_ paste: Paste) throws -> String {
        let text = try String(contentsOf: TestSupport.packageRoot.appendingPathComponent(Self.sample), encoding: .utf8)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        let log = lines.enumerated().map { paste.prefix($0.offset + 1) + $0.element }
        return (paste.before + log + paste.after).map { $0 + paste.ending }.joined()
    }

    /// The findings of a JSON report as `rule line:column`.
    private func findings(_ json: String) throws -> [String] {
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let files = try #require(report["files"] as? [[String: Any]])
        let found = try #require(files.first?["findings"] as? [[String: Any]])
        return found.map { "\($0["rule"]!) \($0["line"]!):\($0["column"]!)" }
    }

    @Test(arguments: pastes)
    func aPastedSampleHasThePlainSamplesFindingsOnItsOwnLines(_ paste: Paste) throws {
        let path = try TestSupport.temporaryFile(try pasted(paste), name: "pasted.log")
        let output = try TestSupport.run(["--no-config", path, "--format", "json", "--stats"])
        #expect(output.status == 1)
        // The plain sample's CB101 and CB104 at 75:50, moved by the lines before and the decoration.
        let line = 75 + paste.before.count
        let column = 50 + paste.prefix(75).utf8.count
        #expect(try findings(output.stdout) == ["CB101 \(line):\(column)", "CB104 \(line):\(column)"])
        #expect(output.stderr.contains(": \(135 + paste.before.count + paste.after.count) lines, format nslog"))
        #expect(output.stderr.contains("  events               51  ("))
        #expect(output.stderr.contains("  unparseable           0\n"))
        if let note = paste.note { #expect(output.stderr.contains(note), "\(output.stderr)") }
        if !paste.before.isEmpty { #expect(output.stderr.contains("  decoration            2  (Markdown fences)\n")) }
        #expect(!output.stderr.contains("warning"))
    }

    @Test func aFixtureQuotedWithItsAnnotationsPassesCbcheckTest() throws {
        let output = try TestSupport.run([
            "test", "Fixtures/formats/cb101-quoted-paste.log", "Fixtures/formats/cb101-indented-paste.log",
            "Fixtures/formats/cb101-numbered-paste.log",
        ])
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.contains("3 fixtures: 3 passed, 0 failed"))
    }

    @Test func aLogThatCanMostlyNotBeReadWarnsAndMaxUnrecognizedFailsIt() throws {
        let text = (1...30).map { "2026-03-14 09:26 Downloader cut \($0)\n" }.joined()
        let path = try TestSupport.temporaryFile(text, name: "cut.log")
        let output = try TestSupport.run(["--no-config", path])
        #expect(output.status == 0)
        #expect(
            output.stderr.contains(
                "\(path): warning: 30 of 30 lines could not be read and no event was found; most are like line 1 "
                    + "('N-N-N N:N Downloader cut N'), which starts like a record but breaks off"))
        #expect(output.stderr.hasSuffix("cbcheck: no findings in 1 file (nothing checked: no callback events)\n"))
        #expect(try TestSupport.run(["--no-config", path, "--max-unrecognized", "50"]).status == 1)
    }
}
