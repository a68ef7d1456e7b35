import Diagnostics
import Foundation
import PatternMatching

/// Splits one line of an event map into words and `/regex/flags` tokens, tracking byte columns
/// for diagnostics. `#` at the start of a word begins a comment.
struct LineWords {
    struct Word {
        var text: String
        /// 1-based byte column of the word's first byte.
        var column: Int
        var isPattern = false
        var flags = ""
        /// Offsets in `text` where the file had `\/` (two bytes for one), to map PCRE2's offsets
        /// back to columns.
        var escapedSlashes: [Int] = []
    }

    let line: String
    let number: Int
    let file: String
    private let bytes: [UInt8]
    private var position = 0

    init(line: String, number: Int, file: String) {
        self.line = line.hasSuffix("\r") ? String(line.dropLast()) : line
        self.number = number
        self.file = file
        self.bytes = Array(self.line.utf8)
    }

    /// The next word, or `nil` at the end of the line or at a comment.
    mutating func next() -> Word? {
        while position < bytes.count, bytes[position] == 0x20 || bytes[position] == 0x09 { position += 1 }
        guard position < bytes.count, bytes[position] != 0x23 else { return nil }
        let start = position
        if bytes[position] == 0x2F {
            return readPattern(from: start)
        }
        while position < bytes.count, bytes[position] != 0x20, bytes[position] != 0x09 { position += 1 }
        return Word(text: String(decoding: bytes[start..<position], as: UTF8.self), column: start + 1)
    }

    /// The rest of the line after the words read, without its surrounding blanks: free text (a
    /// profile's `about`).
    mutating func rest() -> String {
        let text = String(decoding: bytes[min(position, bytes.count)...], as: UTF8.self)
        position = bytes.count
        return text.trimmingCharacters(in: .whitespaces)
    }

    func location(of word: Word?) -> SourceLocation {
        SourceLocation(file: file, line: number, column: word?.column ?? bytes.count + 1)
    }

    func error(_ message: String, at word: Word?, hint: String? = nil) -> Diagnostic {
        Diagnostic(.error, message, at: location(of: word), sourceLine: line, hint: hint)
    }

    mutating func expectEnd() throws(Diagnostic) {
        if let extra = next() { throw error("unexpected '\(extra.text)'", at: extra) }
    }

    mutating func expectWord(_ expected: String) throws(Diagnostic) {
        let word = next()
        guard word?.text == expected else { throw error("expected '\(expected)'", at: word) }
    }

    mutating func eventKind() throws(Diagnostic) -> EventKind {
        guard let word = next() else {
            throw error("expected an event kind", at: nil, hint: "for example app.handleEvents")
        }
        if let kind = EventKind(named: word.text), kind.isSynthetic {
            throw error(
                "'\(word.text)' is made by the trace builder, not by the event map", at: word,
                hint: "run.start, run.end and log.end mark run boundaries; map the app's own lines to other kinds")
        }
        guard let kind = EventKind(named: word.text) else {
            throw error(
                "unknown event kind '\(word.text)'", at: word,
                hint: EventKind.hint(forUnknown: word.text))
        }
        return kind
    }

    mutating func attribute() throws(Diagnostic) -> Attribute {
        guard let word = next() else { throw error("expected an attribute name", at: nil) }
        guard let attribute = Attribute(rawValue: word.text) else {
            throw error(
                "unknown attribute '\(word.text)'", at: word,
                hint: word.text.didYouMean(in: Attribute.allCases.map(\.rawValue)))
        }
        return attribute
    }

    /// A `/regex/flags` token, compiled; compile errors point at the offending byte.
    mutating func pattern() throws(Diagnostic) -> EventMap.MapPattern {
        guard let word = next() else { throw error("expected a /pattern/", at: nil) }
        if word.flags == "unterminated" {
            throw error("unterminated pattern: no closing '/'", at: word, hint: "write a '/' inside a pattern as \\/")
        }
        guard word.isPattern else { throw error("expected a /pattern/, found '\(word.text)'", at: word) }
        guard word.flags.allSatisfy({ $0 == "i" }) else {
            throw error("unknown pattern flag in '\(word.flags)'", at: word, hint: "the only flag is i (ignore case)")
        }
        let caseless = word.flags.contains("i")
        do {
            let compiled = try Pattern(word.text, caseInsensitive: caseless)
            let literals = RequiredLiteral.alternatives(of: word.text)?.map { Array($0.utf8) }
            return EventMap.MapPattern(
                pattern: compiled, literals: literals, caseless: caseless, location: location(of: word))
        } catch {
            var column = word
            let offset = error.offset ?? 0
            column.column += 1 + offset + word.escapedSlashes.filter { $0 < offset }.count
            throw self.error("bad pattern: \(error.message)", at: column)
        }
    }

    // MARK: - Private

    private mutating func readPattern(from start: Int) -> Word {
        position += 1
        var text: [UInt8] = []
        var escapedSlashes: [Int] = []
        var closed = false
        while position < bytes.count {
            let byte = bytes[position]
            if byte == 0x5C, position + 1 < bytes.count {
                if bytes[position + 1] == 0x2F {
                    escapedSlashes.append(text.count)
                    text.append(0x2F)
                } else {
                    text.append(byte)
                    text.append(bytes[position + 1])
                }
                position += 2
                continue
            }
            if byte == 0x2F {
                closed = true
                position += 1
                break
            }
            text.append(byte)
            position += 1
        }
        var flags = ""
        while closed, position < bytes.count, bytes[position] != 0x20, bytes[position] != 0x09 {
            flags.unicodeScalars.append(Unicode.Scalar(bytes[position]))
            position += 1
        }
        var word = Word(
            text: String(decoding: text, as: UTF8.self), column: start + 1, isPattern: closed, flags: flags,
            escapedSlashes: escapedSlashes)
        if !closed { word.flags = "unterminated" }
        return word
    }
}
