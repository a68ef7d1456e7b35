import Diagnostics
import PatternMatching

extension RuleParser {
    /// `[after A [until B] | between A and B | given A] : pattern [unless COND]`
    mutating func parseClause() throws(Diagnostic) -> Clause {
        let keyword = current
        var scope = Clause.Scope.always
        var referenced = Set<EventKind>()
        if skipWord("after") {
            let pooled = skipWord("any")
            let open = try parseMatcher()
            let close = skipWord("until") ? try parseMatcher() : nil
            scope = .after(open, until: close, pooled: pooled)
            referenced.formUnion(open.kinds.union(close?.kinds ?? []))
            try expectColon()
        } else if skipWord("between") {
            let open = try parseMatcher()
            guard skipWord("and") else { throw error("expected 'and' in 'between A and B'") }
            let close = try parseMatcher()
            scope = .between(open, and: close)
            referenced.formUnion(open.kinds.union(close.kinds))
            try expectColon()
        } else if skipWord("given") {
            let trigger = try parseMatcher()
            scope = .given(trigger)
            referenced.formUnion(trigger.kinds)
            try expectColon()
        }
        let rule = try parsePattern()
        switch rule {
        case .forbid(let x, let before, let after):
            referenced.formUnion(x.kinds.union(before?.kinds ?? []).union(after?.kinds ?? []))
        case .require(let x, let before, _): referenced.formUnion(x.kinds.union(before?.kinds ?? []))
        case .count(let x, _, _): referenced.formUnion(x.kinds)
        case .duration:
            guard case .after(_, let until?, _) = scope, !until.kinds.isEmpty else {
                throw error("'last at most' needs a scope with an end: after A until B:", at: keyword)
            }
        }
        let unless = skipWord("unless") ? try parseCondition() : nil
        return Clause(scope: scope, rule: rule, unless: unless, referencedKinds: referenced)
    }

    private mutating func expectColon() throws(Diagnostic) {
        guard skipSymbol(":") else {
            throw error(
                "expected ':' after the scope, found \(current.shown)", hint: "after app.handleEvents: forbid …")
        }
    }

    private mutating func parsePattern() throws(Diagnostic) -> Clause.Rule {
        let keyword = current
        if skipWord("forbid") {
            let x = try parseMatcher()
            if skipWord("before") { return .forbid(x, before: try parseMatcher(), after: nil) }
            if skipWord("after") { return .forbid(x, before: nil, after: try parseMatcher()) }
            return .forbid(x, before: nil, after: nil)
        }
        if skipWord("require") {
            let x = try parseMatcher()
            let before = skipWord("before") ? try parseMatcher() : nil
            let within = skipWord("within") ? try parseDuration() : nil
            return .require(x, before: before, withinSeconds: within)
        }
        if skipWord("at") {
            let bound = try expectWord("'most' or 'least'")
            let count = try parseCount()
            let x = try parseMatcher()
            switch bound.text {
            case "most": return .count(x, atLeast: nil, atMost: count)
            case "least": return .count(x, atLeast: count, atMost: nil)
            default: throw error("expected 'most' or 'least' after 'at'", at: bound)
            }
        }
        if skipWord("last") {
            guard skipWord("at"), skipWord("most") else { throw error("expected 'last at most DURATION'") }
            return .duration(atMostSeconds: try parseDuration())
        }
        if skipWord("exactly") {
            let count = try parseCount()
            return .count(try parseMatcher(), atLeast: count, atMost: count)
        }
        throw error(
            "expected forbid, require, at most, at least, exactly or last at most, found \(keyword.shown)", at: keyword)
    }

    private mutating func parseCount() throws(Diagnostic) -> Int {
        guard current.kind == .number, let count = Int(current.text), count >= 0 else {
            throw error("expected a count, found \(current.shown)")
        }
        advance()
        return count
    }

