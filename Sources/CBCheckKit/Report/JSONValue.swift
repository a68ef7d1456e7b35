/// A JSON document built in code and printed with its keys in the order given, so reports read in
/// a sensible order (`rule` before `evidence`) and golden files stay stable; `JSONEncoder` can
/// only sort keys alphabetically.
public indirect enum JSONValue: Equatable, Sendable {
    case string(String)
    case int(Int)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.rendered() == rhs.rendered() }

    /// Pretty-printed with two-space indentation, ending with a newline.
    public func rendered() -> String {
        var text = ""
        write(to: &text, indent: "")
        return text + "\n"
    }

    /// `value` or `null`.
    static func optional(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
    static func optional(_ value: Int?) -> JSONValue { value.map(JSONValue.int) ?? .null }

    // MARK: - Private

    private func write(to text: inout String, indent: String) {
        switch self {
        case .string(let value): Self.quote(value, into: &text)
        case .int(let value): text += String(value)
        case .bool(let value): text += value ? "true" : "false"
        case .null: text += "null"
        case .array(let items):
            guard !items.isEmpty else {
                text += "[]"
                return
            }
            text += "[\n"
            for (index, item) in items.enumerated() {
                text += indent + "  "
                item.write(to: &text, indent: indent + "  ")
                text += index == items.count - 1 ? "\n" : ",\n"
            }
            text += indent + "]"
        case .object(let members):
            guard !members.isEmpty else {
                text += "{}"
                return
            }
            text += "{\n"
            for (index, (key, value)) in members.enumerated() {
                text += indent + "  "
                Self.quote(key, into: &text)
                text += ": "
                value.write(to: &text, indent: indent + "  ")
                text += index == members.count - 1 ? "\n" : ",\n"
            }
            text += indent + "}"
        }
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped (RFC 8259 §7).
    private static func quote(_ value: String, into text: inout String) {
        text += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20:
                text += "\\u" + scalar.value.hex(width: 4, uppercase: false)
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}
