import Diagnostics

/// `--stats`: how every line of a log was read, so nothing is dropped unseen.
enum StatsReporter {
    /// - Parameter path: the file, shown escaped (`TerminalText`) so a line feed in its name
    ///   cannot start a line of its own.
    static func render(_ stats: LineStats, path: String) -> String {
        let path = TerminalText.escaped(path)
        func row(_ label: String, _ count: Int, _ note: String = "") -> String {
            let number = String(count)
            return
                "  \(label)\(String(repeating: " ", count: max(1, 23 - label.count - number.count)))\(number)\(note)\n"
        }
        var text = "\(path): \(stats.lines) lines, \(formatDescription(stats))\n"
        let kinds = stats.eventsByKind.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
        text += row("events", stats.events, kinds.isEmpty ? "" : "  (\(kinds.joined(separator: ", ")))")
        if stats.events > 0 {
            let tiers = RecognitionTier.allCases.map { "\($0.name) \(stats.events(of: $0))" }
            text += "    by tier: \(tiers.joined(separator: ", "))\n"
        }
        text += row("continuation", stats.continuations)
        text += row("chatter", stats.chatter)
        text += row("unparseable", stats.unparseable)
        if stats.headers > 0 { text += row("header", stats.headers) }
        if stats.excluded > 0 { text += row("excluded", stats.excluded, "  (other processes, system daemons)") }
        if stats.annotations > 0 { text += row("annotation", stats.annotations) }
        if stats.skippedBinary > 0 { text += row("skipped-binary", stats.skippedBinary) }
        if stats.decoration > 0 { text += row("decoration", stats.decoration, "  (Markdown fences)") }
        if !stats.profiles.isEmpty {
            let how = stats.profilesNamed ? "--profile" : "detected in the file's first MiB"
            text += "  note: read with the library profile\(stats.profiles.count == 1 ? "" : "s")"
            text += " \(stats.profiles.joined(separator: ", ")) (\(how))\n"
        }
        for example in stats.unparseableExamples {
            text += "    \(path):\(example.line): \(example.reason)\n"
        }
        if let note = UnreadableLog.lostEvents(stats) { text += "  note: \(note)\n" }
        for removed in stats.decorationRemoved where removed.lines > 0 {
            text +=
                "  note: \(removed.what) removed from \(removed.lines) lines (a paste's decoration;"
                + " the lines keep their numbers)\n"
        }
        for (format, count) in stats.recordsInOtherFormats.sorted(by: { $0.key < $1.key }) {
            text += "  note: \(count) records in another format (\(format)), read as such\n"
        }
        if stats.truncated > 0 {
            text +=
                "  note: \(stats.truncated) lines longer than \(Self.bytes(stats.lineLimit)) were cut to their first \(Self.bytes(stats.lineLimit))\n"
        }
        if stats.loneCarriageReturnLineEnds > 0 {
            text +=
                "  note: \(stats.loneCarriageReturnLineEnds) lines end with a carriage return alone"
                + " (old Mac line ends, some web copies), read as line ends\n"
        }
        let shapes = stats.unparseableShapes.top()
        if shapes.count > 1 || (shapes.first?.count ?? 0) > 1 {
            text += "  unparseable line shapes (digits as N), most common first:\n"
            for shape in shapes {
                text += "    \(shape.count)× \(shape.text)  (first at line \(shape.firstLine))\n"
            }
        }
        if stats.eventsBound + stats.eventsAmbiguous > 0 {
            text +=
                "  note: \(stats.eventsBound) events were bound to a session or task their line did not name,"
                + " \(stats.eventsAmbiguous) left unbound as ambiguous ('cbcheck trace' says why for each)\n"
        }
        if stats.echoesFolded > 0 {
            text +=
                "  note: \(stats.echoesFolded) repeated mentions of a callback (entry and exit, will and did, one per"
                + " observer) or sentences restating the line before were folded into it\n"
        }
        if stats.slicesRetired > 0 {
            text +=
                "  note: \(stats.slicesRetired) task slices owed nothing were set aside to keep memory flat"
                + " (\(stats.slicesRevived) brought back by a later message, every verdict unchanged;"
                + " \(stats.slicesForgotten) forgotten: a message naming one of those starts a new slice)\n"
        }
        if stats.taskRecordsDropped > 0 {
            text +=
                "  note: the trace let go of \(stats.taskRecordsDropped) task records past --max-open-tasks"
                + " (the oldest first): a later line of one of those tasks is bound by what it says itself\n"
        }
        if stats.lines == 0 { text += "  note: the file is empty\n" }
        if stats.missingFinalNewline { text += "  note: the last line has no newline\n" }
        return text
    }

    /// `format unified (detected at line 3)`, `format ndjson (--log-format)`, or no records.
    static func formatDescription(_ stats: LineStats) -> String {
        guard let format = stats.format else { return "no record in any known format" }
        guard let line = stats.formatDetectedAtLine else { return "format \(format) (--log-format)" }
        return "format \(format) (detected at line \(line))"
    }

    /// Slices set aside unjudged past `--max-open-tasks`, once per file: their rules said nothing.
    static func unjudgedNote(_ stats: LineStats) -> String? {
        let count = stats.slicesSetAsideUnjudged
        guard count > 0 else { return nil }
        return
            "\(count) task slice\(count == 1 ? "" : "s") still owed an event \(count == 1 ? "was" : "were") set aside"
            + " unjudged from here on: more tasks than --max-open-tasks came after them, so their rules gave no verdict"
            + " (raise the limit to judge them)"
    }

    /// The clock going backwards, once per file: where first, and what that means.
    static func clockNote(_ stats: LineStats) -> String? {
        guard let step = stats.clockWentBack else { return nil }
        let more = stats.eventsEarlierThanThePrevious - 1
        return "the clock goes back at line \(step.line) (\(step.from) then \(step.to))"
            + (more > 0 ? " and \(more) more time\(more == 1 ? "" : "s")" : "")
            + "; order is taken from the lines, and a time limit is not judged across the jump"
    }

    /// `64 MiB`, `512 KiB` or `100 bytes`.
    private static func bytes(_ count: Int) -> String {
        if count >= 1 << 20, count % (1 << 20) == 0 { return "\(count >> 20) MiB" }
        if count >= 1 << 10, count % (1 << 10) == 0 { return "\(count >> 10) KiB" }
        return "\(count) bytes"
    }
}
