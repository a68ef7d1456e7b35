/// The ids drafted rules get: `L` and a number after the highest `L` number of the rules that
/// exist, so a draft never shares an id with a rule the project has.
///
/// A rule with an id already loaded replaces it (docs/writing-rules.md), so a draft numbered
/// `L001` while the project's rules have an `L001` (an earlier draft, kept) would silently replace
/// the kept rule once both files are loaded. Numbering after the highest existing number, rather
/// than filling gaps, also keeps a number that was deleted from being reused for another rule.
public struct LearnedRuleIDs: Sendable {
    /// The prefix of every drafted id.
    public static let prefix = "L"

    /// The highest number of an existing `L` id (`L012`, `l7`), or 0 when there is none.
    public let highestExisting: Int
    /// The existing id with that number, as it is written (`L012`), for the report's header.
    public let highestExistingID: String?

    /// - Parameter existing: every id that exists: the loaded rules' (built-in and the project's,
    ///   from the settings file and `--rules`) and those the settings file disabled.
    public init(existing: [String]) {
        var highest = 0
        var highestID: String?
        for id in existing {
            guard let number = Self.number(of: id), number > highest else { continue }
            highest = number
            highestID = id
        }
        highestExisting = highest
        highestExistingID = highestID
    }

    /// `count` ids in order, all new and all different: `L013`, `L014`, … after `L012`, with at
    /// least three digits and one width for all, so they sort as they are numbered.
    public func ids(_ count: Int) -> [String] {
        let last = highestExisting + count
        let width = max(3, String(last).count)
        return (0..<count).map { offset in
            let number = String(highestExisting + offset + 1)
            return Self.prefix + String(repeating: "0", count: width - number.count) + number
        }
    }

    // MARK: - Private

    /// The number of an `L` id (`L012` → 12), ids being matched without regard to case; `nil` for
    /// any other id (`CB201`, `LATE1`).
    private static func number(of id: String) -> Int? {
        guard id.uppercased().hasPrefix(prefix) else { return nil }
        let digits = id.dropFirst(prefix.count)
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else { return nil }
        return Int(digits)
    }
}
