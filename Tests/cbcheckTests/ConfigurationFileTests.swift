import Foundation
import TestSupport
import Testing

/// `.cbcheck` on the built binary: found from the working directory upward, `--config`,
/// `--no-config`, and a mistake in it stopping the check with exit status 2.
@Suite struct ConfigurationFileTests {
    private let warning = "Fixtures/relaunch/cb107-unstable-identifier.log"

    /// A project folder with a `.cbcheck`, a `logs/` folder holding a log that breaks CB107, and
    /// `rules/extra.cbrules` with one rule of the project's own.
    private func project(_ settings: String) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cbcheck-project-\(UUID())")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("logs"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("rules"), withIntermediateDirectories: true)
        try settings.write(to: root.appendingPathComponent(".cbcheck"), atomically: true, encoding: .utf8)
        try Data(contentsOf: TestSupport.packageRoot.appendingPathComponent(warning))
            .write(to: root.appendingPathComponent("logs/run.log"))
        try """
        rule CB901 went-to-background
          severity note
          summary "the app went to the background"
          for each run
          after app.launch: forbid app.background
        """.write(to: root.appendingPathComponent("rules/extra.cbrules"), atomically: true, encoding: .utf8)
        return root
    }

    @Test func theNearestFileUpwardSetsFailOnAndSeverities() throws {
        let root = try project("fail-on warning\nseverity CB107 note\n")
        let logs = root.appendingPathComponent("logs")
        let found = try TestSupport.run(["run.log"], in: logs)
        #expect(found.status == 0)
        #expect(found.stdout.contains("run.log:6:50: note: [CB107]"))
        let ignored = try TestSupport.run(["run.log", "--no-config"], in: logs)
        #expect(ignored.status == 0)
        #expect(ignored.stdout.contains("run.log:6:50: warning: [CB107]"))
        let overridden = try TestSupport.run(["run.log", "--fail-on", "note"], in: logs)
        #expect(overridden.status == 1)
    }

    @Test func disabledRulesAreListedWithTheirReasonAndProjectRulesRun() throws {
        let root = try project(
            """
            rules rules/extra.cbrules
            disable CB107 "the identifier carries the build number on purpose"
            """)
        let check = try TestSupport.run(["logs/run.log", "--fail-on", "warning"], in: root)
        #expect(check.status == 0)
        #expect(!check.stdout.contains("CB107"))
        #expect(check.stdout.contains("logs/run.log:12:50: note: [CB901] the app went to the background"))
        let rules = try TestSupport.run(["rules"], in: root.appendingPathComponent("logs"))
        #expect(rules.stdout.contains("CB901  note    went-to-background"))
        #expect(
            rules.stdout.hasSuffix(
                "CB107  disabled at ../.cbcheck:2:9: the identifier carries the build number on purpose\n"))
        let explain = try TestSupport.run(["explain", "CB107"], in: root)
        #expect(explain.status == 0)
        #expect(
            explain.stdout.hasPrefix(
                "CB107 unstable-identifier (warning)\n\n  the background session identifier looks generated"))
        #expect(
            explain.stdout.contains(
                "\n  disabled at .cbcheck:2:9: the identifier carries the build number on purpose\n"))
    }

    @Test func aMistakeInTheFileStopsTheCheckWithItsLineAndCaret() throws {
        let root = try project("severity CB107 note\ndisable CB999\n")
        let output = try TestSupport.run(["logs/run.log"], in: root)
        #expect(output.status == 2)
        #expect(
            output.stderr == """
                .cbcheck:2:9: error: unknown rule id 'CB999'
                  disable CB999
                          ^
                  hint: did you mean 'CB109'?

                """)
        let missing = try project("rules ci/nothing-here\n")
        let path = try TestSupport.run(["logs/run.log"], in: missing)
        #expect(path.status == 2)
        #expect(path.stderr.hasPrefix(".cbcheck:1:7: error: ci/nothing-here: no such file or directory\n"))
    }

    @Test func configNamesAFileAndContradictsNoConfig() throws {
        let root = try project("fail-on never\n")
        let settings = root.appendingPathComponent(".cbcheck").path
        let chosen = try TestSupport.run([warning, "--config", settings, "--fail-on", "warning"])
        #expect(chosen.status == 1)
        let never = try TestSupport.run(["Samples/background-download.log", "--config", settings])
        #expect(never.status == 0)
        let both = try TestSupport.run([warning, "--config", settings, "--no-config"])
        #expect(both.status == 2)
        #expect(both.stderr.hasPrefix("cbcheck: error: --config and --no-config contradict each other"))
        let absent = try TestSupport.run([warning, "--config", "/no/such/.cbcheck"])
        #expect(absent.stderr.hasPrefix("cbcheck: error: /no/such/.cbcheck: no such settings file"))
    }
}
