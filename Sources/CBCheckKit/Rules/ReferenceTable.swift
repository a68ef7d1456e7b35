import Diagnostics
import Foundation

/// The references a rule's `source` line can cite, read from `.cbrefs` text: one reference a
/// line, `ID | STATUS[+STATUS] | ADDRESS or - | SUMMARY [| HEADER]`; `#` starts a comment line.
public struct ReferenceTable: Sendable {
    private var byID: [String: Reference] = [:]

    /// Every reference, in file order.
    public private(set) var all: [Reference] = []

    /// The references of `rules/references.cbrefs`. Read on first use: only `explain` and the
    /// SARIF report need them. A mistake in that file is a build mistake that the tests catch, so
    /// it gives an empty table here rather than stopping a check.
    public static let builtIn: ReferenceTable = {
        let files = BuiltInRuleFiles.files.filter { $0.name.hasSuffix(".cbrefs") }
        return (try? ReferenceTable(files.map { (name: "rules/\($0.name)", text: $0.text) })) ?? ReferenceTable()
    }()

    public init() {}

    /// Reads `files`; a malformed line or an id given twice is an error at its line.
    public init(_ files: [(name: String, text: String)]) throws(Diagnostic) {
        for file in files {
            for (index, line) in file.text.sourceLines.enumerated() {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { continue }
                let location = SourceLocation(file: file.name, line: index + 1, column: 1)
                let reference = try Self.reference(from: line, at: location)
                guard byID[reference.id] == nil else {
                    throw Diagnostic(
                        .error, "reference '\(reference.id)' is defined twice", at: location, sourceLine: line)
                }
                byID[reference.id] = reference
                all.append(reference)
            }
        }
    }

    /// The reference with this id (`R6`, `seed 000`), if any.
    public subscript(id: String) -> Reference? { byID[id] }

    private static func reference(from line: String, at location: SourceLocation) throws(Diagnostic) -> Reference {
        let fields = line.split(separator: "|", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard (4...5).contains(fields.count), !fields[0].isEmpty, !fields[3].isEmpty else {
            throw Diagnostic(
                .error, "expected 'ID | STATUS | ADDRESS | SUMMARY', with an optional '| HEADER'", at: location,
                sourceLine: line)
        }
        var statuses: [Reference.Status] = []
        for word in fields[1].split(separator: "+") {
            guard let status = Reference.Status(rawValue: String(word)) else {
                let known = Reference.Status.allCases.map(\.rawValue)
                throw Diagnostic(
                    .error, "unknown status '\(word)'", at: location, sourceLine: line,
                    hint: String(word).closestMatch(in: known).map { "did you mean \($0)?" })
            }
            statuses.append(status)
        }
        guard fields[2] == "-" || fields[2].hasPrefix("https://") || fields[2].hasPrefix("http://") else {
            throw Diagnostic(.error, "the address is a URL or '-'", at: location, sourceLine: line)
        }
        return Reference(
            id: fields[0], statuses: statuses, address: fields[2] == "-" ? nil : fields[2], summary: fields[3],
            header: fields.count == 5 ? fields[4] : nil)
    }
}
