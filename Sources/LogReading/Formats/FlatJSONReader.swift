#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads the members of one flat JSON object on one line (nested objects and arrays are
/// skipped), without Foundation and without a `String` per member: values are byte ranges, and
/// strings are unescaped only when asked.
struct FlatJSONReader {
    /// A member's value: the bytes inside the quotes for a string, the literal otherwise.
    struct Value {
        var range: Range<Int>
        var isString: Bool
        var hasEscapes: Bool
    }

    /// The line's bytes, read through a pointer: every member of every object of a capture is
    /// scanned here, so the loops test bytes without optionals.
    private let bytes: UnsafePointer<UInt8>
    private let count: Int
    private var position = 0

    init(_ line: UnsafeRawBufferPointer) {
        bytes = line.baseAddress?.assumingMemoryBound(to: UInt8.self) ?? UnsafePointer(Self.noBytes)
        count = line.count
    }

    /// Skips white space and a `{`; `false` when the line is no object.
    mutating func startsObject() -> Bool {
        skipWhitespace()
        return skip(0x7B)
    }

    /// Whether what follows the `{` can begin an object's members: a key's quote, the `}`, or the
    /// line's end. `{(` (an `NSSet` printed by SpringBoard) or `{ code = 3; }` (a dictionary's
    /// description) is no JSON, so no JSON that breaks off either.
    mutating func mayStartMembers() -> Bool {
        skipWhitespace()
        return position == count || bytes[position] == 0x22 || bytes[position] == 0x7D
    }

    /// Calls `body` with each member's key (the bytes inside its quotes) and value.
    /// - Returns: `false` when the object breaks off or is not JSON.
    mutating func forEachMember(_ body: (Range<Int>, Value) -> Void) -> Bool {
        skipWhitespace()
        if skip(0x7D) { return true }
        while true {
            skipWhitespace()
            guard let key = readString(), skipWhitespace(then: 0x3A) else { return false }
            skipWhitespace()
            guard let value = readValue() else { return false }
            body(key.range, value)
            skipWhitespace()
            if skip(0x2C) { continue }
            return skip(0x7D)
        }
    }

    /// Appends the string `value` to `output` with its escapes decoded (UTF-8 for `\uXXXX`, with
    /// surrogate pairs); a literal is appended as written.
    ///
    /// Decoded through a pointer into room made once (a decoded string is never longer than its
    /// escapes, but for a `\u` the string cuts short: four bytes spare), not a byte at a time:
    /// each `append` checks the array's uniqueness, and every path Apple writes is full of `\/`.
    static func appendUnescaped(_ value: Value, of line: UnsafeRawBufferPointer, to output: inout [UInt8]) {
        let bytes = UnsafeRawBufferPointer(rebasing: line[value.range])
        guard value.hasEscapes else {
            // Typed, so the array copies the bytes at once.
            output.append(contentsOf: bytes.assumingMemoryBound(to: UInt8.self))
            return
        }
        let start = output.count
        let room = bytes.count + 4
        output.append(contentsOf: repeatElement(0, count: room))
        let written = output.withUnsafeMutableBufferPointer { buffer in
            unescape(bytes, into: buffer.baseAddress! + start)
        }
        output.removeLast(room - written)
    }

    /// The first `"` or `\` at or after `start` in `bytes[..<count]`, tested a word at a time
    /// (`ByteWords`). Also how `JSONArrayReader` steps over strings.
    static func quoteOrBackslash(_ bytes: UnsafePointer<UInt8>, from start: Int, count: Int) -> Int? {
        var index = start
        while index + 8 <= count {
            let word = ByteWords.word(bytes, at: index)
            let found = ByteWords.positions(of: 0x22, in: word) | ByteWords.positions(of: 0x5C, in: word)
            if found != 0 { return index + found.trailingZeroBitCount / 8 }
            index += 8
        }
        while index < count {
            if bytes[index] == 0x22 || bytes[index] == 0x5C { return index }
            index += 1
        }
        return nil
    }

    // MARK: - Private

