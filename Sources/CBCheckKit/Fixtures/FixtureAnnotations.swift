import Diagnostics

/// The inline expectations of a fixture log, in the spirit of `semgrep --test`:
///
/// ```
/// #! expect CB101            the next log line carries a CB101 finding (violated)
/// #! expect-pending CB102    … a CB102 finding that is pending at the end of the log
/// #! ok CB101 CB104          … no CB101 and no CB104 finding
/// #! todo CB204              a known gap: reported, never failed
/// #! rules ACME001 CB101      only these rules' findings are compared (a project rule's fixture
///                            need not annotate every built-in finding); anywhere in the file
/// #! about: text             a description, ignored
/// ```
public struct FixtureAnnotations: Sendable {
    public enum Expectation: String, Sendable {
        case expect, expectPending = "expect-pending", ok, todo
    }

    /// One annotation, resolved to the log line it applies to.
    public struct Mark: Sendable {
        public var expectation: Expectation
        public var ruleID: String
        /// The 1-based line the annotation applies to (the next non-annotation line).
        public var targetLine: Int
        /// Where the annotation itself is written.
        public var annotationLine: Int
    }

    public var marks: [Mark] = []
    /// The rules `#! rules` lines named, whose findings alone are compared; `nil`: every rule's.
    public var rules: Set<String>?

    /// Reads the annotations of a fixture's text.
    /// - Throws: a `Diagnostic` for an unknown verb, a missing or unknown rule id, or an
    ///   annotation with no log line after it.
    public init(file: String, text: String, knownRuleIDs: Set<String>) throws(Diagnostic) {
        let lines = text.sourceLines
        var waiting: [(Expectation, String, Int, Int)] = []
        for (index, raw) in lines.enumerated() {
            let line = raw.hasSuffix("\r") ? String(raw.dropLast()) : raw
            let number = index + 1
            guard line.hasPrefix("#!") else {
                if !line.isEmpty || index < lines.count - 1 {
                    for (expectation, id, annotationLine, _) in waiting {
                        marks.append(
                            Mark(
                                expectation: expectation, ruleID: id, targetLine: number, annotationLine: annotationLine
                            ))
                    }
                    waiting = []
                }
                continue
            }
            let words = line.dropFirst(2).split(separator: " ").map(String.init)
            guard let verb = words.first else { continue }
            if verb.hasSuffix(":") {
                // `about:` and other `word:` lines are comments; `expect: CB101` meant an expectation,
                // and as a comment it expected nothing, so the fixture passed whatever was found.
                guard let meant = Expectation(rawValue: String(verb.dropLast())) else { continue }
                throw Diagnostic(
                    .error, "'\(verb)' is a comment, not an annotation",
                    at: SourceLocation(file: file, line: number, column: 4), sourceLine: line,
                    hint: "write it without the colon: #! \(meant.rawValue) \(words.dropFirst().joined(separator: " "))"
                )
            }
            if verb == "rules" {
                rules = try (rules ?? []).union(
                    Self.ruleIDs(words.dropFirst(), verb: verb, known: knownRuleIDs, file: file, number, line).map(\.id)
                )
                continue
            }
            guard let expectation = Expectation(rawValue: verb) else {
                throw Diagnostic(
                    .error, "unknown annotation '\(verb)'", at: SourceLocation(file: file, line: number, column: 4),
                    sourceLine: line, hint: "use expect, expect-pending, ok, todo, rules, or about: for a comment")
            }
            for (id, column) in try Self.ruleIDs(
                words.dropFirst(), verb: verb, known: knownRuleIDs, file: file, number, line)
            {
                waiting.append((expectation, id, number, column))
            }
        }
        if let (_, id, annotationLine, column) = waiting.first {
            throw Diagnostic(
                .error, "annotation for \(id) has no log line after it",
                at: SourceLocation(file: file, line: annotationLine, column: column),
                sourceLine: lines[annotationLine - 1])
        }
    }

    /// The rule ids after an annotation's verb, each with its column; every one must be known.
    private static func ruleIDs(
        _ ids: ArraySlice<String>, verb: String, known: Set<String>, file: String, _ number: Int, _ line: String
    ) throws(Diagnostic) -> [(id: String, column: Int)] {
        if ids.isEmpty {
            throw Diagnostic(
                .error, "'\(verb)' names no rule", at: SourceLocation(file: file, line: number, column: 4),
                sourceLine: line, hint: "#! \(verb) CB101")
        }
        var column = 4 + verb.utf8.count
        var found: [(id: String, column: Int)] = []
        for id in ids {
            column += 1
            guard known.contains(id) else {
                throw Diagnostic(
                    .error, "annotation names unknown rule '\(id)'",
                    at: SourceLocation(file: file, line: number, column: column), sourceLine: line,
                    hint: id.closestMatch(in: known).map { "did you mean \($0)?" })
            }
            found.append((id, column))
            column += id.utf8.count
        }
        return found
    }
}
