import LogReading

/// Normalizing a value straight from the message's bytes: nearly every captured value is ASCII,
/// and then trimming, lower-casing and comparing with the known words are byte operations that
/// make at most the one `String` the event keeps (none for `yes`, `no`, `nil`, `success`,
/// `failure`). Anything else is decoded and goes the `String` way, so the result is always
/// `normalized(attribute, String(decoding: bytes, as: UTF8.self))`.
extension AttributeValue {
    static func normalized(_ attribute: Attribute, bytes: UnsafeRawBufferPointer) -> String? {
        if keepsItsSpelling(attribute), let number = digits(bytes) { return number }
        guard !bytes.contains(where: { $0 >= 0x80 }) else {
            return normalized(attribute, String(decoding: bytes, as: UTF8.self))
        }
        var lower = 0
        var upper = bytes.count
        while lower < upper, isSpaceOrTab(bytes[lower]) { lower += 1 }
        while upper > lower, isSpaceOrTab(bytes[upper - 1]) { upper -= 1 }
        guard lower < upper else { return nil }
        let value = UnsafeRawBufferPointer(rebasing: bytes[lower..<upper])
        if RedactionMarker.isMarker(value) { return nil }
        switch attribute {
        case .error:
            return errorWordBytes.contains(where: { equalsLowercased(value, $0) }) ? "nil" : text(value)
        case .background where equalsLowercased(value, rejoinedBytes):
            return rejoined
        case .background, .fromResumeData, .withHandler:
            return yesWordBytes.contains(where: { equalsLowercased(value, $0) }) ? "yes" : "no"
        case .kind, .body:
            return String(unsafeUninitializedCapacity: value.count) { buffer in
                for index in value.indices { buffer[index] = ASCIICase.lowercased(value[index]) }
                return value.count
            }
        case .outcome:
            if negativeWordBytes.contains(where: { equalsLowercased(value, $0) }) { return "failure" }
            return failureWordBytes.contains(where: { containsLowercased(value, $0) }) ? "failure" : "success"
        default:
            return text(value)
        }
    }

    /// Whether `attribute`'s values are kept as written (trimmed, redactions dropped): those the
    /// `default` of `normalized(_:_:)`'s switch takes.
    static func keepsItsSpelling(_ attribute: Attribute) -> Bool {
        switch attribute {
        case .error, .background, .fromResumeData, .withHandler, .kind, .body, .outcome: false
        default: true
        }
    }

    /// `bytes` as text when they are all digits, or `nil`: such a value needs no trimming and is
    /// no redaction, so it is kept as written. Most values are numbers (a task, a byte count, a
    /// status) and most tasks' are small: those up to 999 come from a table, not a new `String`.
    private static func digits(_ bytes: UnsafeRawBufferPointer) -> String? {
        guard !bytes.isEmpty else { return nil }
        var number = 0
        for byte in bytes {
            let digit = byte &- 0x30
            guard digit < 10 else { return nil }
            number = number &* 10 &+ Int(digit)
        }
        let hasLeadingZero = bytes[0] == 0x30 && bytes.count > 1
        return bytes.count <= 3 && !hasLeadingZero ? smallNumbers[number] : text(bytes)
    }

    /// `"0"` to `"999"`.
    private static let smallNumbers = (0..<1000).map(String.init)

    private static let errorWordBytes = errorWords.map { Array($0.utf8) }
    private static let yesWordBytes = yesWords.map { Array($0.utf8) }
    private static let negativeWordBytes = [Array("false".utf8), Array("no".utf8)]
    private static let failureWordBytes = failureWords.map { Array($0.utf8) }

    private static func text(_ value: UnsafeRawBufferPointer) -> String {
        String(decoding: value, as: UTF8.self)
    }

    private static func isSpaceOrTab(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    /// Whether `value` is `word` (lower-case), ignoring ASCII case.
    private static func equalsLowercased(_ value: UnsafeRawBufferPointer, _ word: [UInt8]) -> Bool {
        value.count == word.count && word.withUnsafeBytes { ASCIICase.equal(value.baseAddress!, $0) }
    }

    /// Whether `value` contains `word` (lower-case), ignoring ASCII case.
    private static func containsLowercased(_ value: UnsafeRawBufferPointer, _ word: [UInt8]) -> Bool {
        word.withUnsafeBytes { ASCIICase.contains(value, $0) }
    }
}
