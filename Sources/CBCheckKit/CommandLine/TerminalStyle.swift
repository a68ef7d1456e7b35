import Diagnostics
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Chooses the text report's style for standard output, as ripgrep and the compilers do: colour
/// when it is a terminal (`--color auto`) unless `NO_COLOR` is set or `TERM` is `dumb`, or when
/// `FORCE_COLOR` is set; evidence cut to the terminal's width there, and whole lines when piped
/// or written to a file, so a CI log loses nothing.
enum TerminalStyle {
    static let options: [CommandSpec.Option] = [
        .init(
            names: ["--color"], valueName: "<when>",
            help:
                "Colour the findings on standard output: 'auto' when it is a terminal and NO_COLOR is not set "
                + "(FORCE_COLOR turns it on), 'always', or 'never'.",
            allowedValues: ["auto", "always", "never"], defaultValue: "auto"),
        .init(
            names: ["--evidence-width"], valueName: "<columns>",
            help:
                "Cut the log lines shown as evidence to this many characters; 0 shows them whole. Default: the "
                + "terminal's width on a terminal, whole lines otherwise."),
    ]

    /// `--evidence-width`: a whole number of at least 0.
    static func validate(_ arguments: ParsedArguments, command: String) throws(UsageError) {
        if let text = arguments.value("evidence-width"), Int(text).map({ $0 >= 0 }) != true {
            throw UsageError(
                "The value '\(text)' is invalid for '--evidence-width <columns>'; use a whole number (0: whole lines)",
                command: command)
        }
    }

    /// The style for standard output, from the options, the environment and descriptor 1.
    static func forStandardOutput(
        _ arguments: ParsedArguments, environment: [String: String] = ProcessInfo.processInfo.environment,
        isTerminal: Bool = isatty(1) == 1, columns: Int? = terminalColumns()
    ) -> TextStyle {
        let colors: Bool
        switch arguments.value("color") ?? "auto" {
        case "always": colors = true
        case "never": colors = false
        default:
            let forced = environment["FORCE_COLOR"].map { !$0.isEmpty && $0 != "0" } ?? false
            let refused = !(environment["NO_COLOR"] ?? "").isEmpty || environment["TERM"] == "dumb"
            colors = forced || (isTerminal && !refused)
        }
        var width: Int?
        if let text = arguments.value("evidence-width"), let given = Int(text) {
            width = given == 0 ? nil : given
        } else if isTerminal {
            // The excerpt is indented 8 columns; a terminal narrower than 48 still gets 40.
            let columns = columns ?? environment["COLUMNS"].flatMap { Int($0) } ?? 100
            width = max(40, columns - 8)
        }
        return TextStyle(colors: colors, excerptWidth: width)
    }

    /// The width of the terminal on standard output, if it is one and says.
    static func terminalColumns() -> Int? {
        var size = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
