import LogReading

/// The warning for a log cbcheck could mostly not read: without it such a file passed with "no
/// findings" and exit status 0, as if its app had kept every documented order (issue 17: pastes
/// in shapes no format reads). Printed on standard error whatever `--stats` says; it fails
/// nothing (`--max-unrecognized` does).
///
/// A pure function of the line statistics, so the same file always gets the same words: the
/// cause is read from the most common shape of the unreadable lines (ties: the earliest).
enum UnreadableLog {
    /// The warning's text for a log with these statistics (after `path: warning: `), or `nil` when
    /// the log had an event, or when at most half of its non-blank lines could not be read.
    static func warning(_ stats: LineStats) -> String? {
        let unreadable = stats.unparseable - stats.unparseableBlank
        let lines = stats.lines - stats.annotations - stats.decoration - stats.unparseableBlank
        guard stats.events == 0, lines > 0, unreadable * 2 > lines, let shape = stats.unparseableShapes.top(1).first
        else { return nil }
        return "\(unreadable) of \(lines) lines could not be read and no event was found; most are like line "
            + "\(shape.firstLine) ('\(shape.text)'), \(cause(of: shape, stats))"
    }

    /// What is said of callbacks named on lines that could not be read: their events are not in
    /// the trace, so a rule may pass or fail for want of them. `nil` when there were none.
    static func lostEvents(_ stats: LineStats) -> String? {
        guard let first = stats.firstUnparseableEvent else { return nil }
        let others = stats.unparseableEvents - 1
        let more = others == 0 ? "" : " (and \(others) more such line\(others == 1 ? "" : "s"))"
        return "line \(first.line) names \(first.kind) but could not be read (\(first.reason))\(more):"
            + " its event is not in the trace"
    }

    // MARK: - Private

    /// What is likely wrong with lines of `shape`, and what to do.
    private static func cause(of shape: LineShapes.Shape, _ stats: LineStats) -> String {
        guard shape.reason == LineStats.noRecordBefore else {
            return "which starts like a record but breaks off (\(shape.reason)): check the capture against "
                + "docs/log-formats.md, or try --log-format plain to read its lines in order only"
        }
        if let first = shape.text.utf8.first, first == 0x20 || first == 0x09 {
            return "which starts with white space, as a record's continuation does, with no record before it: "
                + "the lines look indented by different amounts, and only indentation common to nearly every "
                + "line is taken off; remove it (sed 's/^[[:space:]]*//')"
        }
        if let format = stats.format, format != PlainLogFormat.identifier {
            let line = stats.formatDetectedAtLine.map { " (line \($0))" } ?? ""
            return "which has no \(format) prefix and stands before the first \(format) record\(line); "
                + "if the file is Xcode's print output, try --log-format plain"
        }
        return "which no format cbcheck knows reads: docs/log-formats.md lists them, and --stats the lines' shapes"
    }
}
