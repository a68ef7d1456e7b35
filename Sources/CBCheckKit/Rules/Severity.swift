/// How much a finding matters; `--fail-on` compares against it.
public enum Severity: String, CaseIterable, Comparable, Codable, Sendable {
    case note, warning, error

    public static func < (lhs: Severity, rhs: Severity) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
