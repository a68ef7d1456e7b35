import PatternMatching

/// Two attribute extractors whose regexes are one regex but for where their named group sits:
/// `bytes`' `\b(?<bytes>\d+)\s*\/\s*-?\d+\b` and `expected`'s `\b\d+\s*\/\s*(?<expected>-?\d+)\b`,
/// both read from every progress line's `12/100`. A capture group changes nothing about what
/// matches, so both find the same match in the same message, and one run of the regex with both
/// groups (`merged`) answers both: the recognizer runs it for the first and keeps the second's
/// range for when it reaches the second (about 650 instructions a progress line saved).
///
/// Only plain cases are taken: each regex has exactly one named group, which is no quantified
/// group and has no top-level `|`; nothing refers to groups by number or name (back-references,
/// subroutine calls, conditions), since taking a group away renumbers the others.
final class ExtractorTwin {
    /// The index in `EventMap.extractors` of the later extractor, answered by the earlier's run.
    let partner: Int
    /// The later extractor's attribute.
    let partnerAttribute: Attribute
    /// The regex with both extractors' groups.
    let merged: EventMap.MapPattern

    private init(partner: Int, partnerAttribute: Attribute, merged: EventMap.MapPattern) {
        self.partner = partner
        self.partnerAttribute = partnerAttribute
        self.merged = merged
    }

    /// For each extractor, its twin among the later ones, if it has one (the first such).
    static func twins(of extractors: [EventMap.AttributeExtractor]) -> [ExtractorTwin?] {
        let shapes = extractors.map { GroupedPattern($0.pattern.pattern.source, group: $0.attribute.rawValue) }
        return extractors.indices.map { first in
            guard let shape = shapes[first] else { return nil }
            for second in extractors.indices where second > first {
                guard let other = shapes[second], other.skeleton == shape.skeleton,
                    extractors[second].attribute != extractors[first].attribute,
                    extractors[second].pattern.caseless == extractors[first].pattern.caseless,
                    let text = shape.merged(with: other),
                    let pattern = try? Pattern(text, caseInsensitive: extractors[first].pattern.caseless)
                else { continue }
                let source = extractors[first].pattern
                return ExtractorTwin(
                    partner: second, partnerAttribute: extractors[second].attribute,
                    merged: EventMap.MapPattern(
                        pattern: pattern, literals: source.literals, caseless: source.caseless,
                        location: source.location))
            }
            return nil
        }
    }
}

/// A regex taken apart into the regex without its one named group (`skeleton`) and where the
/// group stood in it.
struct GroupedPattern: Equatable {
    let skeleton: [Unicode.Scalar]
    let name: String
    /// The group's content in `skeleton`.
    let group: Range<Int>

    /// `nil` unless `source` has exactly one named group, named `group`, that can be taken out
    /// without changing what the regex matches.
    init?(_ source: String, group name: String) {
        let scalars = Array(source.unicodeScalars)
        var skeleton: [Unicode.Scalar] = []
        var opened: Int?
        var range: Range<Int>?
        var depth = 0
        var groupDepth = 0
        var branchInGroup = false
        var inClass = false
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            let next = index + 1 < scalars.count ? scalars[index + 1] : nil
            if scalar == "\\" {
                // Back-references and their kin name groups: give up.
                guard let next, !"kgKQ0123456789".unicodeScalars.contains(next) else { return nil }
                skeleton.append(scalar)
                skeleton.append(next)
                index += 2
                continue
            }
            if inClass {
                if scalar == "]" { inClass = false }
                if scalar == "[", next == ":" { return nil }
                skeleton.append(scalar)
                index += 1
                continue
            }
            switch scalar {
            case "[":
                inClass = true
                skeleton.append(scalar)
                // A "]" right after "[" or "[^" is a member of the class, not its end.
                var member = index + 1
                if member < scalars.count, scalars[member] == "^" {
                    skeleton.append("^")
                    member += 1
                }
                if member < scalars.count, scalars[member] == "]" {
                    skeleton.append("]")
                    member += 1
                }
                index = member
                continue
            case "(":
                depth += 1
                if next == "?" {
                    let kind = index + 2 < scalars.count ? scalars[index + 2] : nil
                    if kind == "<", index + 3 < scalars.count, scalars[index + 3].properties.isAlphabetic {
                        guard opened == nil, range == nil,
                            let close = scalars[(index + 3)...].firstIndex(of: ">"),
                            String(String.UnicodeScalarView(scalars[(index + 3)..<close])) == name
                        else { return nil }
                        opened = skeleton.count
                        groupDepth = depth
                        index = close + 1
                        continue
                    }
                    // Non-capturing groups and look-arounds only: flags, subroutine calls,
                    // conditions and branch resets are given up on.
                    guard let kind, ":=!<".unicodeScalars.contains(kind) else { return nil }
                } else if next != "*" {
                    return nil  // an unnamed capturing group: its number would move
                }
            case ")":
                if let start = opened, depth == groupDepth {
                    if let next, "?*+{".unicodeScalars.contains(next) { return nil }
                    if branchInGroup { return nil }
                    range = start..<skeleton.count
                    opened = nil
                    depth -= 1
                    index += 1
                    continue
                }
                depth -= 1
            case "|" where opened != nil && depth == groupDepth:
                branchInGroup = true
            default: break
            }
            skeleton.append(scalar)
            index += 1
        }
        guard let range, opened == nil else { return nil }
        self.skeleton = skeleton
        self.name = name
        self.group = range
    }

    /// The skeleton with this group and `other`'s (of the same skeleton) put back, or `nil` when
    /// the two cross or one is empty.
    func merged(with other: GroupedPattern) -> String? {
        guard !group.isEmpty, !other.group.isEmpty else { return nil }
        // The outer one first: it starts first, or is the longer of two that start together.
        let outerFirst =
            group.lowerBound < other.group.lowerBound
            || (group.lowerBound == other.group.lowerBound && group.count >= other.group.count)
        let groups = outerFirst ? [self, other] : [other, self]
        let (outer, inner) = (groups[0].group, groups[1].group)
        if inner.lowerBound < outer.upperBound, inner.upperBound > outer.upperBound { return nil }
        // At one place, closings come before openings; the inner group closes first and the
        // outer opens first.
        var insertions: [(place: Int, order: Int, text: String)] = []
        for (number, grouped) in groups.enumerated() {
            insertions.append((grouped.group.lowerBound, 2 + number, "(?<\(grouped.name)>"))
            insertions.append((grouped.group.upperBound, 1 - number, ")"))
        }
        insertions.sort { ($0.place, $0.order) < ($1.place, $1.order) }
        var text = ""
        var next = 0
        for place in 0...skeleton.count {
            while next < insertions.count, insertions[next].place == place {
                text += insertions[next].text
                next += 1
            }
            if place < skeleton.count { text.unicodeScalars.append(skeleton[place]) }
        }
        return text
    }
}
