import Diagnostics

/// Reads a `.cbcheck` file (docs/config.md): one setting per line, words separated by spaces, a
/// reason in double quotes, `#` to the end of the line a comment. Every mistake is a
/// `Diagnostic` at `file:line:col` with the line and a caret, so a typo in CI reads like a
/// compiler error.
public struct ConfigurationParser {
    /// The settings a file may contain, for `did you mean` hints.
    public static let keys = [
        "fail-on", "rules", "events", "line-formats", "include", "exclude", "enable", "disable", "severity",
    ]

    let file: String
    let text: String

    public init(file: String, text: String) {
        self.file = file
        self.text = text
    }

    public func parse() throws(Diagnostic) -> Configuration {
        var configuration = Configuration(file: file)
        var failOnLine: Int?
        for (offset, line) in text.sourceLines.enumerated() {
            let number = offset + 1
            let words = try words(of: line, number: number)
            guard let key = words.first else { continue }
            let arguments = Array(words.dropFirst())
            switch key.text {
            case "fail-on":
                let value = try single(arguments, after: key, line, number, expecting: "a level")
                guard let level = FailPolicy.Level(rawValue: value.text), !value.isQuoted else {
                    throw error(
                        "unknown fail-on level '\(value.text)'", at: value, line, number,
                        hint: "use one of: " + FailPolicy.Level.allCases.map(\.rawValue).joined(separator: ", "))
                }
                if let failOnLine {
                    throw error("fail-on given twice (first on line \(failOnLine))", at: key, line, number)
                }
                failOnLine = number
                configuration.failOn = level
            case "rules", "events", "line-formats", "include", "exclude":
                let isGlob = key.text == "include" || key.text == "exclude"
                let value = try single(arguments, after: key, line, number, expecting: isGlob ? "a pattern" : "a path")
                let setting = Configuration.PathSetting(
                    path: value.text, location: location(number, value.column), sourceLine: line)
                switch key.text {
                case "rules": configuration.rulePaths.append(setting)
                case "events": configuration.eventPaths.append(setting)
                case "line-formats": configuration.lineFormatPaths.append(setting)
                case "include": configuration.includes.append(setting)
                default: configuration.excludes.append(setting)
                }
            case "enable", "disable", "severity":
                configuration.ruleSettings.append(try ruleSetting(key, arguments, line, number))
            default:
                throw error(
                    "unknown setting '\(key.text)'", at: key, line, number,
                    hint: key.text.didYouMean(in: Self.keys) ?? "settings: " + Self.keys.joined(separator: ", "))
            }
        }
        return configuration
    }

    // MARK: - Private

    /// A word or a quoted string, and the 1-based byte column it starts at.
    private struct Word {
        var text: String
        var column: Int
        var isQuoted = false
    }

    private func ruleSetting(
        _ key: Word, _ arguments: [Word], _ line: String, _ number: Int
    ) throws(Diagnostic)
        -> Configuration.RuleSetting
    {
        guard let rule = arguments.first, !rule.isQuoted else {
            throw error("expected a rule id or 'all' after '\(key.text)'", at: key, line, number)
        }
        let rest = arguments.dropFirst()
        var action = Configuration.Action.enable
        switch key.text {
        case "disable":
            if let reason = rest.first, !reason.isQuoted {
                throw error(
                    "expected a quoted reason after the rule id, found '\(reason.text)'", at: reason, line, number,
                    hint: "disable \(rule.text) \"why the project turns it off\"")
            }
            action = .disable(reason: rest.first?.text)
            try expectEnd(rest.dropFirst(), line, number)
        case "severity":
            guard let word = rest.first else {
                throw error("expected error, warning or note after '\(rule.text)'", at: rule, line, number)
            }
            guard let severity = Severity(rawValue: word.text), !word.isQuoted else {
                throw error(
                    "unknown severity '\(word.text)'", at: word, line, number, hint: "use error, warning or note")
            }
            action = .severity(severity)
            try expectEnd(rest.dropFirst(), line, number)
        default:
            try expectEnd(rest, line, number)
        }
        return Configuration.RuleSetting(
            rule: rule.text, action: action, location: location(number, rule.column), sourceLine: line)
    }

    private func single(
        _ arguments: [Word], after key: Word, _ line: String, _ number: Int, expecting: String
    )
        throws(Diagnostic) -> Word
    {
        guard let value = arguments.first else {
            throw error("expected \(expecting) after '\(key.text)'", at: key, line, number)
        }
        try expectEnd(arguments.dropFirst(), line, number)
        return value
    }

    private func expectEnd(_ rest: ArraySlice<Word>, _ line: String, _ number: Int) throws(Diagnostic) {
        if let extra = rest.first { throw error("unexpected '\(extra.text)'", at: extra, line, number) }
    }

    /// Splits a line into words and quoted strings; `#` outside quotes ends it.
    private func words(of line: String, number: Int) throws(Diagnostic) -> [Word] {
        let bytes = Array(line.utf8)
        var words: [Word] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") {
                index += 1
            } else if byte == UInt8(ascii: "#") {
                break
            } else if byte == UInt8(ascii: "\"") {
                guard let close = bytes[(index + 1)...].firstIndex(of: UInt8(ascii: "\"")) else {
                    throw error(
                        "unterminated string", at: Word(text: "", column: index + 1), line, number,
                        hint: "close it with \" on the same line")
                }
                let text = String(decoding: bytes[(index + 1)..<close], as: UTF8.self)
                words.append(Word(text: text, column: index + 1, isQuoted: true))
                index = close + 1
            } else {
                let start = index
                while index < bytes.count,
                    ![UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r")].contains(
                        bytes[index])
                {
                    index += 1
                }
                words.append(Word(text: String(decoding: bytes[start..<index], as: UTF8.self), column: start + 1))
            }
        }
        return words
    }

    private func location(_ number: Int, _ column: Int) -> SourceLocation {
        SourceLocation(file: file, line: number, column: column)
    }

    private func error(
        _ message: String, at word: Word, _ line: String, _ number: Int, hint: String? = nil
    )
        -> Diagnostic
    {
        Diagnostic(.error, message, at: location(number, word.column), sourceLine: line, hint: hint)
    }
}
