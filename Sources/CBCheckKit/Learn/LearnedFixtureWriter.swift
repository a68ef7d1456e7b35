import Diagnostics
import Foundation

/// `learn --emit-fixtures DIR`: writes each good and bad log as a fixture whose `#!` annotations
/// say what `cbcheck test --rules DIR/learned.cbrules DIR` finds on it, and the rules beside them.
///
/// Every finding, of a learned rule or a built-in one, gets an `expect` (a fixture must expect all
/// its findings); the line each learned rule's witness points at in a good log gets an `ok` for
/// that rule, the near miss that keeps the rule from growing looser unnoticed. Annotations the
/// log already had are kept.
public struct LearnedFixtureWriter {
    /// The rules `cbcheck test` runs besides the learned ones: the built-in rules and event map,
    /// with the user's `--events`.
    public let library: RuleLibrary
    /// The options to repeat in the `cbcheck test` command printed at the end (`--events FILE`).
    public var testOptions: [String] = []

    public init(library: RuleLibrary) { self.library = library }

    /// Writes `rulesText` as `DIR/learned.cbrules` and every log of `outcome` as a fixture.
    /// - Returns: what was written, and the command that checks it, for standard error.
    /// - Throws: a `Diagnostic` when a log cannot be read as text or a file cannot be written.
    public func write(
        _ outcome: RuleLearner.Outcome, rulesText: String, to directory: String
    ) throws(Diagnostic)
        -> String
    {
        let rulesPath = (directory as NSString).appendingPathComponent("learned.cbrules")
        var full = library
        try full.addRules(named: rulesPath, text: rulesText)
        try Self.save(rulesText, to: rulesPath, creating: directory)
        let runner = FixtureRunner(library: full)
        var names: Set<String> = []
        for path in outcome.goodLogs {
            let oks = outcome.rules.filter { $0.invariant.witness.file == path }.map {
                ($0.id, $0.invariant.witness.line)
            }
            let text = try fixture(of: path, role: "good", oks: oks, runner)
            try Self.save(
                text, to: Self.name(for: path, role: "good", in: directory, taken: &names), creating: directory)
        }
        for log in outcome.badLogs {
            let text = try fixture(of: log.path, role: "bad", oks: [], runner)
            try Self.save(
                text, to: Self.name(for: log.path, role: "bad", in: directory, taken: &names), creating: directory)
        }
        let options = ["--rules", rulesPath] + testOptions + [directory]
        return "cbcheck learn: wrote \(names.count) fixtures and \(rulesPath); check them with: cbcheck test "
            + options.joined(separator: " ") + "\n"
    }

    // MARK: - Private

    /// The log's text with an annotation before each line that carries a finding or an `ok`.
    private func fixture(
        of path: String, role: String, oks: [(String, Int)], _ runner: FixtureRunner
    )
        throws(Diagnostic) -> String
    {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Diagnostic(.error, "\(path): cannot be read")
        }
        if data.starts(with: [0x1F, 0x8B]) {
            throw Diagnostic(.error, "\(path): a compressed log cannot be written as a fixture; decompress it first")
        }
        let text = String(decoding: data, as: UTF8.self)
        let known = Set(runner.checker.library.rules.map(\.description.id))
        let existing = try FixtureAnnotations(file: path, text: text, knownRuleIDs: known).marks
        var found: [Finding] = []
        do {
            _ = try runner.checker.check(path: path) { found.append($0) }
        } catch {
            throw Diagnostic(.error, "\(error)")
        }
        // One annotation per rule and line: a violated finding there is expected even when another
        // slice left a pending one on the same line (an `expect` is met by either being violated).
        var marked = Set(existing.map { "\($0.ruleID)@\($0.targetLine)" })
        var marks: [Int: [FixtureAnnotations.Expectation: [String]]] = [:]
        func mark(_ id: String, _ line: Int, _ expectation: FixtureAnnotations.Expectation) {
            guard marked.insert("\(id)@\(line)").inserted else { return }
            marks[line, default: [:]][expectation, default: []].append(id)
        }
        for finding in found where finding.verdict == .violated { mark(finding.ruleID, finding.location.line, .expect) }
        for finding in found where finding.verdict == .pending {
            mark(finding.ruleID, finding.location.line, .expectPending)
        }
        for (id, line) in oks { mark(id, line, .ok) }
        var lines = ["#! about: written by cbcheck learn from \(path) (a \(role) log)"]
        for (index, line) in text.sourceLines.enumerated() {
            for expectation in [FixtureAnnotations.Expectation.expect, .expectPending, .ok] {
                guard let ids = marks[index + 1]?[expectation] else { continue }
                lines.append("#! \(expectation.rawValue) \(ids.sorted().joined(separator: " "))")
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    private static func name(for path: String, role: String, in directory: String, taken: inout Set<String>) -> String {
        var base = (path as NSString).lastPathComponent
        if !base.hasSuffix(".log") { base += ".log" }
        var name = "\(role)-\(base)"
        var number = 2
        while taken.contains(name) {
            name = "\(role)-\(number)-\(base)"
            number += 1
        }
        taken.insert(name)
        return (directory as NSString).appendingPathComponent(name)
    }

    private static func save(_ text: String, to path: String, creating directory: String) throws(Diagnostic) {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        } catch {
            throw Diagnostic(.error, "\(path): cannot be written: \(error.localizedDescription)")
        }
    }
}