    /// Writes `bytes` with their escapes decoded to `output`; the number of bytes written. The
    /// bytes between escapes are copied as runs (a message's `\/` are few and far apart).
    private static func unescape(_ bytes: UnsafeRawBufferPointer, into output: UnsafeMutablePointer<UInt8>) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        var written = 0
        var index = 0
        while index < bytes.count {
            let backslash = memchr(base + index, 0x5C, bytes.count - index).map { base.distance(to: $0) } ?? bytes.count
            UnsafeMutableRawPointer(output + written).copyMemory(from: base + index, byteCount: backslash - index)
            written += backslash - index
            index = backslash + 1
            guard index < bytes.count else {
                if index == bytes.count {  // a lone backslash at the end is kept as written
                    output[written] = 0x5C
                    written += 1
                }
                break
            }
            let escape = bytes[index]
            index += 1
            var decoded = escape  // \" \\ \/
            switch escape {
            case 0x6E: decoded = 0x0A
            case 0x74: decoded = 0x09
            case 0x72: decoded = 0x0D
            case 0x62: decoded = 0x08
            case 0x66: decoded = 0x0C
            case 0x75:
                var scalar = hex4(bytes, at: index)
                index += 4
                if let high = scalar, (0xD800...0xDBFF).contains(high), index + 6 <= bytes.count,
                    bytes[index] == 0x5C, bytes[index + 1] == 0x75, let low = hex4(bytes, at: index + 2),
                    (0xDC00...0xDFFF).contains(low)
                {
                    scalar = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                    index += 6
                }
                let decodedScalar = scalar.flatMap(Unicode.Scalar.init) ?? "\u{FFFD}"
                for unit in decodedScalar.utf8 {
                    output[written] = unit
                    written += 1
                }
                continue
            default: break
            }
            output[written] = decoded
            written += 1
        }
        return written
    }

    /// Where a reader of an empty line points (never read: `count` is 0).
    private nonisolated(unsafe) static let noBytes = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)

    private func peek() -> UInt8? { position < count ? bytes[position] : nil }

    private mutating func skip(_ byte: UInt8) -> Bool {
        guard position < count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    private mutating func skipWhitespace() {
        while position < count, bytes[position] == 0x20 || bytes[position] == 0x09 { position += 1 }
    }

    private mutating func skipWhitespace(then byte: UInt8) -> Bool {
        skipWhitespace()
        return skip(byte)
    }

    /// A string at the cursor: the range inside its quotes. Its end is the first quote after an
    /// even run of backslashes. Up to the first backslash, the next quote or backslash is found
    /// eight bytes at a time; past it (a path's `\/` come every few bytes), each quote is found
    /// with `memchr` and the backslashes before it counted.
    private mutating func readString() -> Value? {
        guard skip(0x22) else { return nil }
        let start = position
        guard let found = Self.quoteOrBackslash(bytes, from: start, count: count) else { return nil }
        guard bytes[found] == 0x5C else {
            position = found + 1
            return Value(range: start..<found, isString: true, hasEscapes: false)
        }
        var from = found + 2
        while from < count, let pointer = memchr(bytes + from, 0x22, count - from) {
            let quote = bytes.distance(to: pointer.assumingMemoryBound(to: UInt8.self))
            var backslashes = 0
            while quote - backslashes - 1 >= start, bytes[quote - backslashes - 1] == 0x5C { backslashes += 1 }
            from = quote + 1
            if backslashes % 2 == 0 {
                position = from
                return Value(range: start..<quote, isString: true, hasEscapes: true)
            }
        }
        return nil
    }

    private mutating func readValue() -> Value? {
        switch peek() {
        case 0x22: return readString()
        case 0x7B, 0x5B: return skipNested()
        case .some:
            let start = position
            while position < count {
                let byte = bytes[position]
                if byte == 0x2C || byte == 0x7D || byte == 0x20 || byte == 0x09 { break }
                position += 1
            }
            return position > start ? Value(range: start..<position, isString: false, hasEscapes: false) : nil
        case nil: return nil
        }
    }

    /// Skips a nested object or array (strings inside may hold brackets).
    private mutating func skipNested() -> Value? {
        let start = position
        var depth = 0
        while position < count {
            switch bytes[position] {
            case 0x22:
                guard readString() != nil else { return nil }
                continue
            case 0x7B, 0x5B: depth += 1
            case 0x7D, 0x5D: depth -= 1
            default: break
            }
            position += 1
            if depth == 0 { return Value(range: start..<position, isString: false, hasEscapes: false) }
        }
        return nil
    }

    private static func hex4(_ bytes: UnsafeRawBufferPointer, at index: Int) -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for offset in 0..<4 {
            let byte = bytes[index + offset]
            guard ByteCursor.isHexDigit(byte) else { return nil }
            value = value << 4 | UInt32(byte <= 0x39 ? byte &- 0x30 : (byte | 0x20) &- 0x61 &+ 10)
        }
        return value
    }
}
