import LogReading

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether an attribute extractor can match a recognized record: one of its required literals
/// (`EventMap.MapPattern.literals`) occurs in the message, and so does every byte PCRE2 found
/// every match must contain (`Pattern.requiredBytes`: the `.` of an identifier's
/// `(?:\.[\w-]+){2,}`, absent from most callback lines). Asked only of the extractors a record
/// reaches (its kinds carry the attribute and no earlier extractor found it), one at a time: a
/// message is short, and a whole-message literal scan for every extractor cost about 1 300
/// instructions an event where these checks cost a few hundred.
///
/// Each literal is found with a `memchr` of its rarest byte and a comparison where that byte
/// lands (a `memmem` sets up a shift table per call, dearer than the search on a short message).
/// The answer is exact, never a guess: `mayMatch` is `false` only when no literal occurs or a
/// required byte is missing, and then the extractor cannot match, so skipping it changes nothing.
///
/// A class: the recognizer asks it up to a dozen times a record, and passing a struct of five
/// arrays copied 40 bytes into every call. Its tables are read through pointers made once: as
/// arrays, each check paid their bounds and uniqueness checks and the buffer-pointer closures,
/// about 270 instructions a call where the searches took 55.
final class ExtractorLiterals {
    /// One literal of one extractor, as a range of `bytes`.
    private struct Needle {
        var start: Int32
        var count: Int32
        /// The offset of the byte searched for first: the rarest (`ByteCommonness`); for a
        /// case-insensitive literal, the rarest that is no letter. -1 when such a literal has
        /// only letters: it is then compared at every position.
        var anchor: Int32
        /// Compared ignoring ASCII case (the pattern's `i` flag).
        var ignoresCase: Bool
    }

    /// What one extractor needs: its needles in `needles` (none: it has no literal) and its
    /// required bytes in `requiredBytes` (every one must occur).
    private struct Check {
        var needles: Int32
        var needlesEnd: Int32
        var required: Int32
        var requiredEnd: Int32
    }

    /// Every needle's bytes, one after another.
    private let bytes: UnsafeMutableBufferPointer<UInt8>
    private let needles: UnsafeMutableBufferPointer<Needle>
    /// By extractor, its index in `EventMap.extractors`.
    private let checks: UnsafeMutableBufferPointer<Check>
    private let requiredBytes: UnsafeMutableBufferPointer<UInt8>

    /// - Parameter minimumLength: extractors with a shorter literal are always run, unchecked.
    init(_ extractors: [EventMap.AttributeExtractor], minimumLength: Int = 3) {
        var bytes: [UInt8] = []
        var needles: [Needle] = []
        var checks: [Check] = []
        var requiredBytes: [UInt8] = []
        for extractor in extractors {
            let firstRequired = requiredBytes.count
            requiredBytes += extractor.pattern.pattern.requiredBytes()
            let first = needles.count
            if let literals = extractor.pattern.literals, literals.allSatisfy({ $0.count >= minimumLength }) {
                for literal in literals {
                    let caseless = extractor.pattern.caseless
                    needles.append(
                        Needle(
                            start: Int32(bytes.count), count: Int32(literal.count),
                            anchor: Int32(Self.anchor(of: literal, caseless: caseless) ?? -1),
                            ignoresCase: caseless))
                    bytes += literal
                }
            }
            checks.append(
                Check(
                    needles: Int32(first), needlesEnd: Int32(needles.count), required: Int32(firstRequired),
                    requiredEnd: Int32(requiredBytes.count)))
        }
        self.bytes = Self.copy(bytes)
        self.needles = Self.copy(needles)
        self.checks = Self.copy(checks)
        self.requiredBytes = Self.copy(requiredBytes)
    }

    deinit {
        // Plain values: nothing to deinitialize.
        bytes.baseAddress?.deallocate()
        needles.baseAddress?.deallocate()
        checks.baseAddress?.deallocate()
        requiredBytes.baseAddress?.deallocate()
    }

    /// Whether extractor `index` has literals or required bytes to look for; one without is
    /// always run.
    func isChecked(_ index: Int) -> Bool {
        let check = checks[index]
        return check.needles < check.needlesEnd || check.required < check.requiredEnd
    }

