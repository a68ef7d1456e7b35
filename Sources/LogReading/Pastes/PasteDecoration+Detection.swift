extension PasteDecoration {
    /// The decoration the first lines of a file carry, decided once per file as its format is:
    /// from the line reader's first block.
    ///
    /// Each layer is tried in turn on the lines the layers before it left (indentation, quote
    /// marks, the indentation of a code block inside a quote, a list or table marker, line
    /// numbers), over the lines that are neither blank, fences nor fixture annotations (`#!`
    /// lines are never decorated). A layer is kept when more than half of those lines carry it,
    /// taking it off turns no line some format reads (a record, a tool's header) into one none
    /// reads, and either
    /// - every line carries it,
    /// - at least half the lines that carry it become lines a format reads (a paste whose first
    ///   line lost its indentation), or
    /// - nine lines in ten carry it and it is no indentation (quote marks that Markdown's lazy
    ///   continuation left off a line).
    /// So an NSError dump indented under its record keeps its indentation: its record does not
    /// carry it, and its lines read as no record either way. Line numbers must also count up by
    /// one from line to line (nine steps in ten), unless they turn lines into records.
    /// - Parameter isWhole: the block is the whole file (its last line is not cut).
    /// - Returns: `nil` when the lines carry no decoration: the assembler then reads every line
    ///   as it is, on its usual path.
    package static func detect(in block: UnsafeRawBufferPointer, isWhole: Bool) -> PasteDecoration? {
        var lines = sampleLines(block, isWhole: isWhole)
        var layers: [Layer] = []
        var scratch: [UInt8] = []
        for kind in 0..<5 {
            let active = lines.filter { !isBlank($0) && !isFence($0) }
            guard !active.isEmpty else { break }
            let candidate: Layer?
            switch kind {
            // Right-aligned line numbers (`  9 | `, ` 10 | `) begin with spaces the numbers' layer takes.
            case 0: candidate = isKept(.lineNumbers, active, scratch: &scratch) ? nil : commonIndentation(active)
            case 1: candidate = .quote
            case 2: candidate = layers.last == .quote ? commonIndentation(active) : nil
            case 3: candidate = active[0].first.flatMap { [0x2D, 0x2A, 0x7C].contains($0) ? .marker($0) : nil }
            default: candidate = .lineNumbers
            }
            guard let layer = candidate, isKept(layer, active, scratch: &scratch) else { continue }
            layers.append(layer)
            lines = lines.map { line in
                layer.width(in: line).map { UnsafeRawBufferPointer(rebasing: line[$0...]) } ?? line
            }
        }
        return layers.isEmpty ? nil : PasteDecoration(layers: layers)
    }

    // MARK: - Private

    /// The block's lines (ended by `\n`, `\r\n` or a lone `\r`), without the last when it may be
    /// cut and without fixture annotations.
    private static func sampleLines(_ block: UnsafeRawBufferPointer, isWhole: Bool) -> [UnsafeRawBufferPointer] {
        var lines: [UnsafeRawBufferPointer] = []
        var start = 0
        var index = 0
        while index < block.count {
            let byte = block[index]
            if byte == 0x0A || byte == 0x0D {
                lines.append(UnsafeRawBufferPointer(rebasing: block[start..<index]))
                if byte == 0x0D, index + 1 < block.count, block[index + 1] == 0x0A { index += 1 }
                start = index + 1
            }
            index += 1
        }
        if isWhole, start < block.count { lines.append(UnsafeRawBufferPointer(rebasing: block[start...])) }
        return lines.filter { !($0.count >= 2 && $0[0] == 0x23 && $0[1] == 0x21) }
    }

    private static func isBlank(_ line: UnsafeRawBufferPointer) -> Bool {
        line.allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }

    /// The white space that begins every indented line, if it begins more than half of `lines`.
    private static func commonIndentation(_ lines: [UnsafeRawBufferPointer]) -> Layer? {
        var common: [UInt8]?
        var indented = 0
        for line in lines {
            let run = line.prefix { $0 == 0x20 || $0 == 0x09 }
            guard !run.isEmpty else { continue }
            indented += 1
            guard let known = common else {
                common = Array(run)
                continue
            }
            common = Array(zip(known, run).prefix { $0.0 == $0.1 }.map(\.0))
        }
        guard let common, !common.isEmpty, indented * 2 > lines.count else { return nil }
        return .indentation(common)
    }

    /// Whether `layer` is the decoration of `lines` (the rules in `detect(in:isWhole:)`).
    private static func isKept(_ layer: Layer, _ lines: [UnsafeRawBufferPointer], scratch: inout [UInt8]) -> Bool {
        let widths = lines.map { layer.width(in: $0) }
        let carried = widths.filter { $0 != nil }.count
        guard carried * 2 > lines.count else { return false }
        let stripped = zip(lines, widths).map { line, width in
            width.map { UnsafeRawBufferPointer(rebasing: line[$0...]) } ?? line
        }
        let before = readable(lines, scratch: &scratch)
        let after = readable(stripped, scratch: &scratch)
        guard after >= before else { return false }
        let gained = after - before
        if case .lineNumbers = layer, gained == 0, !countsUp(lines) { return false }
        if carried == lines.count || gained * 2 >= carried { return true }
        if case .indentation = layer { return false }
        return carried * 10 >= lines.count * 9
    }

    /// How many of `lines` some format reads: a record, a log tool's header, a JSON array's start.
    private static func readable(_ lines: [UnsafeRawBufferPointer], scratch: inout [UInt8]) -> Int {
        lines.filter { line in
            LogHeader.isHeader(line) || JSONArrayReader.opensArray(line)
                || LogFormats.reading(line, except: nil, scratch: &scratch) != nil
        }.count
    }

    /// Whether the numbers at the lines' starts go up by one from each numbered line to the next,
    /// in nine steps of ten, over at least two steps.
    private static func countsUp(_ lines: [UnsafeRawBufferPointer]) -> Bool {
        let numbers = lines.compactMap { Layer.lineNumber($0)?.number }
        guard numbers.count >= 3 else { return false }
        let steps = zip(numbers, numbers.dropFirst()).filter { $0.1 == $0.0 + 1 }.count
        return steps * 10 >= (numbers.count - 1) * 9
    }
}
