/// SARIF 2.1.0 as GitHub code scanning accepts it: every rule in `tool.driver.rules` with its
/// rationale as help, each finding a result on the log line (`physicalLocation`), its evidence as
/// `relatedLocations` linked from the message, and `partialFingerprints` from the finding's
/// capture-independent identity so an alert survives a re-captured log.
public enum SARIFReporter: Reporter {
    public static let identifier = "sarif"
    public static let description = "SARIF 2.1.0 for GitHub code scanning and other SARIF viewers"

    static let schemaURI = "https://json.schemastore.org/sarif-2.1.0.json"
    /// The `partialFingerprints` key; its version changes if `Finding.Identity` does.
    static let fingerprintKey = "cbcheckIdentity/v1"

    public static func generateReport(_ report: CheckReport) -> String {
        let ruleIndex = Dictionary(
            report.rules.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        let notifications = report.files.flatMap { file in
            (file.error.map { [$0] } ?? []).map { notification($0, file.path) }
                + file.problems.map { notification($0, file.path) }
                + file.notChecked.entries.map { notChecked($0, file.path, ruleIndex[$0.rule]) }
        }
        let driver: JSONValue = .object([
            ("name", .string(report.tool)),
            ("version", .string(report.version)),
            ("semanticVersion", .string(report.version)),
            ("rules", .array(report.rules.map(rule))),
        ])
        let run: JSONValue = .object([
            ("tool", .object([("driver", driver)])),
            (
                "invocations",
                .array([
                    .object([
                        ("executionSuccessful", .bool(!report.hasInputErrors)),
                        ("toolExecutionNotifications", .array(notifications)),
                    ])
                ])
            ),
            ("results", .array(report.findings.map { result($0, ruleIndex[$0.ruleID], report) })),
        ])
        return JSONValue.object([
            ("$schema", .string(schemaURI)), ("version", .string("2.1.0")), ("runs", .array([run])),
        ]).rendered()
    }

    // MARK: - Private

    private static func rule(_ rule: RuleDescription) -> JSONValue {
        let help = rule.rationale.isEmpty ? rule.summary : reflowed(rule.rationale)
        let citation = Citation(rule.source)
        let source = rule.source.isEmpty ? "" : "\n\nSource: \(rule.source)"
        let references = citation.items.compactMap(referenceLine)
        let text = references.isEmpty ? "" : "\n\n" + references.map { "- \($0.text)" }.joined(separator: "\n")
        let markdown = references.isEmpty ? "" : "\n\n" + references.map { "- \($0.markdown)" }.joined(separator: "\n")
        var fields: [(String, JSONValue)] = [
            ("id", .string(rule.id)),
            ("name", .string(rule.name)),
            ("shortDescription", .object([("text", .string(rule.summary))])),
            ("fullDescription", .object([("text", .string(help))])),
        ]
        if let address = citation.primaryAddress { fields.append(("helpUri", .string(address))) }
        fields += [
            (
                "help",
                .object([
                    ("text", .string(help + source + text)),
                    (
                        "markdown",
                        .string("**\(rule.id) \(rule.name)**: \(rule.summary)\n\n\(help)\(source)\(markdown)")
                    ),
                ])
            ),
            ("defaultConfiguration", .object([("level", .string(rule.severity.rawValue))])),
            ("properties", .object([("tags", .array([.string("cbcheck"), .string("ordering")]))])),
        ]
        return .object(fields)
    }

    /// A cited reference as a line of the rule's help, in text and in Markdown (its address a link).
    private static func referenceLine(_ item: Citation.Item) -> (text: String, markdown: String)? {
        switch item {
        case .reference(let reference, _):
            let words = "\(reference.id): \(reference.summary) (\(reference.kind))"
            guard let address = reference.address else { return (words, words) }
            return ("\(words) \(address)", "[\(reference.id)](\(address)): \(reference.summary) (\(reference.kind))")
        case .link(let address): return (address, "<\(address)>")
        case .unresolved, .text: return nil
        }
    }

    private static func result(_ finding: Finding, _ ruleIndex: Int?, _ report: CheckReport) -> JSONValue {
        let evidence = finding.evidence.sorted { $0.line < $1.line }
        let links = evidence.enumerated().map { "[line \($1.line)](\($0 + 1))" }.joined(separator: ", ")
        let pending = finding.verdict == .pending ? " (pending: the log ended before the run did)" : ""
        let text = "\(finding.summary)\(pending). \(finding.detail) (\(finding.slice)). Evidence: \(links)."
        var members: [(String, JSONValue)] = [
            ("ruleId", .string(finding.ruleID)),
            ("ruleIndex", .int(ruleIndex ?? -1)),
            ("level", .string(finding.severity.rawValue)),
            ("message", .object([("text", .string(text))])),
            ("locations", .array([location(finding.location.file, finding.location.line, finding.location.column)])),
            (
                "relatedLocations",
                .array(evidence.enumerated().map { related($1, id: $0 + 1, file: finding.location.file) })
            ),
            ("partialFingerprints", .object([(fingerprintKey, .string(finding.fingerprint))])),
            (
                "properties",
                .object([
                    ("verdict", .string(finding.verdict.rawValue)), ("slice", .string(finding.slice)),
                    ("run", .int(finding.run)),
                ])
            ),
        ]
        if report.usesBaseline { members.append(("baselineState", .string(finding.isBaselined ? "unchanged" : "new"))) }
        return .object(members)
    }

    private static func related(_ evidence: Finding.Evidence, id: Int, file: String) -> JSONValue {
        guard case .object(var members) = location(file, evidence.line, nil, snippet: evidence.text) else {
            return .null
        }
        members.insert(("id", .int(id)), at: 0)
        members.append(("message", .object([("text", .string("\(evidence.kind): \(evidence.role)"))])))
        return .object(members)
    }

    private static func location(_ file: String, _ line: Int, _ column: Int?, snippet: String = "") -> JSONValue {
        var region: [(String, JSONValue)] = [("startLine", .int(max(1, line)))]
        if let column { region.append(("startColumn", .int(column))) }
        if !snippet.isEmpty { region.append(("snippet", .object([("text", .string(snippet))]))) }
        return .object([
            (
                "physicalLocation",
                .object([
                    ("artifactLocation", .object([("uri", .string(uriReference(file)))])),
                    ("region", .object(region)),
                ])
            )
        ])
    }

    /// A rule the log did not put to work: a note tied to the rule, so a viewer lists it with it.
    private static func notChecked(_ entry: NotCheckedRules.Entry, _ path: String, _ index: Int?) -> JSONValue {
        var rule: [(String, JSONValue)] = [("id", .string(entry.rule))]
        if let index { rule.append(("index", .int(index))) }
        return .object([
            ("level", .string("note")),
            ("message", .object([("text", .string("\(entry.rule) not checked: \(entry.reason)"))])),
            ("locations", .array([location(path, 1, nil)])),
            ("associatedRule", .object(rule)),
        ])
    }

    private static func notification(_ message: String, _ path: String) -> JSONValue {
        .object([
            ("level", .string("error")),
            ("message", .object([("text", .string(message))])),
            ("locations", .array([location(path, 1, nil)])),
        ])
    }

    /// `text` with the line breaks inside each paragraph made spaces: rule files wrap their prose
    /// at 100 columns, and viewers wrap it again, so kept breaks would show as ragged lines.
    static func reflowed(_ text: String) -> String {
        text.split(separator: "\n\n", omittingEmptySubsequences: true)
            .map { $0.split(separator: "\n").joined(separator: " ") }.joined(separator: "\n\n")
    }

    /// `path` as a relative URI reference: every byte outside RFC 3986's unreserved set and `/`
    /// percent-encoded (a space in a log's name must not break the `uri-reference` format).
    static func uriReference(_ path: String) -> String {
        var text = ""
        for byte in path.utf8 {
            let scalar = Unicode.Scalar(byte)
            if byte < 0x80,
                scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                    || "-._~/".unicodeScalars.contains(scalar)
            {
                text.unicodeScalars.append(scalar)
            } else {
                text += "%" + byte.hex(width: 2)
            }
        }
        return text
    }
}
