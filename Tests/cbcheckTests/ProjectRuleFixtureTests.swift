import Foundation
import TestSupport
import Testing

/// A rule author's project (issue 22 items 1 and 2): a `.cbcheck` that adds the project's rules,
/// and a fixture for its own rule on a log where built-in rules find things too. `cbcheck test`
/// runs in the project's folder with the rules the config adds, compares only the rules the
/// fixture's `#! rules` line (or `--select`) names, and notes a project rule without a trigger
/// or a near miss.
@Suite struct ProjectRuleFixtureTests {
    private static let rule = """
        rule ACME001 background-task-held-too-long
          severity warning
          summary "endBackgroundTask came more than 10 s after beginBackgroundTask"
          source "team policy"
          rationale "Our flushes take a second or two."
          for each run, bgtask
          after bgtask.begin where bgtask != 0: require bgtask.end within 10s

        """

    /// A background task begun and never ended before the log ends: ACME001 (pending) and the
    /// built-in CB501 (pending) both have something to say.
    private static func fixture(header: String) -> String {
        let prefix = "2026-03-14 18:05:0"
        return header + """
            \(prefix)3.225 Kitchen[4310:1398702] applicationDidEnterBackground(_:)
            #! expect-pending ACME001
            \(prefix)3.733 Kitchen[4310:1398702] beginBackgroundTask(withName: "Flush", expirationHandler: nil) -> backgroundTaskID 12
            \(prefix)3.738 Kitchen[4310:1398702] applicationDidEnterBackground(_:) returning

            """
    }

    /// A scratch project: `.cbcheck` adding `rules/`, the rule, and one fixture.
    private func project(header: String) throws -> URL {
        let folder = try TestSupport.temporaryDirectory()
        try "rules rules\n".write(to: folder.appendingPathComponent(".cbcheck"), atomically: true, encoding: .utf8)
        let rules = folder.appendingPathComponent("rules")
        let fixtures = folder.appendingPathComponent("fixtures")
        try FileManager.default.createDirectory(at: rules, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: fixtures, withIntermediateDirectories: true)
        try Self.rule.write(to: rules.appendingPathComponent("acme.cbrules"), atomically: true, encoding: .utf8)
        try Self.fixture(header: header).write(
            to: fixtures.appendingPathComponent("acme001.log"), atomically: true, encoding: .utf8)
        return folder
    }

    @Test func aFixtureNamingItsRulesPassesWithTheConfigsRules() throws {
        let folder = try project(header: "#! about: ACME001 trigger.\n#! rules ACME001\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try TestSupport.run(["test", "fixtures"], in: folder)
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.contains("PASS fixtures/acme001.log\n"))
        #expect(output.stdout.contains("1 fixture: 1 passed, 0 failed\n"))
        // The project's rule has a trigger but no near miss yet: said, not failed.
        let note = try #require(output.stdout.split(separator: "\n").last)
        #expect(note.hasPrefix("note: ACME001 ("))
        #expect(note.hasSuffix("acme.cbrules:1:1): no near miss ('#! ok ACME001')"))
    }

    @Test func withoutItTheBuiltInFindingIsUnexpectedAndSelectNarrowsIt() throws {
        let folder = try project(header: "#! about: ACME001 trigger.\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let whole = try TestSupport.run(["test", "fixtures"], in: folder)
        #expect(whole.status == 1)
        #expect(whole.stdout.contains("  + fixtures/acme001.log:4: CB501 pending"))
        let selected = try TestSupport.run(["test", "--select", "ACME001", "fixtures"], in: folder)
        #expect(selected.status == 0, "\(selected.stdout)")
        let unknown = try TestSupport.run(["test", "--select", "ACME01", "fixtures"], in: folder)
        #expect(unknown.status == 2)
        #expect(unknown.stderr == "error: --select names unknown rule 'ACME01' (did you mean ACME001?)\n")
    }

    @Test func aRulesLineNamingAnUnknownRuleIsABrokenFixture() throws {
        let folder = try project(header: "#! rules ACME01\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try TestSupport.run(["test", "fixtures"], in: folder)
        #expect(output.status == 2)
        #expect(
            output.stdout.contains("BROKEN fixtures/acme001.log:1:10: error: annotation names unknown rule 'ACME01'"))
    }
}
