/// One token of the rule language, with the place it starts for diagnostics.
struct RuleToken: Equatable {
    enum Kind: Equatable {
        /// A name: keyword, rule id, event kind, attribute (`app.handleEvents`, `CB101`, `forbid`).
        case word
        /// An integer, possibly negative (`-999`).
        case number
        /// A number with a unit (`5s`, `500ms`, `2min`); `text` holds it as written.
        case duration
        /// A string literal; `text` holds its value (escapes resolved, triple-quoted text dedented).
        case string
        /// A `/regex/` after `~` or `!~`; `text` holds the pattern.
        case regex
        /// `:` `,` `==` `!=` `<` `<=` `>` `>=` `~` `!~`
        case symbol
        case newline
        case end
    }

    var kind: Kind
    var text: String
    var line: Int
    /// 1-based byte column.
    var column: Int

    func isWord(_ word: String) -> Bool { kind == .word && text == word }
    func isSymbol(_ symbol: String) -> Bool { kind == .symbol && text == symbol }

    /// How the token reads in an error message.
    var shown: String {
        switch kind {
        case .newline: "end of line"
        case .end: "end of file"
        case .string: "a string"
        default: "'\(text)'"
        }
    }
}
