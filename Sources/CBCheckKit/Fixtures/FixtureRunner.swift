import Diagnostics
import Foundation

/// Checks one fixture log and compares its findings with its annotations. Every finding must be
/// expected; every `expect` must be found; `ok` lines must stay clean.
public struct FixtureRunner {
    public var checker: LogChecker
    /// The rules whose findings are compared (`cbcheck test --select`); `nil`: every rule's. A
    /// fixture's own `#! rules` line narrows it further.
    public var selection: Set<String>?

    public init(library: RuleLibrary) { checker = LogChecker(library: library) }

    /// One difference between what a fixture expects and what the rules found.
    public struct Mismatch: Sendable, Equatable, Codable {
        public enum Kind: String, Sendable, Codable {
            /// An `expect` with no such finding (a false negative).
            case missing
            /// An `expect` met by a finding with the other verdict (violated vs pending).
            case wrongVerdict
            /// A finding no annotation expected (a false positive).
            case unexpected
            /// A finding on a line marked `ok` for that rule (a false positive).
            case okViolated
        }

        public var kind: Kind
        public var line: Int
        public var ruleID: String
        /// Expected and actual, in words (`CB105 violated`).
        public var expected: String?
        public var actual: String?
    }

    /// The verdict on one fixture.
    public struct Result: Sendable, Codable {
        public var path: String
        public var mismatches: [Mismatch] = []
        /// `#! todo` marks, reported but never failed, as `line: rule`.
        public var todos: [String] = []
        public var truePositives = 0
        /// `ok` marks that held.
        public var trueNegatives = 0
        /// The rules the fixture's judged `expect` (or `expect-pending`) and `ok` marks name.
        public var expectedRules: Set<String> = []
        public var okRules: Set<String> = []

        public var passed: Bool { mismatches.isEmpty }
        public var falsePositives: Int { mismatches.filter { $0.kind == .unexpected || $0.kind == .okViolated }.count }
        public var falseNegatives: Int { mismatches.filter { $0.kind == .missing || $0.kind == .wrongVerdict }.count }

        /// Each mismatch as `path:line: message`, for test failures.
        public var failures: [String] {
            mismatches.map { mismatch in
                let place = "\(path):\(mismatch.line)"
                switch mismatch.kind {
                case .missing: return "\(place): expected \(mismatch.expected ?? ""), found none"
                case .wrongVerdict:
                    return "\(place): expected \(mismatch.expected ?? ""), found \(mismatch.actual ?? "")"
                case .unexpected: return "\(place): unexpected \(mismatch.actual ?? "")"
                case .okViolated:
                    return "\(place): marked ok for \(mismatch.ruleID), but found \(mismatch.actual ?? "")"
                }
            }
        }
    }

    /// Checks the fixture at `path` whose text is `text` (annotations are read from `text`).
    /// - Throws: a `Diagnostic` when the fixture is broken (bad annotation) or cannot be read.
    public func run(path: String, text: String) throws(Diagnostic) -> Result {
        let known = Set(checker.library.rules.map(\.description.id))
        let annotations = try FixtureAnnotations(file: path, text: text, knownRuleIDs: known)
        var findings: [Finding] = []
        do {
            _ = try checker.check(path: path) { findings.append($0) }
        } catch {
            throw Diagnostic(.error, "\(error)")
        }
        return compare(annotations, findings, path: path)
    }

    /// Checks a fixture held in memory (a mutated copy): written to a temporary file, then run.
    public func run(text: String, displayPath: String) throws(Diagnostic) -> Result {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "cbcheck-fixture-\(UUID().uuidString).log")
        do {
            try Data(text.utf8).write(to: url)
        } catch {
            throw Diagnostic(.error, "cannot write a temporary fixture: \(error)")
        }
        defer { try? FileManager.default.removeItem(at: url) }
        var result = try run(path: url.path, text: text)
        result.path = displayPath
        return result
    }

    // MARK: - Private

    private func compare(_ annotations: FixtureAnnotations, _ all: [Finding], path: String) -> Result {
        var result = Result(path: path)
        func isJudged(_ rule: String) -> Bool {
            selection?.contains(rule) ?? true && annotations.rules?.contains(rule) ?? true
        }
        let findings = all.filter { isJudged($0.ruleID) }
        var explained = Set<Int>()
        func describe(_ finding: Finding) -> String {
            "\(finding.ruleID) \(finding.verdict.rawValue): \(finding.detail)"
        }
        for mark in annotations.marks where isJudged(mark.ruleID) {
            let here = findings.indices.filter {
                findings[$0].ruleID == mark.ruleID && findings[$0].location.line == mark.targetLine
            }
            explained.formUnion(here)
            switch mark.expectation {
            case .expect, .expectPending:
                result.expectedRules.insert(mark.ruleID)
                let verdict: Finding.Verdict = mark.expectation == .expect ? .violated : .pending
                let expected = "\(mark.ruleID) \(verdict.rawValue)"
                if here.contains(where: { findings[$0].verdict == verdict }) {
                    result.truePositives += 1
                } else if let other = here.first {
                    result.mismatches.append(
                        Mismatch(
                            kind: .wrongVerdict, line: mark.targetLine, ruleID: mark.ruleID, expected: expected,
                            actual: describe(findings[other])))
                } else {
                    result.mismatches.append(
                        Mismatch(kind: .missing, line: mark.targetLine, ruleID: mark.ruleID, expected: expected))
                }
            case .ok:
                result.okRules.insert(mark.ruleID)
                if let found = here.first {
                    result.mismatches.append(
                        Mismatch(
                            kind: .okViolated, line: mark.targetLine, ruleID: mark.ruleID,
                            actual: describe(findings[found])
                        ))
                } else {
                    result.trueNegatives += 1
                }
            case .todo:
                result.todos.append("\(mark.targetLine): \(mark.ruleID)")
            }
        }
        for index in findings.indices where !explained.contains(index) {
            let finding = findings[index]
            result.mismatches.append(
                Mismatch(
                    kind: .unexpected, line: finding.location.line, ruleID: finding.ruleID, actual: describe(finding)))
        }
        result.mismatches.sort { ($0.line, $0.ruleID) < ($1.line, $1.ruleID) }
        return result
    }
}
