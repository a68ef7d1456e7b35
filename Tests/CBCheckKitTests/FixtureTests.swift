import Foundation
import TestSupport
import Testing

@testable import CBCheckKit
@testable import Diagnostics

/// Runs every fixture log under `Fixtures/` with the built-in rules: each finding must be
/// annotated `#! expect`, and each annotation must hold. A failure names the fixture's file:line.
@Suite struct FixtureTests {

    @Test(arguments: TestSupport.fixturePaths())
    func fixtureHoldsItsAnnotations(_ path: String) throws {
        let url = TestSupport.packageRoot.appendingPathComponent(path)
        let text = try String(contentsOf: url, encoding: .utf8)
        let result = try FixtureRunner(library: RuleLibrary.builtIn()).run(path: url.path, text: text)
        #expect(result.failures.isEmpty, "\(result.failures.joined(separator: "\n"))")
    }

    /// `cbcheck test --mutate`: no verdict may depend on line counts, clocks, task numbers or the
    /// absence of other apps in the log.
    @Test(arguments: TestSupport.fixturePaths())
    func fixtureHoldsUnderEveryMutation(_ path: String) throws {
        let url = TestSupport.packageRoot.appendingPathComponent(path)
        let text = try String(contentsOf: url, encoding: .utf8)
        let runner = FixtureRunner(library: try RuleLibrary.builtIn())
        for mutation in FixtureMutation.allCases {
            let outcome = try MutationOutcome.check(path: path, text: text, under: mutation, with: runner)
            #expect(
                outcome.result.passed, "under \(mutation.rawValue): \(outcome.result.failures.joined(separator: "\n"))")
        }
    }

    @Test func everyBuiltInRuleHasATriggeringAndANearMissFixture() throws {
        let library = try RuleLibrary.builtIn()
        var expected: [String: Int] = [:]
        var ok: [String: Int] = [:]
        for path in TestSupport.fixturePaths() {
            let text = try String(contentsOf: TestSupport.packageRoot.appendingPathComponent(path), encoding: .utf8)
            let known = Set(library.rules.map(\.description.id))
            for mark in try FixtureAnnotations(file: path, text: text, knownRuleIDs: known).marks {
                switch mark.expectation {
                case .expect, .expectPending: expected[mark.ruleID, default: 0] += 1
                case .ok: ok[mark.ruleID, default: 0] += 1
                case .todo: break
                }
            }
        }
        for rule in library.rules {
            #expect(expected[rule.description.id, default: 0] > 0, "no fixture triggers \(rule.description.id)")
            #expect(ok[rule.description.id, default: 0] > 0, "no near-miss fixture for \(rule.description.id)")
        }
    }

    @Test func annotationsMustNameKnownRulesAndPrecedeALine() {
        #expect(throws: Diagnostic.self) {
            _ = try FixtureAnnotations(file: "f.log", text: "#! expect CB999\nline\n", knownRuleIDs: ["CB101"])
        }
        #expect(throws: Diagnostic.self) {
            _ = try FixtureAnnotations(file: "f.log", text: "line\n#! expect CB101\n", knownRuleIDs: ["CB101"])
        }
        #expect(throws: Diagnostic.self) {
            _ = try FixtureAnnotations(file: "f.log", text: "#! expcet CB101\nline\n", knownRuleIDs: ["CB101"])
        }
    }

    @Test func annotationsApplyToTheNextLogLineAndKeepLineNumbers() throws {
        let text = "#! about: a fixture\nfirst\n#! expect CB101 CB102\n#! ok CB103\nsecond\n"
        let marks = try FixtureAnnotations(file: "f.log", text: text, knownRuleIDs: ["CB101", "CB102", "CB103"]).marks
        #expect(marks.map(\.ruleID) == ["CB101", "CB102", "CB103"])
        #expect(marks.allSatisfy { $0.targetLine == 5 })
        #expect(marks.map(\.expectation) == [.expect, .expect, .ok])
    }

    /// `#! expect: CB101` was a comment that expected nothing, so its fixture passed whatever was
    /// found; a verb with a colon is now an error saying how to write it. `about:` stays a comment.
    @Test func aVerbWrittenWithAColonIsAnErrorNotAComment() throws {
        let error = try #require(
            capturedDiagnostic { () throws(Diagnostic) in
                try FixtureAnnotations(
                    file: "f.log", text: "#! about: x\n#! expect: CB101\nline\n", knownRuleIDs: ["CB101"])
            })
        #expect(error.message == "'expect:' is a comment, not an annotation")
        #expect(error.location == SourceLocation(file: "f.log", line: 2, column: 4))
        #expect(error.hint == "write it without the colon: #! expect CB101")
    }
}
