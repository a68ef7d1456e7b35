import Diagnostics

/// Reads the rule language (`rules/*.cbrules`, `--rules PATH`), documented in `docs/rules.md`,
/// and compiles each rule to its clauses. Every mistake is a `Diagnostic` at `file:line:col`
/// with the line, a caret and, where one is likely, a hint.
public struct RuleParser {
    let file: String
    let lines: [String]
    var tokens: [RuleToken] = []
    var index = 0

    public init(file: String, text: String) {
        self.file = file
        self.lines = text.sourceLines
        var lexer = RuleLexer(file: file, text: text)
        let lines = self.lines
        do {
            tokens = try lexer.tokens { number in number <= lines.count ? lines[number - 1] : "" }
        } catch {
            lexError = error
        }
    }

    private var lexError: Diagnostic?

    /// All rules in the file, in order. A mistake in one rule does not stop the reading: the
    /// parser goes on at the next `rule` that starts a line, and the first mistake is thrown with
    /// the others after it (`Diagnostic.followedBy`), as a compiler reports them.
    public mutating func parse() throws(Diagnostic) -> [CompiledRule] {
        if let lexError { throw lexError }
        var rules: [CompiledRule] = []
        var mistakes: [Diagnostic] = []
        while true {
            skipNewlines()
            if current.kind == .end { break }
            let start = index
            do throws(Diagnostic) {
                guard current.isWord("rule") else {
                    throw error(
                        "expected 'rule', found \(current.shown)", hint: "each rule starts with: rule CB900 rule-name")
                }
                rules.append(try parseRule())
            } catch {
                mistakes.append(error)
                skipToNextRule(after: start)
            }
        }
        guard var first = mistakes.first else { return rules }
        first.followedBy = Array(mistakes.dropFirst())
        throw first
    }

    /// Moves past the rule a mistake was found in (it began at token `start`): to the next `rule`
    /// at the start of a line, which may be where the mistake was seen (a rule cut short).
    private mutating func skipToNextRule(after start: Int) {
        if index > start, current.isWord("rule"), current.column == 1 { return }
        while current.kind != .end {
            let token = advance()
            if token.kind == .newline, current.isWord("rule"), current.column == 1 { return }
        }
    }

    // MARK: - Rules and statements

    private mutating func parseRule() throws(Diagnostic) -> CompiledRule {
        let ruleToken = advance()
        let id = try expectWord("a rule id such as CB101")
        let name = try expectWord("a rule name such as handler-called-early")
        try endOfStatement()
        var description = RuleDescription(
            id: id.text, name: name.text,
            location: SourceLocation(file: file, line: ruleToken.line, column: ruleToken.column))
        var keys: [SliceKey] = []
        var clauses: [Clause] = []
        statements: while true {
            skipNewlines()
            let keyword = current
            guard keyword.kind == .word, !keyword.isWord("rule") else { break statements }
            switch keyword.text {
            case "severity":
                advance()
                let word = try expectWord("error, warning or note")
                guard let severity = Severity(rawValue: word.text) else {
                    throw error("unknown severity '\(word.text)'", at: word, hint: "use error, warning or note")
                }
                description.severity = severity
            case "summary": description.summary = try stringStatement()
            case "rationale": description.rationale = try stringStatement()
            case "source": description.source = try stringStatement()
            case "needs":
                advance()
                let word = try expectWord("suspension")
                guard word.text == "suspension" else {
                    throw error(
                        "unknown need '\(word.text)'", at: word,
                        hint: "the only one is suspension: the verdict needs the system to suspend the app")
                }
                description.needsSuspension = true
            case "for":
                advance()
                keys = try parseKeys()
                description.definition.append(lines[keyword.line - 1].trimmingSpaces())
            case "after", "between", "given", "forbid", "require", "at", "exactly", "last":
                clauses.append(try parseClause())
                description.definition.append(lines[keyword.line - 1].trimmingSpaces())
            default:
                let known = [
                    "severity", "summary", "rationale", "source", "needs", "for", "after", "between", "given",
                    "forbid", "require", "at", "exactly", "last", "rule",
                ]
                throw error(
                    "unknown statement '\(keyword.text)'", at: keyword,
                    hint: keyword.text.didYouMean(in: known))
            }
            try endOfStatement()
        }
        guard !description.summary.isEmpty else {
            throw error("rule \(id.text) has no summary", at: ruleToken, hint: "add: summary \"one line\"")
        }
        guard !clauses.isEmpty else {
            throw error(
                "rule \(id.text) has nothing to check", at: ruleToken,
                hint: "add a clause such as: forbid app.handler.called before session.finishEvents")
        }
        if keys.isEmpty { keys = [.run] }
        return CompiledRule(description: description, keys: keys, clauses: clauses)
    }

    private mutating func stringStatement() throws(Diagnostic) -> String {
        advance()
        guard current.kind == .string else { throw error("expected a string, found \(current.shown)") }
        return advance().text
    }

    private mutating func parseKeys() throws(Diagnostic) -> [SliceKey] {
        guard current.isWord("each") else { throw error("expected 'each' after 'for'") }
        advance()
        var keys: [SliceKey] = []
        repeat {
            let word = try expectWord("a slice key")
            guard let key = SliceKey(rawValue: word.text) else {
                throw error(
                    "unknown slice key '\(word.text)'", at: word,
                    hint: "keys: " + SliceKey.allCases.map(\.rawValue).joined(separator: ", "))
            }
            guard !keys.contains(key) else { throw error("slice key '\(word.text)' repeated", at: word) }
            keys.append(key)
        } while skipSymbol(",")
        return keys
    }

    private mutating func endOfStatement() throws(Diagnostic) {
        guard current.kind == .newline || current.kind == .end else {
            throw error("unexpected \(current.shown) at the end of the statement")
        }
    }

    // MARK: - Token helpers (used by RuleParser+Clauses)

    var current: RuleToken { tokens[index] }

    @discardableResult
    mutating func advance() -> RuleToken {
        let token = tokens[index]
        if index < tokens.count - 1 { index += 1 }
        return token
    }

    mutating func skipNewlines() {
        while current.kind == .newline { advance() }
    }

    mutating func skipSymbol(_ symbol: String) -> Bool {
        guard current.isSymbol(symbol) else { return false }
        advance()
        return true
    }

    mutating func skipWord(_ word: String) -> Bool {
        guard current.isWord(word) else { return false }
        advance()
        return true
    }

    mutating func expectWord(_ what: String) throws(Diagnostic) -> RuleToken {
        guard current.kind == .word else { throw error("expected \(what), found \(current.shown)") }
        return advance()
    }

    func error(_ message: String, at token: RuleToken? = nil, hint: String? = nil) -> Diagnostic {
        let token = token ?? current
        let text = token.line <= lines.count ? lines[token.line - 1] : ""
        return Diagnostic(
            .error, message, at: SourceLocation(file: file, line: token.line, column: token.column),
            sourceLine: text, hint: hint)
    }
}
