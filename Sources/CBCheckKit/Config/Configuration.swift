import Diagnostics

/// A project's settings for cbcheck, read from a `.cbcheck` file (docs/config.md): which rules
/// run and how severe they are, what fails the check, and the project's own rule files and event
/// maps. Command-line options add to it or override it.
public struct Configuration: Sendable, Equatable {
    /// What one `enable`, `disable` or `severity` line does to a rule.
    public enum Action: Sendable, Equatable {
        case enable
        /// `reason` is the quoted text after the id: why the project turned the rule off.
        case disable(reason: String?)
        case severity(Severity)
    }

    /// One rule line, kept with its place so an unknown id points at it.
    public struct RuleSetting: Sendable, Equatable {
        /// A rule id as written, or `all`.
        public var rule: String
        public var action: Action
        /// Where the id is written.
        public var location: SourceLocation
        public var sourceLine: String
    }

    /// A path written in the file, relative to the file's folder, with its place.
    public struct PathSetting: Sendable, Equatable {
        public var path: String
        public var location: SourceLocation
        public var sourceLine: String
    }

    /// The word that stands for every rule in `enable all` / `disable all`.
    public static let allRules = "all"

    /// The file the settings came from; `nil` when there is none (`--no-config`, or none found).
    public var file: String?
    public var failOn: FailPolicy.Level?
    /// `rules PATH` lines: `.cbrules` files or folders added to the built-in rules.
    public var rulePaths: [PathSetting] = []
    /// `events PATH` lines: event maps tried before the built-in one.
    public var eventPaths: [PathSetting] = []
    /// `line-line-formats PATH` lines: `.cbformat` files (or folders of them) of the project's own line formats.
    public var lineFormatPaths: [PathSetting] = []
    /// `include GLOB` lines: a folder given to check is searched for these files only (the log
    /// endings when none).
    public var includes: [PathSetting] = []
    /// `exclude GLOB` lines: files and folders a folder's search leaves out.
    public var excludes: [PathSetting] = []
    /// In file order: a later line about the same rule wins.
    public var ruleSettings: [RuleSetting] = []

    public init(file: String? = nil) { self.file = file }

    /// A rule the settings turned off, and why.
    public struct DisabledRule: Sendable, Equatable {
        public var id: String
        public var reason: String?
        public var location: SourceLocation
    }

    /// Turns rules off and changes severities in `library`, line by line.
    /// - Returns: the rules turned off, in catalog order, with the line that did it.
    /// - Throws: a `Diagnostic` at the id for a rule the library does not have.
    public func apply(to library: inout RuleLibrary) throws(Diagnostic) -> [DisabledRule] {
        let ids = library.rules.map(\.description.id)
        var disabled: [String: DisabledRule] = [:]
        for setting in ruleSettings {
            let matching: [String]
            if setting.rule == Self.allRules {
                matching = ids
            } else if let id = ids.first(where: { $0.uppercased() == setting.rule.uppercased() }) {
                matching = [id]
            } else {
                throw Diagnostic(
                    .error, "unknown rule id '\(setting.rule)'", at: setting.location, sourceLine: setting.sourceLine,
                    hint: setting.rule.uppercased().didYouMean(in: ids) ?? "'cbcheck rules' lists the rule ids")
            }
            for id in matching {
                switch setting.action {
                case .enable:
                    disabled[id] = nil
                case .disable(let reason):
                    disabled[id] = DisabledRule(id: id, reason: reason, location: setting.location)
                case .severity(let severity):
                    let index = library.rules.firstIndex { $0.description.id == id }!
                    library.rules[index].description.severity = severity
                }
            }
        }
        library.rules.removeAll { disabled[$0.description.id] != nil }
        return ids.compactMap { disabled[$0] }
    }

    /// `path` as seen from the working directory: relative paths in the file are relative to its folder.
    public func resolve(_ path: String) -> String {
        guard !path.hasPrefix("/"), let file, let slash = file.lastIndex(of: "/") else { return path }
        return String(file[...slash]) + path
    }
}
