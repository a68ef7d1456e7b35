extension Pattern {
    /// `subject` with every match replaced by what `replacement` returns for it (given the
    /// match and the subject's bytes). For cold paths such as fixture mutation, not the log reader.
    public func replacingMatches(in subject: String, with replacement: (PatternMatch, [UInt8]) -> String) -> String {
        let bytes = Array(subject.utf8)
        var output: [UInt8] = []
        var position = 0
        var searchFrom = 0
        while searchFrom <= bytes.count {
            let found = bytes.withUnsafeBytes { try? firstMatch(in: $0, from: searchFrom) }
            guard let match = found ?? nil, let whole = match.ranges[0] else { break }
            output += bytes[position..<whole.lowerBound]
            output += Array(replacement(match, bytes).utf8)
            position = whole.upperBound
            searchFrom = whole.isEmpty ? whole.upperBound + 1 : whole.upperBound
        }
        output += bytes[min(position, bytes.count)...]
        return String(decoding: output, as: UTF8.self)
    }
}

extension PatternMatch {
    /// The text of a named group, or `nil` if it did not take part in the match.
    public func text(named name: String, in bytes: [UInt8]) -> String? {
        range(named: name).map { String(decoding: bytes[$0], as: UTF8.self) }
    }
}
