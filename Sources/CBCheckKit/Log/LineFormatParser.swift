import Diagnostics
import LogReading
import PatternMatching

/// Reads a `.cbformat` file (`--line-formats FILE`, `line-formats PATH` in `.cbcheck`): line formats of the
/// user's own, documented in docs/log-formats.md#your-own-formats.
///
/// ```
/// # ACME's logger: 2026-03-14T09:26:53.599Z [main] Downloader(4101) message
/// format acme
///   about ACME's in-house logger
///   match /^(?<time>\S+) \[(?<thread>[^\]]+)\] (?<process>\w+)\((?<pid>\d+)\) (?<message>.*)$/
/// ```
///
/// A pattern must have a `message` group; `time`, `process`, `pid` and `thread` are read when it
/// has them (lnav's `timestamp` and `body` are taken too), and other groups are ignored. Mistakes
/// are `Diagnostic`s with `file:line:col`, the line and a caret.
public struct LineFormatParser {
    let file: String
    let text: String

    /// The words a line may start with.
    static let keywords = ["format", "about", "match"]

    public init(file: String, text: String) {
        self.file = file
        self.text = text
    }

    /// Parses and compiles every format of the file.
    /// - Parameter taken: names already used (the built-in formats' and other files'), which a
    ///   format may not take.
    /// - Throws: the first `Diagnostic` found.
    public func parse(taken: Set<String> = Set(LogFormats.identifiers)) throws(Diagnostic) -> [UserLogFormat] {
        var formats: [UserLogFormat] = []
        var current: (name: String, about: String, location: SourceLocation, patterns: [UserLogFormat.FieldPattern])?
        var names = taken
        func finish() throws(Diagnostic) {
            guard let format = current else { return }
            if format.patterns.isEmpty {
                throw Diagnostic(
                    .error, "format '\(format.name)' has no 'match' line", at: format.location,
                    sourceLine: line(format.location.line),
                    hint: "add a line such as: match /^(?<time>\\S+ \\S+) (?<message>.*)$/")
            }
            formats.append(
                UserLogFormat(
                    identifier: format.name, about: format.about, location: format.location,
                    patterns: format.patterns))
            current = nil
        }
        for (offset, rawLine) in text.sourceLines.enumerated() {
            var words = LineWords(line: String(rawLine), number: offset + 1, file: file)
            guard let keyword = words.next() else { continue }
            switch keyword.text {
            case "format":
                try finish()
                guard let name = words.next() else {
                    throw words.error("expected a format name", at: nil, hint: "for example: format acme")
                }
                try check(name, words, names)
                try words.expectEnd()
                names.insert(name.text)
                current = (name.text, "", words.location(of: name), [])
            case "about", "match":
                guard current != nil else {
                    throw words.error("'\(keyword.text)' before any 'format' line", at: keyword)
                }
                if keyword.text == "about" {
                    current?.about = words.rest()
                } else {
                    current?.patterns.append(try fieldPattern(&words))
                    try words.expectEnd()
                }
            default:
                throw words.error(
                    "unknown keyword '\(keyword.text)'", at: keyword,
                    hint: keyword.text.didYouMean(in: Self.keywords) ?? "lines start with: format, about, match")
            }
        }
        try finish()
        guard !formats.isEmpty else {
            throw Diagnostic(
                .error, "\(file): defines no line format",
                hint: "a format is a 'format NAME' line and one or more 'match /…(?<message>.*)$/' lines under it")
        }
        return formats
    }

    // MARK: - Private

    private func check(_ name: LineWords.Word, _ words: LineWords, _ taken: Set<String>) throws(Diagnostic) {
        let allowed = name.text.utf8.allSatisfy {
            ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D || $0 == 0x5F
        }
        guard allowed, name.text.utf8.first.map({ $0 >= 0x61 && $0 <= 0x7A }) == true else {
            throw words.error(
                "format name '\(name.text)' must start with a lowercase letter and hold only a-z, 0-9, - and _",
                at: name, hint: "it is what --log-format takes")
        }
        guard !taken.contains(name.text) else {
            let builtIn = LogFormats.identifiers.contains(name.text)
            throw words.error(
                "format name '\(name.text)' is already taken" + (builtIn ? " by a built-in format" : ""), at: name,
                hint: "give it another name; built-in formats: " + LogFormats.identifiers.joined(separator: ", "))
        }
    }

    /// A `match` line's pattern, with the numbers of its field groups.
    private func fieldPattern(_ words: inout LineWords) throws(Diagnostic) -> UserLogFormat.FieldPattern {
        let start = words
        let compiled = try words.pattern().pattern
        var groups: [String: Int] = [:]
        for (name, number) in compiled.groupNames {
            guard let field = UserLogFormat.fieldNames[name], groups[field] == nil else { continue }
            groups[field] = number
        }
        guard let message = groups["message"] else {
            var lookup = start
            guard var word = lookup.next() else { throw words.error("expected a /pattern/", at: nil) }
            let near = compiled.groupNames.map(\.name).first { $0.closestMatch(in: ["message"]) != nil }
            // The caret goes under the misspelt name when there is one, else under the pattern.
            if let near, let found = word.text.range(of: "(?<\(near)>") {
                word.column += 1 + word.text.utf8.distance(from: word.text.startIndex, to: found.lowerBound) + 3
            }
            throw words.error(
                "the pattern has no (?<message>…) group", at: word,
                hint: near.map { "'\($0)' is close: did you mean 'message'?" }
                    ?? "name the group where the message starts: (?<message>.*)$")
        }
        return UserLogFormat.FieldPattern(
            pattern: compiled, message: message, time: groups["time"], process: groups["process"], pid: groups["pid"],
            thread: groups["thread"])
    }

    private func line(_ number: Int) -> String {
        let lines = text.sourceLines
        return number - 1 < lines.count ? String(lines[number - 1]) : ""
    }
}
