import Diagnostics

/// Reads the event-map language (`rules/*.cbevents`, `--events FILE`), documented in
/// `docs/event-map.md`:
///
/// ```
/// attribute task /\btask(?:Identifier)?\W{0,3}(?<task>\d+)/
/// event app.handleEvents
///   match /handleEventsForBackgroundURLSession/
///   also session.create
///   set background = yes
/// event app.handler.called
///   tier phrasing
///   match /calling (?:the )?completion handler/i
/// ```
///
/// Mistakes are `Diagnostic`s with `file:line:col`, the line and a caret.
public struct EventMapParser {
    let file: String
    let text: String

    public init(file: String, text: String) {
        self.file = file
        self.text = text
    }

    /// Parses and compiles the whole map.
    /// - Throws: the first `Diagnostic` found.
    public func parse() throws(Diagnostic) -> EventMap {
        var none: LibraryProfile.Header?
        return try parse(header: &none)
    }

    /// Parses a map that may begin with a library profile's `profile`, `about` and `detect`
    /// lines (`header` not `nil`), collecting them into `header`.
    func parse(header: inout LibraryProfile.Header?) throws(Diagnostic) -> EventMap {
        var map = EventMap()
        var current: EventMap.Entry?
        /// The tier of the current entry's next `match` lines (`tier`; `signature` until one says).
        var tier = RecognitionTier.signature
        func finish() throws(Diagnostic) {
            guard let entry = current else { return }
            if entry.patterns.isEmpty {
                throw Diagnostic(
                    .error, "event '\(entry.kind.name)' has no 'match' line", at: entry.location,
                    sourceLine: line(entry.location.line), hint: "add a line such as: match /yourLogPhrase/")
            }
            map.entries.append(entry)
            current = nil
        }
        for (offset, rawLine) in text.sourceLines.enumerated() {
            var words = LineWords(line: String(rawLine), number: offset + 1, file: file)
            guard let keyword = words.next() else { continue }
            switch keyword.text {
            case "event":
                try finish()
                let kind = try words.eventKind()
                try words.expectEnd()
                current = EventMap.Entry(kind: kind, location: words.location(of: keyword))
                tier = .signature
            case "attribute":
                try finish()
                let attribute = try words.attribute()
                let pattern = try words.pattern()
                try words.expectEnd()
                guard pattern.pattern.groupNames.contains(where: { $0.name == attribute.rawValue }) else {
                    throw words.error(
                        "the pattern for attribute '\(attribute.rawValue)' has no group named '\(attribute.rawValue)'",
                        at: keyword, hint: "capture the value with (?<\(attribute.rawValue)>…)")
                }
                map.extractors.append(EventMap.AttributeExtractor(attribute: attribute, pattern: pattern))
            case "tier":
                guard current != nil else {
                    throw words.error(
                        "'tier' outside an 'event' entry", at: keyword,
                        hint: "a tier applies to the match lines after it in one entry")
                }
                tier = try parseTier(&words)
            case "profile", "about", "detect":
                // A `where` on a case list guards its last pattern only, so the test is made here.
                guard header != nil, current == nil, map.entries.isEmpty else {
                    throw words.error(
                        "'\(keyword.text)' belongs in a library profile's header", at: keyword,
                        hint: header == nil
                            ? "an event map has no header: remove the line, or load the file as a profile"
                            : "put the profile, about and detect lines before the first event")
                }
                try header!.read(keyword, &words)
            case "match", "also", "set":
                guard current != nil else {
                    throw words.error(
                        "'\(keyword.text)' outside an 'event' entry", at: keyword,
                        hint: "start the entry with: event KIND")
                }
                try parseEntryLine(keyword.text, &words, tier: tier, into: &current!)
            default:
                throw words.error(
                    "unknown keyword '\(keyword.text)'", at: keyword,
                    hint: keyword.text.closestMatch(in: ["event", "attribute", "match", "also", "set", "tier"])
                        .map { "did you mean '\($0)'?" }
                        ?? "lines start with event, match, also, set, tier or attribute")
            }
        }
        try finish()
        return map
    }

    // MARK: - Private

    /// `tier NAME`: one of `RecognitionTier`'s names.
    private func parseTier(_ words: inout LineWords) throws(Diagnostic) -> RecognitionTier {
        let names = RecognitionTier.allCases.map(\.name)
        guard let word = words.next() else {
            throw words.error("'tier' needs a name", at: nil, hint: "tier " + names.joined(separator: " | "))
        }
        guard let tier = RecognitionTier(name: word.text) else {
            throw words.error(
                "unknown tier '\(word.text)'", at: word,
                hint: word.text.didYouMean(in: names) ?? "tiers: " + names.joined(separator: ", "))
        }
        try words.expectEnd()
        return tier
    }

    private func parseEntryLine(
        _ keyword: String, _ words: inout LineWords, tier: RecognitionTier, into entry: inout EventMap.Entry
    ) throws(Diagnostic) {
        switch keyword {
        case "match":
            let pattern = try words.pattern()
            try checkGroups(of: pattern, kinds: [entry.kind] + entry.alsoKinds, words: words)
            pattern.tier = tier
            entry.patterns.append(pattern)
        case "also":
            entry.alsoKinds.append(try words.eventKind())
        default:
            let attribute = try words.attribute()
            try words.expectWord("=")
            guard let value = words.next() else {
                throw words.error("'set' needs a value", at: nil, hint: "set \(attribute.rawValue) = yes")
            }
            entry.constants[attribute] = value.text
        }
        try words.expectEnd()
    }

    /// A named group must be an attribute, so a typo cannot silently capture nothing.
    private func checkGroups(
        of pattern: EventMap.MapPattern, kinds: [EventKind], words: LineWords
    )
        throws(Diagnostic)
    {
        for group in pattern.pattern.groupNames where Attribute(rawValue: group.name) == nil {
            throw Diagnostic(
                .error, "group '\(group.name)' is not an attribute", at: pattern.location,
                sourceLine: words.line,
                hint: group.name.didYouMean(in: Attribute.allCases.map(\.rawValue))
                    ?? "attributes: " + Attribute.allCases.map(\.rawValue).joined(separator: ", "))
        }
    }

    private func line(_ number: Int) -> String {
        text.sourceLine(number)
    }
}
