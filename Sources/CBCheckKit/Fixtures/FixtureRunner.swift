/// Checks one fixture log and compares its findings with its annotations. Every finding must be
/// expected; every `expect` must be found; `ok` lines must stay clean.
public struct FixtureRunner {
    public let checker: LogChecker

    public init(library: RuleLibrary) { checker = LogChecker(library: library) }

    /// The verdict on one fixture.
    public struct Result: Sendable {
        public var path: String
        /// Each mismatch as `path:line: message`; empty when the fixture passes.
        public var failures: [String]
        /// `#! todo` marks, reported but never failed.
        public var todos: [String]
        public var findingCount: Int

        public var passed: Bool { failures.isEmpty }
    }

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
        var failures: [String] = []
        var todos: [String] = []
        var unexplained = findings
        for mark in annotations.marks {
            let here = findings.filter { $0.ruleID == mark.ruleID && $0.location.line == mark.targetLine }
            let place = "\(path):\(mark.targetLine)"
            switch mark.expectation {
            case .expect, .expectPending:
                let verdict: Finding.Verdict = mark.expectation == .expect ? .violated : .pending
                if here.contains(where: { $0.verdict == verdict }) {
                    unexplained.removeAll { $0.ruleID == mark.ruleID && $0.location.line == mark.targetLine }
                } else if let other = here.first {
                    failures.append(
                        "\(place): expected a \(verdict.rawValue) \(mark.ruleID) finding, got a \(other.verdict.rawValue) one"
                    )
                } else {
                    failures.append("\(place): expected \(mark.ruleID) (\(verdict.rawValue)), found none")
                }
            case .ok:
                if !here.isEmpty {
                    failures.append("\(place): \(mark.ruleID) must not fire here, but did: \(here[0].detail)")
                }
            case .todo:
                todos.append("\(place): todo \(mark.ruleID)")
                unexplained.removeAll { $0.ruleID == mark.ruleID && $0.location.line == mark.targetLine }
            }
        }
        for finding in unexplained
        where !annotations.marks.contains(where: {
            $0.expectation == .ok && $0.ruleID == finding.ruleID && $0.targetLine == finding.location.line
        }) {
            failures.append(
                "\(path):\(finding.location.line): unexpected \(finding.verdict.rawValue) \(finding.ruleID) finding: \(finding.detail)"
            )
        }
        return Result(path: path, failures: failures, todos: todos, findingCount: findings.count)
    }
}
