/// What a log pasted into an issue, a chat or an editor carries before each line that no log tool
/// wrote: a Markdown indented block's indentation, `> ` quote marks, a list's `- `, `* ` or a
/// table's `| `, the line numbers an editor shows. Decided once per file from its first lines
/// (`detect(in:isWhole:)`) and then taken off every line that carries it, so the formats see the
/// lines their tools printed and a finding still points at the file's own line (and column).
///
/// Fence lines (```` ``` ````, `~~~`) need no decision: no format's line looks like one, so the
/// assembler counts them as decoration wherever they stand (`isFence`).
package struct PasteDecoration: Sendable, Equatable {
    /// One kind of decoration, taken off in the order the layers are listed (outermost first).
    package enum Layer: Sendable, Equatable {
        /// The same leading white space on (nearly) every line: a Markdown indented code block,
        /// a code block inside a list item.
        case indentation([UInt8])
        /// `>` quote marks, each with the one space after it, nested to any depth; `>` alone is a
        /// blank quoted line.
        case quote
        /// A list's `- ` or `* `, or a table's `| `.
        case marker(UInt8)
        /// A line number and its separator, as editors and pastes show them: `12 `, `12: `, `12| `,
        /// `  12 | `, `12⇥`; a number alone is a numbered blank line.
        case lineNumbers

        /// What `--stats` calls it: `indentation of 4 spaces`, `quote marks '> '`.
        package var description: String {
            switch self {
            case .indentation(let prefix):
                let spaces = prefix.filter { $0 == 0x20 }.count
                let tabs = prefix.count - spaces
                var parts: [String] = []
                if tabs > 0 { parts.append(tabs == 1 ? "a tab" : "\(tabs) tabs") }
                if spaces > 0 { parts.append(spaces == 1 ? "a space" : "\(spaces) spaces") }
                return "indentation of " + parts.joined(separator: " and ")
            case .quote: return "quote marks '> '"
            case .marker(let byte):
                return "\(byte == 0x7C ? "table" : "list") marker '\(Character(Unicode.Scalar(byte))) '"
            case .lineNumbers: return "pasted line numbers"
            }
        }

        /// How many leading bytes of `line` are this layer, or `nil` when the line does not carry it.
        func width(in line: UnsafeRawBufferPointer) -> Int? {
            switch self {
            case .indentation(let prefix):
                return line.count >= prefix.count && line.starts(with: prefix) ? prefix.count : nil
            case .quote: return Self.quoteWidth(line)
            case .marker(let byte):
                guard let first = line.first, first == byte else { return nil }
                if line.count == 1 { return 1 }
                return line[1] == 0x20 ? 2 : nil
            case .lineNumbers: return Self.lineNumber(line)?.width
            }
        }

        /// `>` with the space after it, repeated (`> > `, `>> `), after at most three spaces.
        static func quoteWidth(_ line: UnsafeRawBufferPointer) -> Int? {
            var index = 0
            while index < 3, index < line.count, line[index] == 0x20 { index += 1 }
            guard index < line.count, line[index] == 0x3E else { return nil }
            while index < line.count, line[index] == 0x3E {
                index += 1
                if index < line.count, line[index] == 0x20 { index += 1 }
            }
            return index
        }

        /// The number at the line's start (after spaces) and how many bytes it and its separator
        /// take: digits, then `:` or `|` (and a space or tab after), or a space or tab (and a `:` or
        /// `|` with its space after that), or the line's end. Only one space goes with the
        /// separator: the rest is the log's own (a dump's indentation).
        static func lineNumber(_ line: UnsafeRawBufferPointer) -> (number: Int, width: Int)? {
            var index = 0
            while index < line.count, line[index] == 0x20 { index += 1 }
            var number = 0
            let digitsStart = index
            while index < line.count, ByteCursor.isDigit(line[index]), index - digitsStart < 9 {
                number = number * 10 + Int(line[index] - 0x30)
                index += 1
            }
            guard index > digitsStart else { return nil }
            func skipBlank() { if index < line.count, line[index] == 0x20 || line[index] == 0x09 { index += 1 } }
            func skipSeparator() -> Bool {
                guard index < line.count, line[index] == 0x3A || line[index] == 0x7C else { return false }
                index += 1
                skipBlank()
                return true
            }
            if index == line.count { return (number, index) }
            if skipSeparator() { return (number, index) }
            guard line[index] == 0x20 || line[index] == 0x09 else { return nil }
            index += 1
            _ = skipSeparator()
            return (number, index)
        }
    }

    /// The layers, outermost first.
    package var layers: [Layer]

    /// Takes the layers off `line`, counting in `carried` (one count per layer) the lines that
    /// carried each.
    /// - Returns: what is left, and how many bytes were taken off.
    package func strip(_ line: UnsafeRawBufferPointer, counting carried: inout [Int]) -> (UnsafeRawBufferPointer, Int) {
        var rest = line
        var removed = 0
        for index in layers.indices {
            guard let width = layers[index].width(in: rest) else { continue }
            carried[index] += 1
            removed += width
            rest = UnsafeRawBufferPointer(rebasing: rest[width...])
        }
        return (rest, removed)
    }

    /// Whether `line` is a Markdown fence: three or more backticks or tildes, then at most an
    /// info string of one word (```` ```swift ````, `~~~ log`). No log format's line starts so.
    package static func isFence(_ line: UnsafeRawBufferPointer) -> Bool {
        guard let first = line.first, first == 0x60 || first == 0x7E else { return false }
        var index = 0
        while index < line.count, line[index] == first { index += 1 }
        guard index >= 3 else { return false }
        while index < line.count, line[index] == 0x20 { index += 1 }
        while index < line.count, isInfoByte(line[index]) { index += 1 }
        while index < line.count, line[index] == 0x20 || line[index] == 0x09 { index += 1 }
        return index == line.count
    }

    // MARK: - Private

    /// Letters, digits and `-_+.#`: what a fence's language names are made of.
    private static func isInfoByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D, 0x5F, 0x2B, 0x2E, 0x23: true
        default: false
        }
    }
}
