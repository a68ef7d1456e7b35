/// A format `cbcheck check` can write its results in (`--format`, `--report FORMAT=PATH`): one
/// small type per format, listed once in `ReporterList` (SwiftLint's `Reporter` and
/// `ReportersList`).
public protocol Reporter: Sendable {
    /// What users type after `--format` (`sarif`); stable.
    static var identifier: String { get }
    /// One line for `--help`.
    static var description: String { get }
    /// The whole report as text, ready to write to standard output or a file.
    static func generateReport(_ report: CheckReport) -> String
}

/// Every reporter, in the order `--help` lists them; the first is the default.
public enum ReporterList {
    public static let all: [any Reporter.Type] = [
        TextReporter.self, JSONReporter.self, SARIFReporter.self, JUnitReporter.self, GitHubReporter.self,
        HTMLReporter.self,
    ]

    /// The reporter named `identifier`, or `nil` for an unknown name.
    public static func reporter(for identifier: String) -> (any Reporter.Type)? {
        all.first { $0.identifier == identifier }
    }

    public static var identifiers: [String] { all.map { $0.identifier } }
}