    private mutating func parseDuration() throws(Diagnostic) -> Double {
        let token = current
        guard token.kind == .duration || token.kind == .number else {
            throw error("expected a duration such as 5s or 500ms, found \(token.shown)")
        }
        advance()
        let digits = token.text.prefix { $0.isNumber }
        let unit = token.text.dropFirst(digits.count)
        guard let value = Double(digits) else { throw error("bad duration '\(token.text)'", at: token) }
        switch unit {
        case "ms": return value / 1000
        case "s", "": return value
        case "min": return value * 60
        default: throw error("unknown time unit '\(unit)'", at: token, hint: "use ms, s or min")
        }
    }

    /// `KIND [, KIND]* [where CONDITION]`
    mutating func parseMatcher() throws(Diagnostic) -> EventMatcher {
        var kinds = Set<EventKind>()
        repeat {
            let word = try expectWord("an event kind")
            guard let kind = EventKind(named: word.text) else {
                throw error(
                    "unknown event kind '\(word.text)'", at: word,
                    hint: EventKind.hint(forUnknown: word.text))
            }
            kinds.insert(kind)
        } while skipSymbol(",")
        let condition = skipWord("where") ? try parseCondition() : nil
        return EventMatcher(kinds: kinds, condition: condition)
    }

    /// `OPERAND OP VALUE [and OPERAND OP VALUE]*`; stops at an `and` followed by an event kind,
    /// which belongs to `between A and B`.
    mutating func parseCondition() throws(Diagnostic) -> Condition {
        var comparisons: [Condition.Comparison] = []
        repeat {
            comparisons.append(try parseComparison())
        } while current.isWord("and") && EventKind(named: tokens[index + 1].text) == nil && skipWord("and")
        return Condition(comparisons: comparisons)
    }

    private mutating func parseComparison() throws(Diagnostic) -> Condition.Comparison {
        let word = try expectWord("an attribute")
        let operand: Condition.Operand
        switch word.text {
        case "thread": operand = .thread
        case "state": operand = .state
        case "run.sessions": operand = .runSessions
        case "run.downloadCallbacks": operand = .runDownloadCallbacks
        case "phrasing": operand = .phrasing
        default:
            guard let attribute = Attribute(rawValue: word.text) else {
                let names =
                    Attribute.allCases.map(\.rawValue) + [
                        "thread", "state", "run.sessions", "run.downloadCallbacks", "phrasing",
                    ]
                throw error(
                    "unknown attribute '\(word.text)'", at: word,
                    hint: word.text.didYouMean(in: names)
                        ?? "attributes: " + names.joined(separator: ", "))
            }
            operand = .attribute(attribute)
        }
        if skipWord("is") {
            let word = try expectWord("'missing' or 'present'")
            guard let op = Condition.Operator(rawValue: "is \(word.text)") else {
                throw error("expected 'missing' or 'present' after 'is'", at: word)
            }
            return Condition.Comparison(operand: operand, op: op, value: "", regex: nil)
        }
        guard current.kind == .symbol, let op = Condition.Operator(rawValue: current.text) else {
            throw error(
                "expected a comparison (== != < <= > >= ~ !~ or is missing / is present), found \(current.shown)")
        }
        advance()
        let value = current
        switch (op, value.kind) {
        case (.matches, .regex), (.notMatches, .regex):
            advance()
            do {
                let regex = try Pattern(value.text)
                return Condition.Comparison(operand: operand, op: op, value: value.text, regex: regex)
            } catch {
                var at = value
                at.column += 1 + (error.offset ?? 0)
                throw self.error("bad pattern: \(error.message)", at: at)
            }
        case (.matches, _), (.notMatches, _):
            throw error("expected a /pattern/ after \(op.rawValue), found \(value.shown)")
        case (_, .word), (_, .number), (_, .string):
            advance()
            return Condition.Comparison(operand: operand, op: op, value: value.text, regex: nil)
        default:
            throw error("expected a value to compare with, found \(value.shown)")
        }
    }
}
