/// A problem with the user's input (a rule file, an event map, a log, the command line), reported
/// compiler-style as `file:line:col: error: message`, with the source line and a caret under the
/// column when the text is at hand.
public struct Diagnostic: Error, Equatable, Sendable, CustomStringConvertible {
    public var severity: Severity
    public var location: SourceLocation?
    public var message: String
    /// The text of the line `location` points into, shown with a caret under the column.
    public var sourceLine: String?
    /// A suggestion shown after the caret (`did you mean 'app.handleEvents'?`).
    public var hint: String?
    /// The same file's later mistakes, found by reading on past this one (a rule file's next
    /// rules): printed after it, so one run shows them all.
    public var followedBy: [Diagnostic] = []

    public init(
        _ severity: Severity, _ message: String, at location: SourceLocation? = nil, sourceLine: String? = nil,
        hint: String? = nil
    ) {
        self.severity = severity
        self.message = message
        self.location = location
        self.sourceLine = sourceLine
        self.hint = hint
    }

    /// The diagnostic as printed: the header line, then the source line, caret and hint if present.
    /// Each line is escaped (`TerminalText`): a file name, a message quoting a rule file or a log,
    /// and the source line itself are someone else's text. The caret stands under the escaped
    /// column, counted in characters.
    public var description: String {
        // With no place in a file (a missing file, an option's value) the header names the tool,
        // as compilers do: `cbcheck: error: …`, where `<unknown>:` read like a file name.
        var text = TerminalText.escaped("\(location?.description ?? "cbcheck"): \(severity.rawValue): \(message)")
        if let sourceLine, let location {
            let bytes = Array(sourceLine.utf8)
            let before = min(max(0, location.column - 1), bytes.count)
            let lead = TerminalText.escaped(String(decoding: bytes[..<before], as: UTF8.self)).count
            let visible = TerminalText.escaped(sourceLine).replacingTabsWithSpaces()
            let indent = lead + max(0, location.column - 1 - bytes.count)
            text += "\n  \(visible)\n  \(String(repeating: " ", count: indent))^"
        }
        if let hint { text += "\n  hint: \(TerminalText.escaped(hint))" }
        for next in followedBy { text += "\n" + next.description }
        return text
    }
}

extension String {
    /// The text's lines, split at `\n` or `\r\n` (which Swift sees as one `Character`), empty
    /// lines kept: what rule files, event maps and fixtures are read as.
    ///
    /// Split as UTF-8, which gives the same lines: a line feed always ends a `Character`, joined
    /// only to a carriage return before it. Walking `Character`s instead cost 23 M instructions
    /// per run (the event map and rule files are read at every start).
    package var sourceLines: [String] {
        let lines = utf8.split(separator: 0x0A, omittingEmptySubsequences: false)
        return lines.indices.map { index in
            let line = lines[index]
            let isEnded = index < lines.count - 1
            let end = isEnded && line.last == 0x0D ? line.index(before: line.endIndex) : line.endIndex
            return String(decoding: line[..<end], as: UTF8.self)
        }
    }

    /// The 1-based line `number` of the text, or "" past its end: for showing a line under a diagnostic.
    package func sourceLine(_ number: Int) -> String {
        let lines = sourceLines
        return number >= 1 && number <= lines.count ? lines[number - 1] : ""
    }

    /// Tabs become single spaces so a caret under a byte column lines up in a terminal.
    func replacingTabsWithSpaces() -> String {
        String(map { $0 == "\t" ? " " : $0 })
    }

    /// "did you mean 'x'?" for the closest candidate, or `nil` when none is close: the hint every
    /// unknown-name diagnostic gives.
    package func didYouMean<S: Sequence>(in candidates: S) -> String? where S.Element == String {
        closestMatch(in: candidates).map { "did you mean '\($0)'?" }
    }

    /// The candidate closest to `self` by edit distance, if it is close enough to be a likely typo.
    package func closestMatch<S: Sequence>(in candidates: S) -> String? where S.Element == String {
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(to: candidate)
            if distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        guard let best, best.distance <= max(2, count / 3) else { return nil }
        return best.name
    }

    /// Levenshtein distance over characters.
    func editDistance(to other: String) -> Int {
        let left = Array(self)
        let right = Array(other)
        var previous = Array(0...right.count)
        for (row, leftCharacter) in left.enumerated() {
            var current = [row + 1] + Array(repeating: 0, count: right.count)
            for (column, rightCharacter) in right.enumerated() {
                let substitution = previous[column] + (leftCharacter == rightCharacter ? 0 : 1)
                current[column + 1] = Swift.min(substitution, previous[column + 1] + 1, current[column] + 1)
            }
            previous = current
        }
        return previous[right.count]
    }
}
