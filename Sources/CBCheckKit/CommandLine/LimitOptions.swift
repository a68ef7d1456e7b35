import LogReading

/// The limits that give reading a log a ceiling, `--max-input-size` and `--max-open-tasks`, for
/// `check` and `trace`: what they say in `--help`, their checks and how a checker takes them.
enum LimitOptions {
    static let options: [CommandSpec.Option] = [maxInputSize, maxOpenTasks]

    static let maxInputSize = CommandSpec.Option(
        names: ["--max-input-size"], valueName: "<size>",
        help:
            "Stop reading a log after this many bytes, with exit status 2 (an endless input such as /dev/zero or a "
            + "FIFO never closed); a number with K, M, G or T. Default: \(InputSize.text(InputSize.defaultLimit)).")

    static let maxOpenTasks = CommandSpec.Option(
        names: ["--max-open-tasks"], valueName: "<n>",
        help:
            "Keep at most this many of a log's newest tasks whole (2 to 4 KB of memory each); an older "
            + "task still owed an event is set aside unjudged, with a note. Default: "
            + "\(SliceRetirement.Limits.standard.open).")

    /// Throws for a value either option cannot take.
    static func validate(_ arguments: ParsedArguments, command: String) throws(UsageError) {
        _ = try maximumInputSize(arguments, command: command)
        _ = try openTasks(arguments, command: command)
    }

    /// Sets `checker`'s limits from `arguments` (validated before: a bad value keeps the default).
    static func apply(_ arguments: ParsedArguments, to checker: inout LogChecker) {
        checker.lineReader.maximumInputBytes =
            (try? maximumInputSize(arguments, command: "check")) ?? InputSize.defaultLimit
        checker.retention.open = (try? openTasks(arguments, command: "check")) ?? checker.retention.open
    }

    /// `--max-input-size` in bytes, the default when absent.
    /// - Throws: `UsageError` for a value that is no size.
    static func maximumInputSize(_ arguments: ParsedArguments, command: String) throws(UsageError) -> Int {
        guard let text = arguments.value("max-input-size") else { return InputSize.defaultLimit }
        guard let bytes = InputSize.bytes(text) else {
            throw UsageError(
                "The value '\(text)' is invalid for '--max-input-size <size>'; use a number of bytes with K, M, G or T",
                command: command)
        }
        return bytes
    }

    /// `--max-open-tasks`, the default when absent.
    /// - Throws: `UsageError` for a value that is not a whole number from 1 to 100,000,000.
    static func openTasks(_ arguments: ParsedArguments, command: String) throws(UsageError) -> Int {
        guard let text = arguments.value("max-open-tasks") else { return SliceRetirement.Limits.standard.open }
        guard let count = Int(text), (1...100_000_000).contains(count) else {
            throw UsageError(
                "The value '\(text)' is invalid for '--max-open-tasks <n>'; use a whole number from 1 to 100000000",
                command: command)
        }
        return count
    }
}
