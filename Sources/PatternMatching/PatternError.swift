import CPCRE2

/// A failure to compile or run a PCRE2 pattern, with PCRE2's own message.
///
/// Compile errors carry the byte offset where PCRE2 stopped, so the event-map and rule readers can
/// turn it into a `file:line:column` with a caret under the offending character.
public struct PatternError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong, as a closed set the callers switch over.
    public enum Kind: String, Sendable {
        /// The pattern does not compile.
        case compile
        /// Matching gave up at the match limit: the pattern backtracks catastrophically on this input.
        case matchLimit
        /// Matching failed for another reason (JIT stack, bad UTF-8 offset, …).
        case match
    }

    public let kind: Kind
    /// PCRE2's error code (negative for match errors, positive for compile errors).
    public let code: Int32
    /// PCRE2's message for `code`.
    public let message: String
    /// 0-based byte offset into the pattern where compilation failed; `nil` for match errors.
    public let offset: Int?

    public var description: String {
        switch kind {
        case .compile: "pattern does not compile at offset \(offset ?? 0): \(message)"
        case .matchLimit: "pattern hit the match limit (catastrophic backtracking): \(message)"
        case .match: "pattern failed to match: \(message)"
        }
    }

    init(kind: Kind, code: Int32, offset: Int? = nil) {
        self.kind = kind
        self.code = code
        self.offset = offset
        self.message = Self.text(of: code)
    }

    /// PCRE2's English text for an error code.
    static func text(of code: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 256)
        let length = pcre2_get_error_message_8(code, &buffer, buffer.count)
        guard length > 0 else { return "PCRE2 error \(code)" }
        return String(decoding: buffer[0..<Int(length)], as: UTF8.self)
    }
}
