/// Escapes text for XML and HTML alike (JUnit and the HTML report), in element content and in
/// quoted attribute values.
///
/// Every log line is attacker-controlled (an app logs what a server sent it), so every string
/// that reaches a report goes through here: `<script>` or `"><img onerror=…>` in a line must show
/// as text, never become markup, and the control characters XML 1.0 cannot carry at all are shown
/// as `\xNN`.
enum MarkupText {
    static func escape(_ text: String) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&apos;"
            case "\n", "\t", "\r": output.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                output += "\\x" + scalar.value.hex(width: 2)
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}
