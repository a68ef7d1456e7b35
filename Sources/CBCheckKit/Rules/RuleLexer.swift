import Diagnostics

/// Splits a rule file into tokens. Newlines are tokens (a statement is one line); `#` starts a
/// comment; `"""` strings may span lines.
struct RuleLexer {
    let file: String
    private let bytes: [UInt8]
    private var position = 0
    private var line = 1
    private var lineStart = 0

    init(file: String, text: String) {
        self.file = file
        self.bytes = Array(text.utf8)
    }

    /// All tokens, ending with `.end`.
    /// - Throws: a `Diagnostic` for an unterminated string or regex, or a character the language
    ///   does not use.
    mutating func tokens(sourceLine: (Int) -> String) throws(Diagnostic) -> [RuleToken] {
        var tokens: [RuleToken] = []
        while true {
            let token = try next(previous: tokens.last, sourceLine: sourceLine)
            tokens.append(token)
            if token.kind == .end { return tokens }
        }
    }

    // MARK: - Private

    private var column: Int { position - lineStart + 1 }

    private func peek(_ ahead: Int = 0) -> UInt8? {
        position + ahead < bytes.count ? bytes[position + ahead] : nil
    }

    private mutating func next(previous: RuleToken?, sourceLine: (Int) -> String) throws(Diagnostic) -> RuleToken {
        while let byte = peek(), byte == 0x20 || byte == 0x09 || byte == 0x0D { position += 1 }
        if peek() == 0x23 {
            while let byte = peek(), byte != 0x0A { position += 1 }
        }
        let startLine = line
        let startColumn = column
        func token(_ kind: RuleToken.Kind, _ text: String) -> RuleToken {
            RuleToken(kind: kind, text: text, line: startLine, column: startColumn)
        }
        func fail(_ message: String, hint: String? = nil) -> Diagnostic {
            Diagnostic(
                .error, message, at: SourceLocation(file: file, line: startLine, column: startColumn),
                sourceLine: sourceLine(startLine), hint: hint)
        }
        guard let byte = peek() else { return token(.end, "") }
        if byte == 0x0A {
            position += 1
            line += 1
            lineStart = position
            return token(.newline, "\n")
        }
        if byte == 0x22 {
            guard let text = readString() else {
                throw fail("unterminated string", hint: "close it with \" on the same line, or use \"\"\" … \"\"\"")
            }
            return token(.string, text)
        }
        if byte == 0x2F, let previous, previous.isSymbol("~") || previous.isSymbol("!~") {
            guard let text = readRegex() else { throw fail("unterminated pattern: no closing '/'") }
            return token(.regex, text)
        }
        if Self.isDigit(byte) || (byte == 0x2D && Self.isDigit(peek(1))) {
            return readNumber(token)
        }
        if Self.isWordStart(byte) {
            let start = position
            while let next = peek(), Self.isWordStart(next) || Self.isDigit(next) || next == 0x2E || next == 0x2D {
                position += 1
            }
            return token(.word, String(decoding: bytes[start..<position], as: UTF8.self))
        }
        for symbol in ["==", "!=", "<=", ">=", "!~", "<", ">", "~", ":", ","] where matches(symbol) {
            position += symbol.utf8.count
            return token(.symbol, symbol)
        }
        throw fail("unexpected character '\(String(decoding: [byte], as: UTF8.self))'")
    }

    private func matches(_ symbol: String) -> Bool {
        symbol.utf8.enumerated().allSatisfy { peek($0.offset) == $0.element }
    }

    private mutating func readNumber(_ token: (RuleToken.Kind, String) -> RuleToken) -> RuleToken {
        let start = position
        position += 1
        while Self.isDigit(peek()) { position += 1 }
        let unitStart = position
        while let next = peek(), Self.isWordStart(next) { position += 1 }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        return token(position > unitStart ? .duration : .number, text)
    }

    /// Reads `"…"` (one line, `\"` and `\\` escapes) or `"""…"""` (dedented, may span lines).
    private mutating func readString() -> String? {
        if matches("\"\"\"") {
            position += 3
            let start = position
            // The byte test first: `matches` per byte made reading the rules' long texts a tenth of start-up.
            while position < bytes.count, bytes[position] != 0x22 || !matches("\"\"\"") {
                if bytes[position] == 0x0A {
                    line += 1
                    lineStart = position + 1
                }
                position += 1
            }
            guard position < bytes.count else { return nil }
            let body = String(decoding: bytes[start..<position], as: UTF8.self)
            position += 3
            return Self.dedent(body)
        }
        position += 1
        var text: [UInt8] = []
        while let byte = peek(), byte != 0x0A {
            position += 1
            if byte == 0x22 { return String(decoding: text, as: UTF8.self) }
            if byte == 0x5C, let escaped = peek() {
                position += 1
                text.append(escaped == 0x6E ? 0x0A : escaped)
                continue
            }
            text.append(byte)
        }
        return nil
    }

    private mutating func readRegex() -> String? {
        position += 1
        var text: [UInt8] = []
        while let byte = peek(), byte != 0x0A {
            position += 1
            if byte == 0x2F { return String(decoding: text, as: UTF8.self) }
            if byte == 0x5C, peek() == 0x2F {
                position += 1
                text.append(0x2F)
                continue
            }
            text.append(byte)
        }
        return nil
    }

    /// Removes the common indentation and the blank first and last lines of a `"""` string.
    static func dedent(_ body: String) -> String {
        var lines = body.sourceLines
        if lines.first?.trimmingSpaces().isEmpty == true { lines.removeFirst() }
        if lines.last?.trimmingSpaces().isEmpty == true { lines.removeLast() }
        let indent =
            lines.filter { !$0.trimmingSpaces().isEmpty }
            .map { $0.prefix(while: { $0 == " " || $0 == "\t" }).count }
            .min() ?? 0
        return lines.map { String($0.dropFirst(min(indent, $0.count))) }.joined(separator: "\n")
    }

    private static func isDigit(_ byte: UInt8?) -> Bool { byte.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }

    private static func isWordStart(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
    }
}
