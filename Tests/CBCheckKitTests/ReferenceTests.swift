import Diagnostics
import Testing

@testable import CBCheckKit

/// `rules/references.cbrefs` and what a rule's `source` line cites: every built-in rule's
/// citations resolve, mistakes in the table are errors at their line, and the address a reader
/// is sent to first is Apple's.
@Suite struct ReferenceTests {
    @Test func everyBuiltInRuleCitesOnlyKnownReferencesAndAtLeastOne() throws {
        for rule in try RuleLibrary.builtIn().rules {
            let items = Citation(rule.description.source).items
            #expect(!items.isEmpty, "\(rule.description.id) cites nothing")
            for case .unresolved(let part) in items {
                Issue.record("\(rule.description.id): '\(part)' is not in rules/references.cbrefs")
            }
        }
    }

    @Test func theBuiltInTableHasEveryFactAndSeed() {
        let table = ReferenceTable.builtIn
        // APPLE-FACTS' 83 facts and 3 conflicts, its 12 unconfirmed items, and the 5 seeds.
        #expect(table.all.count == 83 + 3 + 12 + 5)
        #expect(table["R6"]?.statuses == [.appleDocumentation, .appleHeader])
        #expect(
            table["seed 004"]?.address == "https://developer.apple.com/library/archive/technotes/tn2277/_index.html")
        #expect(table.all.allSatisfy { $0.address == nil || $0.address!.hasPrefix("https://") })
    }

    @Test func aSourceLineNamesSeedsFactsConflictsAndLinks() {
        let table = ReferenceTable.builtIn
        let citation = Citation(
            "seed 000 §1; APPLE-FACTS R6, U1 (convention); conflict C1; https://example.com/our-note; APPLE-FACTS Z9; team policy",
            references: table)
        #expect(
            citation.items == [
                .reference(table["seed 000"]!, detail: "§1"), .reference(table["R6"]!, detail: "(convention)"),
                .reference(table["U1"]!, detail: "(convention)"), .reference(table["C1"]!, detail: ""),
                .link("https://example.com/our-note"), .unresolved("APPLE-FACTS Z9"), .text("team policy"),
            ])
        // Seed 000 has no page; R6 is Apple's, so it is where SARIF's helpUri points.
        #expect(citation.primaryAddress == table["R6"]!.address)
        #expect(
            Citation("seed 000; https://example.com/x", references: table).primaryAddress == "https://example.com/x")
        #expect(Citation("seed 000", references: table).primaryAddress == nil)
    }

    @Test func aMalformedTableLineIsAnErrorAtItsLine() {
        func mistake(_ text: String) -> String? {
            do {
                _ = try ReferenceTable([(name: "x.cbrefs", text: text)])
                return nil
            } catch { return error.description }
        }
        #expect(mistake("# comment\nR1 | APPLE-DOC | https://a.example | says\n") == nil)
        #expect(
            mistake("R1 | APPLE-DOC | https://a.example\n")?.hasPrefix("x.cbrefs:1:1: error: expected 'ID |") == true)
        #expect(
            mistake("\nR1 | APPLE-DOK | - | says\n")?.contains("x.cbrefs:2:1: error: unknown status 'APPLE-DOK'")
                == true)
        #expect(mistake("R1 | APPLE-DOK | - | says\n")?.contains("did you mean APPLE-DOC?") == true)
        #expect(mistake("R1 | APPLE-DOC | www.apple.com | says\n")?.contains("the address is a URL or '-'") == true)
        #expect(
            mistake("R1 | SEED | - | a\nR1 | SEED | - | b\n")?.contains(
                "x.cbrefs:2:1: error: reference 'R1' is defined twice") == true)
    }
}
