/// Applies an `EventMap` to one record's message: the literal prefilter (`LiteralScanner`) says
/// which patterns could match, only those regexes run, and attributes are read only once a kind
/// has matched.
public struct EventRecognizer {
    public let map: EventMap
    /// The prefilter over every entry pattern, in recognition order.
    public let scanner: LiteralScanner
    /// Called when a pattern hits its match limit on a line; the line then counts as chatter.
    public var onPatternFailure: (PatternError, EventMap.MapPattern) -> Void = { _, _ in }
    /// For each entry, the indices in `map.extractors` of the attributes its kinds carry, in map order.
    private let extractorsByEntry: [[Int]]
    /// Every entry pattern in recognition order (a candidate set's numbering), with its entry.
    private let patterns: [(entry: Int, pattern: EventMap.MapPattern)]
    /// The same prefilter over the extractors: one pass over a recognized record says which of
    /// them can match, instead of a `memmem` per extractor.
    private let extractorScanner: LiteralScanner

    public init(map: EventMap) {
        self.map = map
        patterns = map.entries.indices.flatMap { entry in map.entries[entry].patterns.map { (entry, $0) } }
        scanner = LiteralScanner(patterns: patterns.map(\.pattern))
        // Extractors with literals under 6 bytes (`rror`, `Code=`) keep their own `memmem`, so
        // the scan over a recognized record reads every third byte, not every byte.
        extractorScanner = LiteralScanner(patterns: map.extractors.map(\.pattern), shortestLiteral: 6)
        extractorsByEntry = map.entries.map { entry in
            let wanted = ([entry.kind] + entry.alsoKinds).reduce(into: Set<Attribute>()) { $0.formUnion($1.attributes) }
            return map.extractors.indices.filter { wanted.contains(map.extractors[$0].attribute) }
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
        // Patterns are numbered in recognition order, so the first candidate that matches wins;
        // the last number stands for every pattern from it on.
        var recognized: [(EventKind, AttributeValues, phrasing: String)] = []
        candidates.forEachMember { number in
            guard number < patterns.count else { return false }
            let end = number == CandidateSet.capacity - 1 ? patterns.count : number + 1
            for index in number..<end {
                let (entryIndex, candidate) = patterns[index]
                guard let match = run(candidate.pattern, candidate, on: message) else { continue }
                recognized = events(
                    of: map.entries[entryIndex], extractors: extractorsByEntry[entryIndex], candidate, match, message)
                return false
            }
            return true
        }
        return recognized
    }

    // MARK: - Private

    private func events(
        of entry: EventMap.Entry, extractors: [Int], _ candidate: EventMap.MapPattern,
        _ match: PatternMatch, _ message: UnsafeRawBufferPointer
    ) -> [(EventKind, AttributeValues, phrasing: String)] {
        var captured = AttributeValues()
        for (attribute, group) in candidate.attributeGroups where captured[attribute] == nil {
            guard group < match.ranges.count, let range = match.ranges[group] else { continue }
            captured[attribute] = Self.text(message, range)
        }
        for (attribute, value) in entry.constants { captured[attribute] = value }
        var possible: CandidateSet?
        for index in extractors where captured[map.extractors[index].attribute] == nil {
            let extractor = map.extractors[index]
            let found = possible ?? extractorScanner.candidates(in: message)
            possible = found
            // A literal the scan found needs no second look; an extractor scanned always (no
            // literal, or a short one) looks for its own.
            let number = min(index, CandidateSet.capacity - 1)
            guard found.contains(number),
                !extractorScanner.alwaysCandidates.contains(number) || extractor.pattern.mayMatch(message),
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
