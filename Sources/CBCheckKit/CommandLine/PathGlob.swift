/// A path pattern of `--include` / `--exclude` (and `include` / `exclude` in `.cbcheck`), in the
/// shell's and `.gitignore`'s terms, matched against paths relative to the folder searched:
///
/// - `*` is any run of characters but `/`, `?` one character, `[a-z]` / `[!0-9]` one of a set;
/// - `**` is any run of characters, `/` included, and `**/` also none (`**/x.log` is `x.log` too);
/// - a pattern with no `/` is matched against every file's and folder's *name*, at any depth
///   (`archive`, `*.tmp.log`); one with a `/` against the whole relative path (`2026/*/run.log`);
///   a leading `/` and a trailing `/` are dropped.
struct PathGlob: Equatable, Sendable {
    /// The pattern as written, for messages.
    let text: String
    private let pattern: [UInt8]
    private let matchesNames: Bool

    init(_ text: String) {
        self.text = text
        var bytes = Array(text.utf8)
        while bytes.count > 1, bytes.last == 0x2F { bytes.removeLast() }
        if bytes.first == 0x2F { bytes.removeFirst() }
        pattern = bytes
        matchesNames = !bytes.contains(0x2F)
    }

    /// Whether `path` (relative to the folder searched, `/`-separated) matches.
    func matches(_ path: String) -> Bool {
        let subject = Array(path.utf8)
        guard matchesNames else { return Self.match(pattern[...], subject[...]) }
        let name = subject.lastIndex(of: 0x2F).map { subject[($0 + 1)...] } ?? subject[...]
        return Self.match(pattern[...], name)
    }

    // MARK: - Private

    private static func match(_ pattern: ArraySlice<UInt8>, _ subject: ArraySlice<UInt8>) -> Bool {
        guard let first = pattern.first else { return subject.isEmpty }
        let rest = pattern.dropFirst()
        switch first {
        case 0x2A where rest.first == 0x2A:
            let after = rest.dropFirst()
            if after.first == 0x2F, match(after.dropFirst(), subject) { return true }
            return subject.indices.contains { match(after, subject[$0...]) } || match(after, [])
        case 0x2A:
            var tail = subject
            while true {
                if match(rest, tail) { return true }
                guard let next = tail.first, next != 0x2F else { return false }
                tail = tail.dropFirst()
            }
        case 0x3F:
            guard let next = subject.first, next != 0x2F else { return false }
            return match(rest, subject.dropFirst())
        case 0x5B:
            guard let next = subject.first, let (isMember, after) = set(rest, contains: next) else {
                return subject.first == 0x5B && match(rest, subject.dropFirst())
            }
            return isMember && next != 0x2F && match(after, subject.dropFirst())
        default:
            return subject.first == first && match(rest, subject.dropFirst())
        }
    }

    /// Whether the set that `pattern` opens (after its `[`) holds `byte`, and the pattern after
    /// its `]`; `nil` when it never closes (the `[` is then an ordinary character).
    private static func set(_ pattern: ArraySlice<UInt8>, contains byte: UInt8) -> (Bool, ArraySlice<UInt8>)? {
        var index = pattern.startIndex
        let negated = index < pattern.endIndex && (pattern[index] == 0x21 || pattern[index] == 0x5E)
        if negated { index += 1 }
        var found = false
        var isFirst = true
        while index < pattern.endIndex {
            let low = pattern[index]
            if low == 0x5D, !isFirst { return (found != negated, pattern[(index + 1)...]) }
            isFirst = false
            if index + 2 < pattern.endIndex, pattern[index + 1] == 0x2D, pattern[index + 2] != 0x5D {
                if low <= byte, byte <= pattern[index + 2] { found = true }
                index += 3
            } else {
                if low == byte { found = true }
                index += 1
            }
        }
        return nil
    }
}
