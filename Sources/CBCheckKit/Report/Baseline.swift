import Foundation

/// Findings a team has accepted for now (`--write-baseline FILE`, then `--baseline FILE`): they are
/// still reported, marked, but fail nothing. Entries are finding identities with a count, never
/// lines, time stamps, pids or UUIDs, so a re-captured log of the same story matches them; a
/// finding that occurs more often than its entry's count is new.
public struct Baseline: Sendable {
    /// One accepted identity and how many findings of it were accepted.
    public struct Entry: Sendable {
        public var identity: Finding.Identity
        public var count: Int

        var json: JSONValue {
            .object([
                ("fingerprint", .string(identity.fingerprint)),
                ("rule", .string(identity.rule)),
                ("sliceRole", .string(identity.sliceRole)),
                ("evidenceKinds", .array(identity.evidenceKinds.map(JSONValue.string))),
                ("count", .int(count)),
            ])
        }
    }

    /// The version of the file format `render()` writes and `read(at:)` accepts.
    public static let formatVersion = 1

    public var entries: [Entry]

    /// The baseline that accepts exactly `findings`, grouped by identity in first-seen order.
    public init(accepting findings: [Finding]) {
        var entries: [Entry] = []
        var index: [Finding.Identity: Int] = [:]
        for identity in findings.map(\.identity) {
            if let at = index[identity] {
                entries[at].count += 1
            } else {
                index[identity] = entries.count
                entries.append(Entry(identity: identity, count: 1))
            }
        }
        self.entries = entries
    }

    /// The baseline file's text: JSON, one entry per identity, readable in a review.
    public func render() -> String {
        JSONValue.object([
            ("cbcheckBaseline", .int(Self.formatVersion)),
            ("findings", .array(entries.map(\.json))),
        ]).rendered()
    }

    /// Reads a file written by `render()`.
    /// - Throws: `BaselineError` naming the path and what is wrong.
    public static func read(at path: String) throws(BaselineError) -> Baseline {
        guard let data = FileManager.default.contents(atPath: path) else { throw .notReadable(path: path) }
        let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        guard let root, root["cbcheckBaseline"] as? Int == formatVersion,
            let findings = root["findings"] as? [[String: Any]]
        else { throw .malformed(path: path, reason: "not a version \(formatVersion) cbcheck baseline") }
        var entries: [Entry] = []
        for (index, item) in findings.enumerated() {
            guard let rule = item["rule"] as? String, let role = item["sliceRole"] as? String,
                let kinds = item["evidenceKinds"] as? [String], let count = item["count"] as? Int, count > 0
            else {
                throw .malformed(path: path, reason: "entry \(index + 1) lacks rule, sliceRole, evidenceKinds or count")
            }
            entries.append(Entry(identity: .init(rule: rule, sliceRole: role, evidenceKinds: kinds), count: count))
        }
        var baseline = Baseline(accepting: [])
        baseline.entries = entries
        return baseline
    }

    /// Marks the findings of `report` the baseline accepts, in file order, and lists as stale the
    /// entries (with the remaining count) that no finding used up.
    public func apply(to report: inout CheckReport) {
        var remaining = entries
        var index: [Finding.Identity: Int] = [:]
        for (position, entry) in remaining.enumerated() { index[entry.identity] = position }
        for file in report.files.indices {
            for position in report.files[file].findings.indices {
                let finding = report.files[file].findings[position]
                guard let at = index[finding.identity], remaining[at].count > 0 else { continue }
                remaining[at].count -= 1
                report.files[file].findings[position] = finding.with(baselined: true)
            }
        }
        report.usesBaseline = true
        report.staleBaseline = remaining.filter { $0.count > 0 }
    }
}

/// A `--baseline` file that cannot be used; exit status 2.
public enum BaselineError: Error, CustomStringConvertible, Sendable {
    case notReadable(path: String)
    case malformed(path: String, reason: String)

    public var description: String {
        switch self {
        case .notReadable(let path): "\(path): baseline file is not readable or does not exist"
        case .malformed(let path, let reason): "\(path): \(reason)"
        }
    }
}
