/// Applies an `EventMap` to one record's message: the literal prefilter (`LiteralScanner`) says
/// which patterns could match, only those regexes run, and attributes are read only once a kind
/// has matched.
public struct EventRecognizer {
    public let map: EventMap
    /// The prefilter over every entry pattern, in recognition order.
    public let scanner: LiteralScanner
    /// Called when a pattern hits its match limit on a line; the line then counts as chatter.
    public var onPatternFailure: (PatternError, EventMap.MapPattern) -> Void = { _, _ in }
    /// For each entry, the extractors of the attributes its kinds carry, in map order.
    private let extractorsByEntry: [[EventMap.AttributeExtractor]]

    public init(map: EventMap) {
        self.map = map
        scanner = LiteralScanner(patterns: map.entries.flatMap(\.patterns))
        extractorsByEntry = map.entries.map { entry in
            let wanted = ([entry.kind] + entry.alsoKinds).reduce(into: Set<Attribute>()) { $0.formUnion($1.attributes) }
            return map.extractors.filter { wanted.contains($0.attribute) }
        }
    }

    /// The kinds a message stands for with the attributes read from it and the phrasing that
    /// recognized it (`EventMap.MapPattern.phrasing`), or `[]` for chatter.
    /// - Parameter candidates: the patterns the scanner found possible in the record's lines;
    ///   `nil` scans the message here.
    public func recognize(
        _ message: UnsafeRawBufferPointer, candidates: CandidateSet? = nil
    )
        -> [(EventKind, AttributeValues, phrasing: String)]
    {
        let candidates = candidates ?? scanner.candidates(in: message)
        if candidates.isEmpty { return [] }
        // Patterns are numbered in recognition order, so the first candidate that matches wins.
        var patternOffset = 0
        for entryIndex in map.entries.indices {
            let patterns = map.entries[entryIndex].patterns
            defer { patternOffset += patterns.count }
            for (offset, candidate) in patterns.enumerated()
            where candidates.contains(min(patternOffset + offset, CandidateSet.capacity - 1)) {
                guard let match = run(candidate.pattern, candidate, on: message) else { continue }
                let entry = map.entries[entryIndex]
                return events(of: entry, extractors: extractorsByEntry[entryIndex], candidate, match, message)
            }
        }
        return []
    }

    // MARK: - Private

    private func events(
        of entry: EventMap.Entry, extractors: [EventMap.AttributeExtractor], _ candidate: EventMap.MapPattern,
        _ match: PatternMatch, _ message: UnsafeRawBufferPointer
    ) -> [(EventKind, AttributeValues, phrasing: String)] {
        var captured = AttributeValues()
        for (attribute, group) in candidate.attributeGroups where captured[attribute] == nil {
            guard group < match.ranges.count, let range = match.ranges[group] else { continue }
            captured[attribute] = Self.text(message, range)
        }
        for (attribute, value) in entry.constants { captured[attribute] = value }
        for extractor in extractors where captured[extractor.attribute] == nil {
            guard extractor.pattern.mayMatch(message),
                let match = run(extractor.pattern.pattern, extractor.pattern, on: message),
                let range = extractor.pattern.range(of: extractor.attribute, in: match)
            else { continue }
            captured[extractor.attribute] = Self.text(message, range)
        }
        let normalized = AttributeValue.normalized(captured)
        if entry.alsoKinds.isEmpty { return [(entry.kind, normalized.keeping(entry.kind.carries), candidate.phrasing)] }
        return ([entry.kind] + entry.alsoKinds).map { kind in
            (kind, normalized.keeping(kind.carries), candidate.phrasing)
        }
    }

    private func run(
        _ pattern: Pattern, _ source: EventMap.MapPattern, on message: UnsafeRawBufferPointer
    )
        -> PatternMatch?
    {
        do {
            return try pattern.firstMatch(in: message)
        } catch {
            onPatternFailure(error, source)
            return nil
        }
    }

    private static func text(_ message: UnsafeRawBufferPointer, _ range: Range<Int>) -> String {
        String(decoding: UnsafeRawBufferPointer(rebasing: message[range]), as: UTF8.self)
    }
}
