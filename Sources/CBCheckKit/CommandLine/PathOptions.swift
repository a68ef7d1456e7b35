/// `--include` and `--exclude`: which files a folder given to `cbcheck check` is searched for,
/// as ruff's and Semgrep's options of those names say. They add to the `include` and `exclude`
/// lines of `.cbcheck`; a file named on the command line is always checked.
enum PathOptions {
    static let options: [CommandSpec.Option] = [
        .init(
            names: ["--include"], valueName: "<glob>",
            help:
                "Search folders for files matching this pattern instead of *.log, *.txt and *.ndjson (repeatable; '*.crash', 'device-*/**/*.log').",
            isRepeatable: true),
        .init(
            names: ["--exclude"], valueName: "<glob>",
            help:
                "Leave out the files and folders under a searched folder that match this pattern (repeatable; 'archive', '*.tmp.log', '2025/**'); stderr says what was left out.",
            isRepeatable: true),
    ]

    /// The patterns of the configuration's lines, then of the command line.
    static func filter(_ arguments: ParsedArguments, _ configuration: Configuration) -> LogInputs.Filter {
        LogInputs.Filter(
            includes: (configuration.includes.map(\.path) + arguments.all("include")).map(PathGlob.init),
            excludes: (configuration.excludes.map(\.path) + arguments.all("exclude")).map(PathGlob.init))
    }

    /// What a note on standard error says of the files and folders the excludes left out, or `nil`.
    static func leftOutNote(_ leftOut: [String]) -> String? {
        guard !leftOut.isEmpty else { return nil }
        let shown = leftOut.prefix(5).joined(separator: ", ")
        let more = leftOut.count > 5 ? " and \(leftOut.count - 5) more" : ""
        let noun = leftOut.count == 1 ? "file or folder" : "files and folders"
        return "cbcheck: note: \(leftOut.count) \(noun) left out by exclude: \(shown)\(more)\n"
    }
}
