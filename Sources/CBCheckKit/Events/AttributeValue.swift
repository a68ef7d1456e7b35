import LogReading

/// Spelling rules for attribute values, so rules compare like with like whatever the app logged.
enum AttributeValue {
    /// A captured value normalized: `(null)`/`nil`/`none` errors become `nil`; booleans become
    /// `yes`/`no`; task kinds are lower-cased; `nil` when it is empty or redacted.
    static func normalized(_ attribute: Attribute, _ raw: String) -> String? {
        let value = raw.trimmingSpaces()
        guard !value.isEmpty, !RedactionMarker.isMarker(value) else { return nil }
        switch attribute {
        case .error:
            return errorWords.contains(value.lowercased()) ? "nil" : value
        case .background where value.lowercased() == rejoined:
            return rejoined
        case .background, .fromResumeData, .withHandler:
            return yesWords.contains(value.lowercased()) ? "yes" : "no"
        case .kind, .body:
            return value.lowercased()
        case .outcome:
            return outcome(value)
        default:
            return value
        }
    }

    /// Errors that mean "no error".
    static let errorWords: Set<String> = ["(null)", "nil", "null", "none", "(nil)", "0"]
    /// `background = rejoined`: a background session the app got again for its identifier (made
    /// anew or the one it still held), which reattaches its events but is no second creation.
    static let rejoined = "rejoined"
    static let rejoinedBytes = Array(rejoined.utf8)
    /// Words that mean yes; every other value of a yes/no attribute is `no`.
    static let yesWords: Set<String> = ["yes", "true", "1"]
    /// Words of failure within an outcome (`failed`, `cancelled`…).
    static let failureWords = ["fail", "error", "cancel", "abort", "reject"]
}

extension AttributeValue {
    /// `success` for words of success (`succeeded`, `done`, `ok`, `200`…), `failure` for the rest.
    static func outcome(_ value: String) -> String {
        let lowered = value.lowercased()
        if lowered == "false" || lowered == "no" { return "failure" }
        return failureWords.contains(where: { lowered.contains($0) }) ? "failure" : "success"
    }
}

extension String {
    func trimmingSpaces() -> String {
        // Nearly every value has no space at either end: keep it as it is, without a copy.
        let bytes = utf8
        if let first = bytes.first, let last = bytes.last, first != 0x20, first != 0x09, last != 0x20, last != 0x09 {
            return self
        }
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" { scalars = scalars.dropFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars = scalars.dropLast() }
        return String(scalars)
    }
}
