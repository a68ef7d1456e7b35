/// Regexes that cannot tell one ASCII digit from another, and messages that differ only in
/// digits: such a regex takes the same steps on two such messages of one length, so it matches
/// both or neither, with its groups at the same offsets. Progress lines are the bulk of a
/// download's events and differ from one another mostly so (`task=1 59768832/63963136`), which
/// lets the recognizer reuse where it found their attributes (`RecentRecognitions`).
///
/// A regex is taken as digit-blind when its text holds no digit but in a quantifier's count
/// (`{0,3}`) or a class range `0-9`, and no escape that names a character or a group by number
/// (`\x30`, `\p{Nd}`, `\1`, `\g`, `\k`, `\N`, `\Q`): every character test it makes is then a
/// non-digit literal, a class that holds all digits or none (`\d`, `\w`, `\b`, `.`, `[^\s,]`, a
/// range between two non-digits), or an assertion on such tests. Anything else is not taken.
enum DigitBlind {
    static func holds(for source: String) -> Bool {
        let scalars = Array(source.unicodeScalars)
        var inClass = false
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\\" {
                guard index + 1 < scalars.count else { return false }
                let escaped = scalars[index + 1]
                if isDigit(escaped) || "xocpPQNkgEu".unicodeScalars.contains(escaped) { return false }
                index += 2
                continue
            }
            if inClass {
                if scalar == "]" {
                    inClass = false
                } else if scalar == "0", index + 2 < scalars.count, scalars[index + 1] == "-", scalars[index + 2] == "9"
                {
                    index += 3
                    continue
                } else if isDigit(scalar) {
                    return false
                }
                index += 1
                continue
            }
            switch scalar {
            case "[":
                inClass = true
                // A "]" right after "[" or "[^" is a member of the class, not its end.
                if index + 1 < scalars.count, scalars[index + 1] == "^" { index += 1 }
                if index + 1 < scalars.count, scalars[index + 1] == "]" { index += 1 }
            case "{":
                // A count after an item: digits, an optional comma and digits, `}`.
                guard index > 0, !"(|".unicodeScalars.contains(scalars[index - 1]) else { return false }
                var end = index + 1
                while end < scalars.count, isDigit(scalars[end]) || scalars[end] == "," { end += 1 }
                guard end < scalars.count, scalars[end] == "}" else { return false }
                index = end
            default:
                if isDigit(scalar) { return false }
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
            if x != y, differing(x ^ y) & ~(digits(x) & digits(y)) != 0 { return false }
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

    private static let high: UInt64 = 0x8080_8080_8080_8080
    private static let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F

    /// The high bit of each byte of `word` that is not zero, exactly (no carry crosses a byte).
    private static func differing(_ word: UInt64) -> UInt64 {
        ((word & low) &+ low | word) & high
    }

    /// The high bit of each byte of `word` that is `0`–`9`, exactly: the byte XOR `0x30` is
    /// under 10, tested on its low seven bits (adding `0x76` sets the high bit from 10 on, with
    /// no carry out of the byte) with its own high bit clear.
    private static func digits(_ word: UInt64) -> UInt64 {
        let folded = word ^ 0x3030_3030_3030_3030
        let tenOrMore = (folded & low) &+ 0x7676_7676_7676_7676
        return ~(tenOrMore | folded) & high
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar.value &- 0x30 < 10 }
}
