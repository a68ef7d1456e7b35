import LogReading

/// How every line of one log was read. The categories add up to `lines`: nothing is dropped
/// without being counted.
public struct LineStats: Sendable, Equatable {
    public var lines = 0
    /// First lines of records recognized as one or more events.
    public var events = 0
    /// Lines without a prefix that continue the record before them.
    public var continuations = 0
    /// First lines of records that are no callback the event map knows.
    public var chatter = 0
    /// Lines that start like a record but break off, or stand before any record.
    public var unparseable = 0
    /// Fixture annotation lines (`#! expect CB101`), invisible to the checks.
    public var annotations = 0
    /// What the log tools print around the events (`Filtering the log data using …`, column
    /// headers, `--------`, closing counts).
    public var headers = 0
    /// First lines of records left out: another process than `--process`, or a system daemon
    /// (`nsurlsessiond`) whose line reads like a callback but is none of the app's.
    public var excluded = 0
    /// Lines of a file skipped because it is not a text log (binary, compressed, UTF-16).
    public var skippedBinary = 0
    /// Lines that are a paste's decoration only: Markdown fences (```` ``` ````, `~~~`).
    public var decoration = 0
    /// What a paste put before the lines and was taken off (`PasteDecoration`), with how many lines
    /// carried each: `indentation of 4 spaces` on 40 lines. Empty when the file carries none.
    public var decorationRemoved: [(what: String, lines: Int)] = []
    /// Lines ended by a carriage return that no newline follows (old Mac line ends, some web copies).
    public var loneCarriageReturnLineEnds = 0
    /// Events whose time stamp is earlier than the event before them (a clock change, merged
    /// captures): order comes from the lines, and durations across the jump are not judged.
    public var eventsEarlierThanThePrevious = 0
    /// The first of those: its line, and the clock before and at it as the log wrote them.
    public var clockWentBack: (line: Int, from: String, to: String)?
    /// Events that carried a time stamp, and a thread: when none did, rules that need them are
    /// not checkable (`UncheckableRules`).
    public var eventsWithTime = 0
    public var eventsWithThread = 0
    /// The most common shapes of the unparseable lines.
    public var unparseableShapes = LineShapes()
    /// Completed task slices set aside to keep memory flat (`SliceRetirement`), those a later
    /// message brought back, and those dropped for good (a later message starts a new slice).
    public var slicesRetired = 0
    /// Repeated mentions of one callback folded into the call (entry and exit, will and did).
    public var echoesFolded = 0
    /// Events bound by inference to a session or task their line did not name (`BindingNote`),
    /// and events left unbound because several sessions or tasks could be meant.
    public var eventsBound = 0
    public var eventsAmbiguous = 0
    public var slicesRevived = 0
    public var slicesForgotten = 0
    /// Task slices still owed an event set aside unjudged because more tasks than
    /// `--max-open-tasks` were open after them, and the line where the first was; the task
    /// records the trace builder let go of for the same reason.
    public var slicesSetAsideUnjudged = 0
    public var firstSliceSetAsideUnjudged: Int?
    public var taskRecordsDropped = 0
    /// The line length above which lines are cut, in bytes.
    public var lineLimit = 64 << 20
    /// Lines cut to the maximum line length (counted in their category too).
    public var truncated = 0
    /// Continuation lines beyond the per-record limit kept for matching (counted as continuations).
    public var continuationsNotMatched = 0
    public var missingFinalNewline = false
    /// Events recognized, by kind name.
    public var eventsByKind: [String: Int] {
        Dictionary(
            uniqueKeysWithValues: eventCounts.indices.filter { eventCounts[$0] > 0 }.map {
                (EventKind.all[$0].name, eventCounts[$0])
            })
    }
    /// The same counts by `EventKind.index`: an event is counted without hashing its kind's name.
    private var eventCounts: [Int] = []

    /// Unparseable lines that are empty or white space only (a blank line before any record).
    public var unparseableBlank = 0

    /// Why a line is unparseable when no format reads it and no record stands before it.
    static let noRecordBefore = "no record prefix, and no record before it to continue"

    /// Counts a line no format reads, keeping the first few reasons and its shape; `names` is the
    /// event kind its text names, if any (`unparseableEvents`).
    mutating func addUnparseable(
        _ line: UnsafeRawBufferPointer, _ number: Int, _ reason: String, names kind: EventKind? = nil
    ) {
        unparseable += 1
        if let kind {
            unparseableEvents += 1
            if firstUnparseableEvent == nil { firstUnparseableEvent = (number, kind.name, reason) }
        }
        if unparseableExamples.count < 5 { unparseableExamples.append((number, reason)) }
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
            unparseableBlank += 1
            return
        }
        unparseableShapes.add(line, number: number, reason: reason)
    }

    /// How many events of `kind` were recognized.
    public func events(of kind: EventKind) -> Int { eventCounts.isEmpty ? 0 : eventCounts[kind.index] }

    /// Events recognized by phrasings of each tier (`RecognitionTier`), by its raw value.
    public var eventsByTier: [Int] = Array(repeating: 0, count: RecognitionTier.allCases.count)

    /// How many events phrasings of `tier` recognized.
    public func events(of tier: RecognitionTier) -> Int { eventsByTier[Int(tier.rawValue)] }

    /// Counts one event of `kind`, recognized by a phrasing of `tier`.
    mutating func countEvent(_ kind: EventKind, _ tier: RecognitionTier) {
        if eventCounts.isEmpty { eventCounts = Array(repeating: 0, count: EventKind.all.count) }
        eventCounts[kind.index] += 1
        eventsByTier[Int(tier.rawValue)] += 1
    }
    /// Unparseable lines whose text names a callback the event map knows: events that are not in
    /// the trace because their line could not be read (a date that is no day, a prefix that breaks
    /// off). Counted so that no event is lost without a word; the first is kept to name.
    public var unparseableEvents = 0
    public var firstUnparseableEvent: (line: Int, kind: String, reason: String)?
    /// The first few unparseable lines with the reason, to show with `--stats`.
    public var unparseableExamples: [(line: Int, reason: String)] = []
    /// The library profiles the file was read with (`LibraryProfile`), and whether `--profile`
    /// named them (rather than the file's first part showing them).
    public var profiles: [String] = []
    public var profilesNamed = false
    /// The format the file was read in (`LogFormat.identifier`), `nil` before any record.
    public var format: String?
    /// The line the format was detected on; `nil` when `--log-format` forced it.
    public var formatDetectedAtLine: Int?
    /// Records read in another format than the file's (two captures pasted together), by format.
    public var recordsInOtherFormats: [String: Int] = [:]

    public var accountedFor: Int {
        events + continuations + chatter + unparseable + annotations + headers + excluded + skippedBinary + decoration
    }

    public static func == (lhs: LineStats, rhs: LineStats) -> Bool {
        (lhs.lines, lhs.events, lhs.continuations, lhs.chatter, lhs.unparseable, lhs.annotations)
            == (rhs.lines, rhs.events, rhs.continuations, rhs.chatter, rhs.unparseable, rhs.annotations)
            && (lhs.headers, lhs.excluded, lhs.skippedBinary, lhs.decoration)
                == (rhs.headers, rhs.excluded, rhs.skippedBinary, rhs.decoration)
            && lhs.eventsByKind == rhs.eventsByKind
    }
}
