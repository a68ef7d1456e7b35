/// Finds a literal that every match of a pattern must contain, so a cheap `memmem` can rule a
/// line out before the regex runs.
///
/// Conservative on purpose: it reads only the top level of the pattern, gives up on top-level
/// alternation or flags, and never descends into groups or classes. Returning `nil` is always
/// safe (the pattern then runs on every line); returning a literal that a match could lack is not.
enum RequiredLiteral {
    /// Literals one of which every match must contain: one per top-level alternative (`a|b`), or
    /// the single required literal. `nil` when some alternative has none: the pattern must then
    /// run on every message.
    static func alternatives(of pattern: String, minimumLength: Int = 3) -> [String]? {
        let branches = topLevelBranches(of: pattern)
        if branches.count == 1 { return of(pattern, minimumLength: minimumLength).map { [$0] } }
        var literals: [String] = []
        for branch in branches {
            guard let literal = of(branch, minimumLength: minimumLength) else { return nil }
            literals.append(literal)
        }
        return literals
    }

    /// The pattern split at `|` outside groups and classes; one element when there is none.
    static func topLevelBranches(of pattern: String) -> [String] {
        // Each branch is cut out of the pattern once: appending scalar by scalar cost half of
        // reading the event map at every start.
        let scalars = pattern.unicodeScalars
        var branches: [String] = []
        var start = scalars.startIndex
        var depth = 0
        var inClass = false
        var escaped = false
        for index in scalars.indices {
            if escaped {
                escaped = false
                continue
            }
            switch scalars[index] {
            case "\\": escaped = true
            case "[": inClass = true
            case "]": inClass = false
            case "(" where !inClass: depth += 1
            case ")" where !inClass: depth -= 1
            case "|" where depth == 0 && !inClass:
                branches.append(String(Substring(scalars[start..<index])))
                start = scalars.index(after: index)
            default: break
            }
        }
        branches.append(String(Substring(scalars[start...])))
        return branches
    }

    /// The longest top-level literal run of at least `minimumLength` bytes, or `nil`.
    static func of(_ pattern: String, minimumLength: Int = 3) -> String? {
        let characters = Array(pattern.unicodeScalars)
        // Runs are kept as scalars with their UTF-8 length and made a `String` once at the end.
        var best: [Unicode.Scalar] = []
        var bestLength = 0
        var current: [Unicode.Scalar] = []
        var currentLength = 0
        var depth = 0
        var inClass = false
        var index = 0
        func append(_ scalar: Unicode.Scalar) {
            current.append(scalar)
            currentLength += UTF8.width(scalar)
        }
        func endRun() {
            if currentLength > bestLength {
                best = current
                bestLength = currentLength
            }
            current.removeAll(keepingCapacity: true)
            currentLength = 0
        }
        while index < characters.count {
            let character = characters[index]
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            let quantified = next.map(isQuantifier) ?? false
            if inClass {
                if character == "\\" {
                    index += 1
                } else if character == "[", next == ":" {
                    // A POSIX class such as [:space:] is one member, up to its own ":]".
                    index += 2
                    while index + 1 < characters.count, !(characters[index] == ":" && characters[index + 1] == "]") {
                        index += 1
                    }
                    index += 1
                } else if character == "]" {
                    inClass = false
                }
                index += 1
                continue
            }
            switch character {
            case "\\":
                // Escapes that take an argument (\x41, \cX, \p{L}, \k<name>, \g1, \1, \Q…\E): give up
                // rather than take the argument for literal text.
                guard let escaped = next, !"xcpPkgoNQE0123456789".unicodeScalars.contains(escaped) else { return nil }
                let isLiteral = !CharacterSetNames.isClassEscape(escaped)
                let afterEscape = index + 2 < characters.count ? characters[index + 2] : nil
                let escapedQuantified = afterEscape.map(isQuantifier) ?? false
                if depth == 0, isLiteral, !escapedQuantified {
                    append(escaped)
                } else {
                    endRun()
                }
                index += 2
                continue
            case "(":
                if next == "?", index + 2 < characters.count, depth == 0,
                    !":=!<P'".unicodeScalars.contains(characters[index + 2])
                {
                    return nil  // inline flags such as (?i) change what the literal means
                }
                depth += 1
                endRun()
            case ")":
                depth -= 1
                endRun()
            case "[":
                inClass = true
                endRun()
                // A "]" right after "[" or "[^" is a member of the class, not its end.
                if next == "^" { index += 1 }
                if index + 1 < characters.count, characters[index + 1] == "]" { index += 1 }
            case "|":
                if depth == 0 { return nil }
                endRun()
            case "{":
                // A counted repetition `{m,n}`: its digits are not literal text.
                endRun()
                while index < characters.count, characters[index] != "}" { index += 1 }
            case ".", "^", "$", "?", "*", "+", "}":
                endRun()
            default:
                if depth == 0, !quantified {
                    append(character)
                } else {
                    endRun()
                }
            }
            index += 1
        }
        endRun()
        return bestLength >= minimumLength ? text(best[...]) : nil
    }

    private static func isQuantifier(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "?" || scalar == "*" || scalar == "+" || scalar == "{"
    }

    private static func text(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var bytes: [UInt8] = []
        for scalar in scalars { UTF8.encode(scalar) { bytes.append($0) } }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Escapes that stand for a class or an assertion rather than one literal character.
enum CharacterSetNames {
    static func isClassEscape(_ scalar: Unicode.Scalar) -> Bool {
        "dDwWsSbBAzZGhHvVRNXpPkgQEKx0123456789nrtfaecoul".unicodeScalars.contains(scalar)
    }
}
