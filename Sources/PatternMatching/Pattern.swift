import CPCRE2

/// A compiled PCRE2 pattern with its own match data, JIT-compiled at its first match when the
/// platform allows.
///
/// One `Pattern` is meant for one thread: the match-data block is reused by every call so the hot
/// path allocates nothing. Offsets are byte offsets into the subject, never character counts.
public final class Pattern {
    /// The pattern as written.
    public let source: String
    /// Named capture groups and their numbers, in group-number order.
    public let groupNames: [(name: String, number: Int)]

    private let code: OpaquePointer
    private let matchData: OpaquePointer
    private let matchContext: OpaquePointer
    /// The match data's offset pairs and their number, fixed for its life: read here, not asked
    /// of PCRE2 at every group read.
    private let ovector: UnsafeMutablePointer<Int>
    private let ovectorPairs: Int
    private var jitStack: OpaquePointer?
    /// Whether the JIT has compiled the pattern: `nil` until the first match. Most of an event
    /// map's patterns never run on a given log, and compiling them all at start cost 18 M
    /// instructions per run.
    private var isJITCompiled: Bool?

    /// The default bound on backtracking steps; a pattern that needs more is reported, not waited for.
    public static let defaultMatchLimit: UInt32 = 10_000_000

    /// Compiles `source` as UTF-8 (invalid UTF-8 in subjects is tolerated, never an error).
    /// - Parameters:
    ///   - source: the pattern text.
    ///   - caseInsensitive: compile with `PCRE2_CASELESS`.
    ///   - matchLimit: the most backtracking steps one match may take.
    /// - Throws: `PatternError` of kind `.compile` with the byte offset where compilation failed.
    public init(
        _ source: String, caseInsensitive: Bool = false, matchLimit: UInt32 = Pattern.defaultMatchLimit
    ) throws(PatternError) {
        self.source = source
        var options = UInt32(PCRE2_UTF) | UInt32(PCRE2_MATCH_INVALID_UTF)
        if caseInsensitive { options |= UInt32(PCRE2_CASELESS) }
        var errorCode: Int32 = 0
        var errorOffset = 0
        let bytes = Array(source.utf8)
        let compiled = bytes.withUnsafeBufferPointer { buffer in
            pcre2_compile_8(buffer.baseAddress, buffer.count, options, &errorCode, &errorOffset, nil)
        }
        guard let compiled else {
            throw PatternError(kind: .compile, code: errorCode, offset: errorOffset)
        }
        guard let context = pcre2_match_context_create_8(nil) else {
            pcre2_code_free_8(compiled)
            throw PatternError(kind: .compile, code: PCRE2_ERROR_NOMEMORY)
        }
        guard let data = pcre2_match_data_create_from_pattern_8(compiled, nil) else {
            pcre2_match_context_free_8(context)
            pcre2_code_free_8(compiled)
            throw PatternError(kind: .compile, code: PCRE2_ERROR_NOMEMORY)
        }
        pcre2_set_match_limit_8(context, matchLimit)
        pcre2_set_depth_limit_8(context, 100_000)
        code = compiled
        matchData = data
        ovector = pcre2_get_ovector_pointer_8(data)
        ovectorPairs = Int(pcre2_get_ovector_count_8(data))
        matchContext = context
        groupNames = Self.readGroupNames(compiled)
    }

    deinit {
        pcre2_match_data_free_8(matchData)
        pcre2_match_context_free_8(matchContext)
        if let jitStack { pcre2_jit_stack_free_8(jitStack) }
        pcre2_code_free_8(code)
    }

    /// The first match in `subject`, or `nil` when there is none.
    /// - Throws: `PatternError` of kind `.matchLimit` when the pattern backtracks past its limit.
    /// - Parameter offset: the byte offset to start searching at (lookbehinds still see before it).
    public func firstMatch(
        in subject: UnsafeRawBufferPointer, from offset: Int = 0
    ) throws(PatternError)
        -> PatternMatch?
    {
        guard try matches(subject, from: offset) else { return nil }
        let ranges = (0..<ovectorPairs).map { lastMatchRange(group: $0) }
        return PatternMatch(ranges: ranges, groupNames: groupNames)
    }

    /// Whether `subject` has a match, keeping its groups in this pattern's match data for
    /// `lastMatchRange(group:)` until the next call: the recognizer reads the one or two groups it
    /// wants without building a `PatternMatch` (an array of every group) per match.
    /// - Throws: `PatternError` of kind `.matchLimit` when the pattern backtracks past its limit.
    public func matches(_ subject: UnsafeRawBufferPointer, from offset: Int = 0) throws(PatternError) -> Bool {
        let base = subject.baseAddress?.assumingMemoryBound(to: UInt8.self) ?? Self.emptySubject
        let result =
            isJITCompiled ?? compileJIT()
            ? pcre2_jit_match_8(code, base, subject.count, offset, 0, matchData, matchContext)
            : pcre2_match_8(code, base, subject.count, offset, 0, matchData, matchContext)
        if result == PCRE2_ERROR_NOMATCH { return false }
        if result == PCRE2_ERROR_MATCHLIMIT || result == PCRE2_ERROR_DEPTHLIMIT
            || result == PCRE2_ERROR_JIT_STACKLIMIT
        {
            throw PatternError(kind: .matchLimit, code: result)
        }
        if result < 0 { throw PatternError(kind: .match, code: result) }
        return true
    }

    /// The byte range of group `group` (0: the whole match) in the last successful `matches`, or
    /// `nil` when the group took no part in it or the pattern has no such group.
    public func lastMatchRange(group: Int) -> Range<Int>? {
        guard group >= 0, group < ovectorPairs else { return nil }
        let start = ovector[2 * group]
        let end = ovector[2 * group + 1]
        return start == cbcheck_pcre2_unset() || end < start ? nil : start..<end
    }

