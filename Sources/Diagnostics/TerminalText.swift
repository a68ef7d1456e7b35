/// Escapes text for a terminal or a CI log viewer: the text, trace and github output and every
/// message on standard error.
///
/// A log line, a captured identifier, a file name and a rule file's summary are all someone else's
/// text: `ESC [2J` in one would clear the screen, `ESC ]0;…BEL` retitle the window, and a line feed
/// in a file name would print a line of its own that reads like a finding. So every control
/// character is shown as `\xNN`: C0 (line feed and carriage return included), DEL, and C1
/// (U+0080–U+009F, which some terminals obey as `ESC` sequences) as its two UTF-8 bytes,
/// `\xC2\x9B`. The tab is kept: it moves the cursor, nothing more, and Console.app exports are
/// full of them. `\xNN` is what `DisplayText` writes at decode time, so a log's `ESC` reads the
/// same wherever it was caught, and the result has nothing left to escape: text escaped once is
/// never escaped twice. JSON, SARIF, JUnit and HTML have escapes of their own (`JSONValue`,
/// `MarkupText`) and never come here.
package enum TerminalText {
    /// `text` on one line: every control character but the tab escaped, line feeds included.
    package static func escaped(_ text: String) -> String {
        isPlain(text, keepingLineFeeds: false) ? text : escaping(text, keepingLineFeeds: false)
    }

    /// One line of output made of pieces that may hold anything: `escaped(text)` and a line feed.
    /// What a line naming a file or quoting a log is built with, so no piece can end it early.
    package static func line(_ text: String) -> String { escaped(text) + "\n" }

    /// Text already laid out in lines: the line feeds kept, everything else as `escaped`. What
    /// `Console` does to all it writes, so no command can print a raw control byte.
    package static func lines(_ text: String) -> String {
        isPlain(text, keepingLineFeeds: true) ? text : escaping(text, keepingLineFeeds: true)
    }

    // MARK: - Private

    /// Whether no byte of `text` needs a look: nearly all output. `0xC2` leads both C1 controls and
    /// harmless characters (`§`, a no-break space); the careful pass tells them apart.
    private static func isPlain(_ text: String, keepingLineFeeds: Bool) -> Bool {
        !text.utf8.contains { byte in
            byte < 0x20 && byte != 0x09 && (byte != 0x0A || !keepingLineFeeds) || byte == 0x7F || byte == 0xC2
        }
    }

    private static func escaping(_ text: String, keepingLineFeeds: Bool) -> String {
        var output = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let value = scalar.value
            switch value {
            case 0x09: output.append(scalar)
            case 0x0A where keepingLineFeeds: output.append(scalar)
            case 0x00..<0x20, 0x7F: output.append(contentsOf: "\\x\(value.hex(width: 2))".unicodeScalars)
            case 0x80...0x9F: output.append(contentsOf: "\\xC2\\x\(value.hex(width: 2))".unicodeScalars)
            default: output.append(scalar)
            }
        }
        return String(output)
    }
}
