/// What a subcommand accepts, declared once and used both to parse and to print `--help`,
/// in the manner of swift-argument-parser's `CommandConfiguration`.
public struct CommandSpec: Sendable {
    /// An `--option <value>` or a `--flag`.
    public struct Option: Sendable {
        /// Spellings, short first: `["-h", "--help"]`.
        public var names: [String]
        /// `nil` for a flag; else how the value is shown (`<severity>`).
        public var valueName: String?
        public var help: String
        public var allowedValues: [String]? = nil
        /// `allowedValues` are the values known when `--help` is written, not the only ones
        /// (`--log-format` also takes the formats a `.cbformat` file names): the command checks.
        public var allowsOtherValues = false
        public var defaultValue: String? = nil
        /// The option may be given more than once; every value is kept.
        public var isRepeatable = false

        /// The key its values are stored under: the long name without dashes.
        public var key: String { String(names.last!.drop { $0 == "-" }) }
    }

    /// A positional argument.
    public struct Argument: Sendable {
        public var name: String
        public var help: String
        public var isRepeatable = false
        public var isOptional = false
    }

    public var name: String
    public var abstract: String
    public var discussion: String? = nil
    public var arguments: [Argument] = []
    public var options: [Option] = []
    public var isDefault = false

    /// The `--help` flag every command has.
    public static let helpOption = Option(names: ["-h", "--help"], valueName: nil, help: "Show help information.")
}

/// The result of parsing a command line against a `CommandSpec`.
public struct ParsedArguments: Sendable {
    public var values: [String: [String]] = [:]
    public var flags: Set<String> = []
    public var positionals: [String] = []

    public func value(_ key: String) -> String? { values[key]?.last }
    public func all(_ key: String) -> [String] { values[key] ?? [] }
    /// Every value of a repeatable option whose values may also be comma-separated
    /// (`--require-checked CB101,CB104`, `--select`).
    public func list(_ key: String) -> [String] { all(key).flatMap { $0.split(separator: ",").map(String.init) } }
    public func flag(_ key: String) -> Bool { flags.contains(key) }
}

/// A mistake on the command line; printed with the usage line and exit status 2.
public struct UsageError: Error, Equatable, Sendable {
    public var message: String
    public var command: String

    public init(_ message: String, command: String) {
        self.message = message
        self.command = command
    }
}