    /// Bytes every match contains, as PCRE2 found them when it compiled the pattern: its fixed
    /// first code unit and its last required one (`PCRE2_INFO_FIRSTCODEUNIT`, `…LASTCODEUNIT`),
    /// such as the `.` of `(?:\.\w+){2,}`. Only ASCII bytes that are no letters are given: PCRE2
    /// does not say whether a letter may match in either case (`[Ii]d` records `i` caselessly).
    public func requiredBytes() -> [UInt8] {
        var bytes: [UInt8] = []
        for (type, unit) in [
            (PCRE2_INFO_FIRSTCODETYPE, PCRE2_INFO_FIRSTCODEUNIT), (PCRE2_INFO_LASTCODETYPE, PCRE2_INFO_LASTCODEUNIT),
        ] {
            var isSet: UInt32 = 0
            var value: UInt32 = 0
            guard pcre2_pattern_info_8(code, UInt32(type), &isSet) == 0, isSet == 1,
                pcre2_pattern_info_8(code, UInt32(unit), &value) == 0, value < 0x80
            else { continue }
            let byte = UInt8(value)
            let lower = byte | 0x20
            if !(lower >= 0x61 && lower <= 0x7A), !bytes.contains(byte) { bytes.append(byte) }
        }
        return bytes
    }

    /// Whether every match starts with an ASCII digit, as PCRE2 found when it compiled the
    /// pattern (its table of possible first code units, `PCRE2_INFO_FIRSTBITMAP`, holds digits
    /// only): `\b(?<bytes>\d+)\s*\/`. Matching such a pattern from a message's first digit finds
    /// what matching from its start finds (look-behinds and `\b` still see the bytes before). Not
    /// for an anchored pattern or one with `\G`, which an offset would move.
    public func startsWithADigit() -> Bool {
        var options: UInt32 = 0
        var table: UnsafePointer<UInt8>?
        let bytes = Array(source.utf8)
        let hasG = zip(bytes, bytes.dropFirst()).contains { $0 == 0x5C && $1 == 0x47 }  // `\G`
        guard !hasG, pcre2_pattern_info_8(code, UInt32(PCRE2_INFO_ALLOPTIONS), &options) == 0,
            options & UInt32(PCRE2_ANCHORED) == 0,
            pcre2_pattern_info_8(code, UInt32(PCRE2_INFO_FIRSTBITMAP), &table) == 0, let table
        else { return false }
        let first = (0..<256).filter { table[$0 >> 3] & 1 << ($0 & 7) != 0 }
        return !first.isEmpty && first.allSatisfy { (0x30...0x39).contains($0) }
    }

    /// Convenience for tests and cold paths: matches against a string's UTF-8 bytes.
    public func firstMatch(in subject: String) throws(PatternError) -> PatternMatch? {
        var copy = subject
        do {
            return try copy.withUTF8 { buffer in try firstMatch(in: UnsafeRawBufferPointer(buffer)) }
        } catch let error as PatternError {
            throw error
        } catch {
            preconditionFailure("unexpected error \(error)")
        }
    }

    // MARK: - Private

    /// JIT-compiles the pattern with its own stack; `false` (the interpreter then matches) where
    /// the platform has no JIT.
    private func compileJIT() -> Bool {
        let compiled = pcre2_jit_compile_8(code, UInt32(PCRE2_JIT_COMPLETE)) == 0
        if compiled, let stack = pcre2_jit_stack_create_8(32 * 1024, 4 * 1024 * 1024, nil) {
            pcre2_jit_stack_assign_8(matchContext, nil, UnsafeMutableRawPointer(stack))
            jitStack = stack
        }
        isJITCompiled = compiled
        return compiled
    }

    nonisolated(unsafe) private static let emptySubject: UnsafePointer<UInt8> = {
        let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
        pointer.initialize(to: 0)
        return UnsafePointer(pointer)
    }()

    private static func readGroupNames(_ code: OpaquePointer) -> [(name: String, number: Int)] {
        var count: UInt32 = 0
        var entrySize: UInt32 = 0
        var table: UnsafeMutableRawPointer?
        pcre2_pattern_info_8(code, UInt32(PCRE2_INFO_NAMECOUNT), &count)
        pcre2_pattern_info_8(code, UInt32(PCRE2_INFO_NAMEENTRYSIZE), &entrySize)
        pcre2_pattern_info_8(code, UInt32(PCRE2_INFO_NAMETABLE), &table)
        guard count > 0, let table else { return [] }
        var names: [(name: String, number: Int)] = []
        for index in 0..<Int(count) {
            let entry = table.advanced(by: index * Int(entrySize)).assumingMemoryBound(to: UInt8.self)
            let number = Int(entry[0]) << 8 | Int(entry[1])
            names.append((String(cString: entry + 2), number))
        }
        return names.sorted { $0.number < $1.number }
    }
}

/// The byte ranges of one match: group 0 is the whole match; unset groups are `nil`.
public struct PatternMatch: Sendable {
    public let ranges: [Range<Int>?]
    let groupNames: [(name: String, number: Int)]

    /// The byte range of the named group, or `nil` if it did not take part in the match.
    /// With duplicate names (`(?J)`) the first set group of that name wins.
    public func range(named name: String) -> Range<Int>? {
        for entry in groupNames where entry.name == name {
            if entry.number < ranges.count, let range = ranges[entry.number] { return range }
        }
        return nil
    }
}
