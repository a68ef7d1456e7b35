import LogReading

extension RecordAssembler {
    /// Takes `decoration` off every line added from now on: the file's first block decided it
    /// (`PasteDecoration.detect(in:isWhole:)`) before its first line was read. `nil` reads the lines
    /// as they are, on the usual path, which then pays one test of a flag per line.
    func decorate(with decoration: PasteDecoration?) {
        self.decoration = decoration
        isDecorated = decoration != nil
        decorationCarried = Array(repeating: 0, count: decoration?.layers.count ?? 0)
    }

    /// Reads a line of a decorated file: what is left once the decoration is off, the bytes taken
    /// off in `lineColumnShift`. Fixture annotations (`#!`) are never decorated.
    @inline(never)
    func addDecorated(_ line: UnsafeRawBufferPointer, _ info: LineReader.LineInfo) {
        if line.count >= 2, line[0] == 0x23, line[1] == 0x21 {
            lineColumnShift = 0
            read(line, info)
            return
        }
        let (rest, removed) = decoration!.strip(line, counting: &decorationCarried)
        lineColumnShift = removed
        read(rest, info)
    }

    /// A line that opens an inline code span (`` `2021-11-25 14:41:34.367850+0000 Driver[3314:522530] … ``,
    /// a paste wrapped in single backticks): the backtick is decoration, the rest is the log's line,
    /// read with its columns one further on. Only the opening is taken off: a backtick closing the
    /// span at a line's end changes no event.
    func readInlineCode(_ line: UnsafeRawBufferPointer, _ info: LineReader.LineInfo) {
        inlineCodeOpenings += 1
        let shift = lineColumnShift
        lineColumnShift = shift + 1
        read(UnsafeRawBufferPointer(rebasing: line[1...]), info)
        lineColumnShift = shift
    }
}
