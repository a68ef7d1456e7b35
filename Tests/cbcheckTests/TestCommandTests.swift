import Foundation
import TestSupport
import Testing

/// `cbcheck test` as a rule author uses it: the fixture suite passes, and a broken fixture fails
/// with a diff that names the file and line.
@Suite struct TestCommandTests {
    @Test func theBundledFixturesPass() throws {
        let output = try TestSupport.run(["test"])
        #expect(output.status == 0, "\(output.stdout)")
        #expect(output.stdout.contains("PASS Fixtures/relaunch/cb101-handler-called-early.log\n"))
        #expect(output.stdout.contains(" 0 failed\nfindings: "))
        #expect(output.stdout.contains(" 0 false positives, 0 false negatives, "))
    }

    /// The CB101 trigger fixture with its expectation moved one line down and renamed to CB103.
    @Test func aFixtureWithTheWrongLineAndRuleFailsWithADiff() throws {
        let original = try String(
            contentsOf: TestSupport.packageRoot.appendingPathComponent(
                "Fixtures/relaunch/cb101-handler-called-early.log"),
            encoding: .utf8)
        var lines = original.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let mark = try #require(lines.firstIndex(of: "#! expect CB101"))
        lines.remove(at: mark)
        lines.insert("#! expect CB103", at: mark + 1)
        let path = try TestSupport.temporaryFile(lines.joined(separator: "\n"), name: "broken.log")
        let output = try TestSupport.run(["test", path])
        #expect(output.status == 1)
        #expect(output.stdout.hasPrefix("FAIL \(path)\n  --- expected\n  +++ actual\n"))
        #expect(
            output.stdout.contains(
                "  + \(path):11: CB101 violated: app.handler.called came before session.finishEvents\n"))
        #expect(output.stdout.contains("  - \(path):13: CB103 violated\n"))
        #expect(output.stdout.contains("1 fixture: 0 passed, 1 failed\n"))
        #expect(output.stdout.contains("findings: 0 true positives, 1 false positive, 1 false negative"))
    }

    @Test func aBrokenAnnotationExitsTwo() throws {
        let path = try TestSupport.temporaryFile(
            "#! expect CB999\n2026-03-14 09:26:51.140 App[1:1] hello\n", name: "unknown-rule.log")
        let output = try TestSupport.run(["test", path])
        #expect(output.status == 2)
        #expect(output.stdout.contains("BROKEN \(path):1:11: error: annotation names unknown rule 'CB999'"))
    }

    @Test func jsonIsForTools() throws {
        let output = try TestSupport.run(["test", "Fixtures/relaunch", "--format", "json"])
        #expect(output.status == 0)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        #expect(document["version"] as? Int == 1)
        let fixtures = try #require(document["fixtures"] as? [[String: Any]])
        #expect(fixtures.count > 18)
        #expect(fixtures.allSatisfy { $0["passed"] as? Bool == true })
        let counts = try #require(document["counts"] as? [String: Int])
        #expect(counts["falsePositives"] == 0)
    }

    /// In a project whose fixtures are not in `Fixtures/`, a bare `cbcheck test` says where they
    /// seem to be instead of "Fixtures: no such file or directory".
    @Test func aBareTestWithoutAFixturesFolderNamesTheOneItFinds() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cbcheck-bare-test-\(UUID())")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("ci/cbcheck/fixtures"), withIntermediateDirectories: true)
        let bare = try TestSupport.run(["test", "--no-config"], in: root)
        #expect(bare.status == 2)
        #expect(
            bare.stderr
                == "cbcheck: error: no fixtures named, and no Fixtures folder here\n"
                + "  hint: did you mean 'cbcheck test ci/cbcheck/fixtures'?\n")
        let empty = try TestSupport.run(
            ["test", "--no-config"], in: root.appendingPathComponent("ci/cbcheck/fixtures"))
        #expect(empty.stderr.hasSuffix("  hint: name them: cbcheck test DIR\n"))
    }
}
