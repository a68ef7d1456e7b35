import Diagnostics
import Foundation

/// A rule's `source` line read as what it cites: `seed 000 §1; seed 001; APPLE-FACTS R6, R10;
/// conflict C1` names the seeds 000 and 001, the facts R6 and R10 and the conflict C1. A URL in
/// the line is a link of its own (a project's rule may cite its own pages); any other part
/// ("team policy") is kept as written.
public struct Citation: Equatable, Sendable {
    /// One cited thing, in the order the line names it.
    public enum Item: Equatable, Sendable {
        /// A reference the table knows, with what the line adds to it (`§1`).
        case reference(Reference, detail: String)
        /// An address written in the line itself.
        case link(String)
        /// An id the table does not know (`APPLE-FACTS Z9`, `seed 009`).
        case unresolved(String)
        /// A part that cites none of the table's kinds ("team policy").
        case text(String)
    }

    public private(set) var items: [Item] = []

    public init(_ source: String, references: ReferenceTable = .builtIn) {
        for part in source.split(separator: ";").map({ $0.trimmingCharacters(in: .whitespaces) }) where !part.isEmpty {
            items += Self.items(of: part, references)
        }
    }

    /// The first address to send a reader to: an Apple page before any other, a link in the line
    /// before a seed's page. SARIF's `helpUri`.
    public var primaryAddress: String? {
        var fallback: String?
        for item in items {
            switch item {
            case .reference(let reference, _):
                guard let address = reference.address else { continue }
                if reference.statuses.contains(where: \.isApple) { return address }
                fallback = fallback ?? address
            case .link(let address): return address
            case .unresolved, .text: continue
            }
        }
        return fallback
    }

    private static func items(of part: String, _ references: ReferenceTable) -> [Item] {
        if part.hasPrefix("http://") || part.hasPrefix("https://") { return [.link(part)] }
        let words = part.split(separator: " ").map(String.init)
        if words.first == "seed", words.count >= 2 {
            let id = "seed \(words[1])"
            let detail = words.dropFirst(2).joined(separator: " ")
            return [references[id].map { .reference($0, detail: detail) } ?? .unresolved(part)]
        }
        guard words.first == "APPLE-FACTS" || words.first == "conflict" else { return [.text(part)] }
        // The ids run up to the first word that is not one: "APPLE-FACTS U1 (convention, …)".
        let note = part.firstIndex(of: "(").map { String(part[$0...]) } ?? ""
        let ids = words.dropFirst().map { $0.trimmingCharacters(in: .punctuationCharacters) }.prefix { isFactID($0) }
        guard !ids.isEmpty else { return [.unresolved(part)] }
        return ids.map { id in references[id].map { .reference($0, detail: note) } ?? .unresolved("APPLE-FACTS \(id)") }
    }

    /// `R6`, `S10`, `C1`: a capital letter and one or two digits.
    private static func isFactID(_ word: String) -> Bool {
        let scalars = Array(word.unicodeScalars)
        guard (2...3).contains(scalars.count), ("A"..."Z").contains(scalars[0]) else { return false }
        return scalars.dropFirst().allSatisfy { ("0"..."9").contains($0) }
    }
}
