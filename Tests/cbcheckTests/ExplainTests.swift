import Foundation
import TestSupport
import Testing

/// `cbcheck explain` on the built binary: a rule named by id, name or a part of its name; the
/// addresses of what it cites; an example log with the line it fires at; and SARIF's `helpUri`.
@Suite struct ExplainTests {
    @Test func aRuleIsFoundByItsNameOrAPartOnlyItsNameHas() throws {
        for query in ["CB102", "handler-never-called", "never-called"] {
            let result = try TestSupport.run(["explain", query])
            #expect(result.status == 0, "\(query)")
            #expect(result.stdout.hasPrefix("CB102 handler-never-called (error)\n"), "\(query)")
        }
        let several = try TestSupport.run(["explain", "called"])
        #expect(several.status == 2)
        #expect(several.stdout == "")
        #expect(
            several.stderr == """
                error: 'called' is part of the names of 4 rules; name one:
                  CB101 handler-called-early
                  CB102 handler-never-called
                  CB103 handler-called-twice
                  CB113 fetch-handler-not-called

                """)
        let misspelt = try TestSupport.run(["explain", "handler-caled-early"])
        #expect(misspelt.status == 2)
        #expect(misspelt.stderr.contains("(did you mean handler-called-early?)"))
    }

    @Test func theReferencesGiveEachCitedFactItsAddress() throws {
        let result = try TestSupport.run(["explain", "CB101"])
        #expect(result.stdout.contains("\nREFERENCES\n  seed 000 §1: A developer's write-up (in Chinese)"))
        #expect(
            result.stdout.contains(
                "(Apple documentation + Apple SDK header)\n"
                    + "    https://developer.apple.com/documentation/foundation/urlsessiondelegate/"
                    + "urlsessiondidfinishevents(forbackgroundurlsession:)\n"))
        #expect(result.stdout.contains("  C1: Whether `didFinishDownloadingTo` comes before or after the completion"))
        #expect(!result.stdout.contains("not in cbcheck's references"))
    }

    @Test func theExampleMarksTheLineTheRuleFiresAt() throws {
        let result = try TestSupport.run(["explain", "CB101"])
        let example = try #require(result.stdout.components(separatedBy: "\nEXAMPLE\n").last)
        let lines = example.split(separator: "\n").map(String.init)
        let marked = lines.filter { $0.hasPrefix("  > ") }
        #expect(
            marked == [
                "  > 2026-03-14 09:26:51.390 Downloader[4101:1200001] calling backgroundSessionCompletionHandler for com.acme.Downloader.bg"
            ])
        #expect(!example.contains("#!"))
        #expect(example.contains("  (Fixtures/relaunch/cb101-handler-called-early.log, in cbcheck's source tree)\n"))
    }

    @Test func sarifRulesLinkTheirDocumentation() throws {
        let result = try TestSupport.run([
            "--no-config", "--format", "sarif", "Fixtures/relaunch/cb101-handler-called-early.log",
        ])
        let sarif = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let runs = try #require(sarif?["runs"] as? [[String: Any]])
        let driver = try #require((runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try #require(driver["rules"] as? [[String: Any]])
        let cb101 = try #require(rules.first { $0["id"] as? String == "CB101" })
        #expect(
            cb101["helpUri"] as? String
                == "https://developer.apple.com/documentation/foundation/urlsessiondelegate/urlsessiondidfinishevents(forbackgroundurlsession:)"
        )
        let markdown = try #require((cb101["help"] as? [String: Any])?["markdown"] as? String)
        #expect(markdown.contains("- [R10](https://developer.apple.com/library/archive/"))
        // Only a rule that cites nothing with an address goes without one (CB103 rests on U1).
        #expect(rules.filter { $0["helpUri"] == nil }.compactMap { $0["id"] as? String } == ["CB103"])
    }
}
