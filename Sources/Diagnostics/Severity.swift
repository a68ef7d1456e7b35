/// How much a finding or a diagnostic matters: `--fail-on` compares findings against it, and a
/// diagnostic (a rule file's mistake, a log's warning) is printed with its word.
public enum Severity: String, CaseIterable, Comparable, Codable, Sendable {
    case note, warning, error

    public static func < (lhs: Severity, rhs: Severity) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
