import LogReading

extension RecordAssembler {
    /// Reads a line of `log show --style json`: every object finished on it becomes a record.
    /// - Returns: `false` when the line belongs to no object (it is then read as any other line).
    func readJSON(_ line: UnsafeRawBufferPointer, _ info: LineReader.LineInfo) -> Bool {
        guard json!.add(line, number: info.number) else {
            guard JSONArrayReader.isArrayPunctuation(line) else { return false }
            stats.headers += 1
            return true
        }
        let reader = json!
        for object in reader.finished {
            stats.continuations += max(0, object.lineCount - 1)
            recordOwnsLine = object.lineCount > 0
            defer { recordOwnsLine = true }
            reader.finishedBytes[object.range].withUnsafeBytes { bytes in
                var parsed = NDJSONLogFormat().parse(bytes, scratch: &scratch)
                if object.isOverlong {
                    parsed = .malformed("a JSON object longer than \(JSONArrayReader.maximumBytes) bytes")
                }
                switch parsed {
                case .record(var prefix):
                    clock.place(&prefix)
                    scratch.withUnsafeBytes { start(prefix, $0, object.recordLine) }
                    flush()
                case .malformed(let reason):
                    if recordOwnsLine { stats.addUnparseable(bytes, object.recordLine, reason) }
                case .continuation:
                    if recordOwnsLine {
                        stats.addUnparseable(bytes, object.recordLine, "a JSON value that is no object")
                    }
                }
            }
            isSkippingRecord = false
        }
        return true
    }
}
