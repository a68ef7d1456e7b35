import Foundation
import TestSupport
import Testing

/// `cbcheck rules --event-map` on the built binary: what a map author reads to learn which
/// literals a record must hold before a phrasing's regex is tried on it.
@Suite struct EventMapListingTests {
    @Test func builtInMapListsEveryPhrasingWithItsLiterals() throws {
        let output = try TestSupport.run(["rules", "--no-config", "--event-map"])
        #expect(output.status == 0)
        let rows = output.stdout.split(separator: "\n")
        let map = try String(
            contentsOfFile: TestSupport.packageRoot.appendingPathComponent("rules/events.cbevents").path,
            encoding: .utf8)
        let phrasings = map.split(separator: "\n").filter {
            $0.trimmingCharacters(in: .whitespaces).hasPrefix("match ")
        }
        #expect(rows.count == phrasings.count)
        #expect(rows.contains { $0.hasPrefix("task.finishDownload ") && $0.hasSuffix(" \"didFinishDownloadingTo\"") })
        #expect(rows.contains { $0.contains("app.forceQuit") && $0.hasSuffix("(any case)") })
    }

    @Test func userPhrasingsComeFirstWithTheirLiteralsEscaped() throws {
        let map = try TestSupport.temporaryFile(
            """
            event app.handler.called
              match /said "done" \\\\ for (?<identifier>\\S+)/
            event app.active
              match /^\\d+$/
            """, name: "quoted.cbevents")
        let output = try TestSupport.run(["rules", "--no-config", "--events", map, "--event-map"])
        #expect(output.status == 0)
        let rows = output.stdout.split(separator: "\n").map(String.init)
        #expect(rows.first?.hasPrefix("app.handler.called") == true)
        #expect(rows.first?.contains("quoted.cbevents:2") == true)
        #expect(rows.first?.hasSuffix(#""said \"done\" \\ for ""#) == true)
        #expect(rows.dropFirst().first?.hasSuffix("(no literal: tried on every record)") == true)
    }

    /// The README's table of rules is what `cbcheck rules` lists: a rule added without its row (as
    /// CB507 once was) fails here.
    @Test func theReadmesRuleTableIsTheRuleList() throws {
        let output = try TestSupport.run(["rules", "--no-config"])
        let listed = output.stdout.split(separator: "\n").map { row in
            row.split(separator: " ", omittingEmptySubsequences: true).prefix(3).joined(separator: " ")
        }
        let readme = try String(
            contentsOfFile: TestSupport.packageRoot.appendingPathComponent("README.md").path, encoding: .utf8)
        let rows = readme.split(separator: "\n").filter { $0.hasPrefix("| CB") }.map { row in
            row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        }
        #expect(rows.map { $0.split(separator: " ")[0] } == listed.map { $0.split(separator: " ")[0] })
        // `cbcheck rules` prints id, severity, name; the README id, name, severity.
        #expect(
            rows
                == listed.map { row in
                    let words = row.split(separator: " ")
                    return "\(words[0]) \(words[2]) \(words[1])"
                })
    }
}
