import LogReading

/// Regexes that cannot tell one ASCII digit from another, and messages that differ only in
/// digits: such a regex takes the same steps on two such messages of one length, so it matches
/// both or neither, with its groups at the same offsets. Progress lines are the bulk of a
/// download's events and differ from one another mostly so (`task=1 59768832/63963136`), which
/// lets the recognizer reuse where it found their attributes (`RecentRecognitions`).
///
/// A regex is taken as digit-blind when its text holds no digit but in a quantifier's count
/// (`{0,3}`) or a class range `0-9`, and no escape that names a character or a group by number
/// (`\x30`, `\p{Nd}`, `\1`, `\g`, `\k`, `\N`, `\Q`) or a group by name (`(?P=name)`): every character test it makes is then a
/// non-digit literal, a class that holds all digits or none (`\d`, `\w`, `\b`, `.`, `[^\s,]`, a
/// range between two non-digits), or an assertion on such tests. Anything else is not taken.
enum DigitBlind {
    static func holds(for source: String) -> Bool {
        // Bytes, not scalars: digits and the characters that matter here are ASCII, and a byte of
        // a longer character is never one of them (this runs for every pattern at start-up).
        let bytes = Array(source.utf8)
        func byte(_ index: Int) -> UInt8? { index < bytes.count ? bytes[index] : nil }
        var inClass = false
        var index = 0
        while index < bytes.count {
            let current = bytes[index]
            if current == UInt8(ascii: "\\") {
                guard let escaped = byte(index + 1) else { return false }
                if isDigit(escaped) || namesACharacterOrGroup.contains(escaped) { return false }
                index += 2
                continue
            }
            if inClass {
                if current == UInt8(ascii: "]") {
                    inClass = false
                } else if current == UInt8(ascii: "0"), byte(index + 1) == UInt8(ascii: "-"),
                    byte(index + 2) == UInt8(ascii: "9")
                {
                    index += 3
                    continue
                } else if isDigit(current) {
                    return false
                }
                index += 1
                continue
            }
            switch current {
            case UInt8(ascii: "(")
            where byte(index + 1) == UInt8(ascii: "?") && byte(index + 2) == UInt8(ascii: "P")
                && byte(index + 3) == UInt8(ascii: "="):
                return false  // `(?P=name)`: a back-reference by name, not an escape
            case UInt8(ascii: "["):
                inClass = true
                // A "]" right after "[" or "[^" is a member of the class, not its end.
                if byte(index + 1) == UInt8(ascii: "^") { index += 1 }
                if byte(index + 1) == UInt8(ascii: "]") { index += 1 }
            case UInt8(ascii: "{"):
                // A count after an item: digits, an optional comma and digits, `}`.
                guard index > 0, bytes[index - 1] != UInt8(ascii: "("), bytes[index - 1] != UInt8(ascii: "|") else {
                    return false
                }
                var end = index + 1
                while let next = byte(end), isDigit(next) || next == UInt8(ascii: ",") { end += 1 }
                guard byte(end) == UInt8(ascii: "}") else { return false }
                index = end
            default:
                if isDigit(current) { return false }
            }
            index += 1
        }
        return true
    }

    /// Whether `a` and `b` have the same length and the same bytes but where both hold an ASCII
    /// digit. Eight bytes a round: the bytes that differ must be digits in both words.
    static func sameButForDigits(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        guard a.count == b.count else { return false }
        guard let first = a.baseAddress, let second = b.baseAddress else { return true }
        let count = a.count
        var offset = 0
        while offset &+ 8 <= count {
            let x = first.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            let y = second.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            if x != y, ByteWords.nonZeroBytes(x ^ y) & ~(digits(x) & digits(y)) != 0 { return false }
            offset &+= 8
        }
        while offset < count {
            let x = first.load(fromByteOffset: offset, as: UInt8.self)
            let y = second.load(fromByteOffset: offset, as: UInt8.self)
            if x != y, !(x &- 0x30 < 10 && y &- 0x30 < 10) { return false }
            offset &+= 1
        }
        return true
    }

    // MARK: - Private

    /// The escapes after which a pattern names a character or a group (`\x30`, `\k<name>`).
    private static let namesACharacterOrGroup = Set("xocpPQNkgEu".utf8)

    private static let high: UInt64 = 0x8080_8080_8080_8080
    private static let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F

    /// The high bit of each byte of `word` that is `0`–`9`, exactly: the byte XOR `0x30` is
    /// under 10, tested on its low seven bits (adding `0x76` sets the high bit from 10 on, with
    /// no carry out of the byte) with its own high bit clear.
    private static func digits(_ word: UInt64) -> UInt64 {
        let folded = word ^ 0x3030_3030_3030_3030
        let tenOrMore = (folded & low) &+ 0x7676_7676_7676_7676
        return ~(tenOrMore | folded) & high
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }
}
