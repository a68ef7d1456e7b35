/// How the text report is drawn: with colour or without, and whether a log line shown as evidence
/// is cut to fit a terminal. Reports written to files, JUnit's copy of a finding and anything
/// piped are `plain`: whole lines, no escape sequences, so nothing a reader needs is cut off.
public struct TextStyle: Equatable, Sendable {
    /// Whether severities, locations and rule ids are drawn in colour (SGR escape sequences).
    public var colors: Bool
    /// The widest a log line shown as evidence may be, in characters, or nil for whole lines.
    public var excerptWidth: Int?

    public static let plain = TextStyle(colors: false, excerptWidth: nil)

    public init(colors: Bool, excerptWidth: Int?) {
        self.colors = colors
        self.excerptWidth = excerptWidth
    }

    /// `text` in bold.
    func bold(_ text: String) -> String { sgr("1", text) }

    /// `text` dimmed, for the lines that say where evidence is.
    func dim(_ text: String) -> String { sgr("2", text) }

    /// `error:`, `warning:` or `note:` in the colour compilers give it: red, yellow, cyan.
    func severityLabel(_ word: String) -> String {
        switch word {
        case "error": sgr("1;31", word + ":")
        case "warning": sgr("1;33", word + ":")
        default: sgr("1;36", word + ":")
        }
    }

    /// `text` cut to `excerptWidth`, the cut marked with an ellipsis.
    func excerpt(_ text: String) -> String {
        guard let width = excerptWidth, text.count > width else { return text }
        return String(text.prefix(max(1, width - 1))) + "…"
    }

    private func sgr(_ code: String, _ text: String) -> String {
        colors ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
