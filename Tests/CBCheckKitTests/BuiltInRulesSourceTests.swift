import Foundation
import TestSupport
import Testing

@testable import CBCheckKit
@testable import RuleEmbedding

/// What `cbcheck-embed` writes for the build plugin: the rule files as raw string literals that
/// need no escaping, and each rule id's fixtures.
@Suite struct BuiltInRulesSourceTests {
    @Test func theRawDelimiterOutrunsEveryQuoteFollowedByHashes() {
        #expect(BuiltInRulesSource.rawDelimiter(for: "rule CB101 # a comment") == "#")
        #expect(BuiltInRulesSource.rawDelimiter(for: ##"match /"#/"##) == "##")
        #expect(BuiltInRulesSource.rawDelimiter(for: ####"a "### b "# c"####) == "####")
    }

    @Test func onlyTheFourExpectationVerbsNameRules() {
        let text = """
            #! expect CB101 CB104
            #! ok CB102
            #! expect-pending CB201
            #! todo CB301
            #! format nslog
            #!expect CB999
            2026-03-14 09:27:00.000 Downloader[1:1] #! expect CB998
            """
        #expect(BuiltInRulesSource.annotatedRules(in: text) == ["CB101", "CB104", "CB102", "CB201", "CB301"])
    }

    @Test func theSourceHoldsEachFileAndEachRulesSortedFixtures() {
        let source = BuiltInRulesSource.make(
            rules: [(name: "a.cbrules", text: ##"match /"#/"##)],
            fixtures: [
                (path: "Fixtures/z.log", text: "#! expect CB101\n"),
                (path: "Fixtures/a.log", text: "#! ok CB101 CB102\n"),
            ])
        #expect(source.contains("(\"a.cbrules\", ##\"\"\"\nmatch /\"#/\n\"\"\"##),\n"))
        #expect(source.contains("        \"CB101\": [\"Fixtures/a.log\", \"Fixtures/z.log\"],\n"))
        #expect(source.contains("        \"CB102\": [\"Fixtures/a.log\"],\n"))
        #expect(BuiltInRulesSource.make(rules: [], fixtures: []).contains("        :\n"))
    }

    /// The binary's table is what the generator makes of the fixtures in the tree.
    @Test func theEmbeddedFixtureTableMatchesTheTree() throws {
        var expected: [String: [String]] = [:]
        for path in TestSupport.fixturePaths() {
            let text = try String(
                contentsOfFile: TestSupport.packageRoot.appendingPathComponent(path).path, encoding: .utf8)
            for id in BuiltInRulesSource.annotatedRules(in: text) { expected[id, default: []].append(path) }
        }
        #expect(BuiltInRuleFiles.fixtures == expected.mapValues { $0.sorted() })
    }
}
