import CPCRE2

/// Applies an `EventMap` to one record's message: a literal prefilter first, the regex only when
/// the literal is present, attributes only once a kind has matched.
public struct EventRecognizer {
    public let map: EventMap
    /// Called when a pattern hits its match limit on a line; the line then counts as chatter.
    public var onPatternFailure: (PatternError, EventMap.MapPattern) -> Void = { _, _ in }

    public init(map: EventMap) { self.map = map }

    /// The kinds a message stands for with the attributes read from it, or `[]` for chatter.
    public func recognize(_ message: UnsafeRawBufferPointer) -> [(EventKind, [Attribute: String])] {
        for entry in map.entries {
            for candidate in entry.patterns {
                guard let match = firstMatch(candidate, in: message) else { continue }
                let kinds = [entry.kind] + entry.alsoKinds
                var captured: [Attribute: String] = [:]
                for (name, _) in candidate.pattern.groupNames {
                    guard let attribute = Attribute(rawValue: name), let range = match.range(named: name) else {
                        continue
                    }
                    captured[attribute] = Self.text(message, range)
                }
                for (attribute, value) in entry.constants { captured[attribute] = value }
                let wanted = kinds.reduce(into: Set<Attribute>()) { $0.formUnion($1.attributes) }
                for extractor in map.extractors
                where wanted.contains(extractor.attribute) && captured[extractor.attribute] == nil {
                    if let match = firstMatch(extractor.pattern, in: message),
                        let range = match.range(named: extractor.attribute.rawValue)
                    {
                        captured[extractor.attribute] = Self.text(message, range)
                    }
                }
                return kinds.map { kind in
                    (kind, AttributeValue.normalized(captured.filter { kind.attributes.contains($0.key) }))
                }
            }
        }
        return []
    }

    // MARK: - Private

    private func firstMatch(_ candidate: EventMap.MapPattern, in message: UnsafeRawBufferPointer) -> PatternMatch? {
        if let literal = candidate.literal {
            let found = literal.withUnsafeBytes { needle in
                cbcheck_memmem(message.baseAddress, message.count, needle.baseAddress, needle.count)
            }
            if found == nil { return nil }
        }
        do {
            return try candidate.pattern.firstMatch(in: message)
        } catch {
            onPatternFailure(error, candidate)
            return nil
        }
    }

    private static func text(_ message: UnsafeRawBufferPointer, _ range: Range<Int>) -> String {
        String(decoding: UnsafeRawBufferPointer(rebasing: message[range]), as: UTF8.self)
    }
}
