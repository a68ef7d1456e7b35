/// Spelling rules for attribute values, so rules compare like with like whatever the app logged.
enum AttributeValue {
    /// Redaction markers: the value exists but is unknown, so it is dropped rather than matched.
    static let redactions: Set<String> = ["<private>", "<<private>>", "<redacted>", "APPNAME"]

    /// Normalizes captured values: `(null)`/`nil`/`none` errors become `nil`; booleans become
    /// `yes`/`no`; task kinds are lower-cased; redacted values are removed.
    static func normalized(_ values: AttributeValues) -> AttributeValues {
        var result = AttributeValues()
        for (attribute, raw) in values {
            let value = raw.trimmingSpaces()
            guard !value.isEmpty, !isRedaction(value) else { continue }
            switch attribute {
            case .error:
                let lowered = value.lowercased()
                result[attribute] = ["(null)", "nil", "null", "none", "(nil)", "0"].contains(lowered) ? "nil" : value
            case .background, .fromResumeData:
                let lowered = value.lowercased()
                result[attribute] = ["yes", "true", "1"].contains(lowered) ? "yes" : "no"
            case .kind, .body:
                result[attribute] = value.lowercased()
            case .withHandler:
                result[attribute] = ["yes", "true", "1"].contains(value.lowercased()) ? "yes" : "no"
            case .outcome:
                result[attribute] = outcome(value)
            default:
                result[attribute] = value
            }
        }
        return result
    }
}

extension AttributeValue {
    /// Whether `value` is a redaction marker; most values are not, and their first byte says so
    /// without hashing them.
    static func isRedaction(_ value: String) -> Bool {
        guard let first = value.utf8.first, startsARedaction[Int(first)] else { return false }
        return redactions.contains(value)
    }

    /// For each byte, whether some redaction marker starts with it.
    private static let startsARedaction: [Bool] = {
        var table = [Bool](repeating: false, count: 256)
        for marker in redactions { if let first = marker.utf8.first { table[Int(first)] = true } }
        return table
    }()

    /// `success` for words of success (`succeeded`, `done`, `ok`, `200`…), `failure` for the rest.
    static func outcome(_ value: String) -> String {
        let lowered = value.lowercased()
        let failure = ["fail", "error", "cancel", "abort", "reject"]
        if lowered == "false" || lowered == "no" { return "failure" }
        return failure.contains(where: { lowered.contains($0) }) ? "failure" : "success"
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