    /// The last required byte looked for in a record and whether it was there: the identifier
    /// extractors need a `.` one after another, `bytes` and `expected` a `/`.
    struct LastRequiredByte {
        /// 0xFF at first: no required byte is (they are ASCII).
        fileprivate var byte: UInt8 = 0xFF
        fileprivate var found = false
    }

    /// Whether extractor `index`'s regex can match `message`: `true` when each of its required
    /// bytes and one of its literals (if it has any) occur in it.
    /// - Parameter last: the record's last required byte; start with `LastRequiredByte()`.
    func mayMatch(_ index: Int, in message: UnsafeRawBufferPointer, last: inout LastRequiredByte) -> Bool {
        precondition(index >= 0 && index < checks.count)
        let check = checks.baseAddress.unsafelyUnwrapped[index]
        guard let base = message.baseAddress else {
            return check.needles == check.needlesEnd && check.required == check.requiredEnd
        }
        let count = message.count
        var offset = Int(check.required)
        while offset < Int(check.requiredEnd) {
            let byte = requiredBytes.baseAddress.unsafelyUnwrapped[offset]
            if byte != last.byte {
                last = LastRequiredByte(byte: byte, found: memchr(base, Int32(byte), count) != nil)
            }
            if !last.found { return false }
            offset &+= 1
        }
        var number = Int(check.needles)
        if number == Int(check.needlesEnd) { return true }
        let needles = needles.baseAddress.unsafelyUnwrapped
        let bytes = bytes.baseAddress.unsafelyUnwrapped
        while number < Int(check.needlesEnd) {
            let needle = needles[number]
            if Self.occurs(bytes + Int(needle.start), needle, in: base, count: count) { return true }
            number &+= 1
        }
        return false
    }

    // MARK: - Private

    private static func copy<Element>(_ array: [Element]) -> UnsafeMutableBufferPointer<Element> {
        let start = UnsafeMutablePointer<Element>.allocate(capacity: max(array.count, 1))
        let buffer = UnsafeMutableBufferPointer(start: start, count: array.count)
        _ = buffer.initialize(from: array)
        return buffer
    }

    /// Whether the literal at `literal` (`needle`'s bytes) occurs in the `count` bytes at `base`.
    private static func occurs(
        _ literal: UnsafePointer<UInt8>, _ needle: Needle, in base: UnsafeRawPointer, count: Int
    ) -> Bool {
        let length = Int(needle.count)
        guard length <= count else { return false }
        guard needle.anchor >= 0 else {
            return ASCIICase.contains(
                UnsafeRawBufferPointer(start: base, count: count), UnsafeRawBufferPointer(start: literal, count: length)
            )
        }
        let anchor = Int(needle.anchor)
        let anchorByte = Int32(literal[anchor])
        // The anchor can stand only where the whole literal fits around it.
        var from = anchor
        let last = count - length + anchor
        while from <= last {
            guard let hit = memchr(base + from, anchorByte, last - from + 1) else { return false }
            let position = UnsafeRawPointer(hit) - base
            let start = base + (position - anchor)
            let equal =
                needle.ignoresCase
                ? ASCIICase.equal(start, UnsafeRawBufferPointer(start: literal, count: length))
                : start.load(fromByteOffset: length - 1, as: UInt8.self) == literal[length - 1]
                    && start.load(as: UInt8.self) == literal[0] && memcmp(start, literal, length) == 0
            if equal { return true }
            from = position + 1
        }
        return false
    }

    /// The offset of `literal`'s rarest byte; `nil` for a case-insensitive literal of letters only.
    /// An upper-case letter counts as half as common as its lower case (`ByteCommonness` folds
    /// them): in messages, `S` of `Session` is far rarer than `s`.
    private static func anchor(of literal: [UInt8], caseless: Bool) -> Int? {
        func commonness(_ byte: UInt8) -> Int {
            let score = Int(ByteCommonness.table[Int(byte)])
            return byte >= 0x41 && byte <= 0x5A ? score / 2 : score
        }
        let candidates = literal.indices.filter { !caseless || !ASCIICase.isLetter(literal[$0]) }
        return candidates.min { commonness(literal[$0]) < commonness(literal[$1]) }
    }
}
