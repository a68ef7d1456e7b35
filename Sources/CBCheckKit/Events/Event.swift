/// One recognized callback, app action or run boundary, with the attributes read from its line
/// and the context the trace builder adds (run, main thread, app state).
///
/// A value type whose fields live in one shared, copy-on-write box: monitors, slice trees and
/// reports keep many copies of an event, and a copy then costs one reference, not a dozen (the
/// slices of a run with 20 000 tasks held 300 MB of inline event copies before).
public struct Event: Sendable {
    private final class Storage: @unchecked Sendable {
        var kind: EventKind
        var attributes: AttributeValues
        var inferred: AttributeSet
        var line: Int
        var column: Int
        var time: Timestamp?
        var process: String?
        var pid: Int?
        var thread: String?
        var text: String
        var phrasing: String?
        var isOnMainThread: Bool?
        var appState: AppState
        var sequence: Int
        var run = 0
        var runKey = "0"

        init(
            kind: EventKind, attributes: AttributeValues, line: Int, column: Int, time: Timestamp?,
            process: String?, pid: Int?, thread: String?, text: String, phrasing: String?
        ) {
            self.kind = kind
            self.attributes = attributes
            self.inferred = []
            self.line = line
            self.column = column
            self.time = time
            self.process = process
            self.pid = pid
            self.thread = thread
            self.text = text
            self.phrasing = phrasing
            self.isOnMainThread = nil
            self.appState = .unknown
            self.sequence = 0
        }

        func copy() -> Storage {
            let copy = Storage(
                kind: kind, attributes: attributes, line: line, column: column, time: time, process: process, pid: pid,
                thread: thread, text: text, phrasing: phrasing)
            copy.inferred = inferred
            copy.isOnMainThread = isOnMainThread
            copy.appState = appState
            copy.sequence = sequence
            copy.run = run
            copy.runKey = runKey
            return copy
        }
    }

    private var storage: Storage

    /// The box, unshared before a change (copy on write).
    private var unique: Storage {
        mutating get {
            if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
            return storage
        }
    }

    public var kind: EventKind {
        get { storage.kind }
        set { unique.kind = newValue }
    }
    /// Values read from the log. A missing attribute is unknown: no condition on it ever holds.
    public var attributes: AttributeValues {
        get { storage.attributes }
        set { unique.attributes = newValue }
        _modify {
            let box = unique
            yield &box.attributes
        }
    }
    /// Attributes the trace builder filled in from context rather than read from the line.
    public var inferred: AttributeSet {
        get { storage.inferred }
        set { unique.inferred = newValue }
        _modify {
            let box = unique
            yield &box.inferred
        }
    }
    /// 1-based line of the record that produced the event.
    public var line: Int {
        get { storage.line }
        set { unique.line = newValue }
    }
    /// The byte column its message starts at.
    public var column: Int {
        get { storage.column }
        set { unique.column = newValue }
    }
    public var time: Timestamp? {
        get { storage.time }
        set { unique.time = newValue }
    }
    public var process: String? {
        get { storage.process }
        set { unique.process = newValue }
    }
    public var pid: Int? {
        get { storage.pid }
        set { unique.pid = newValue }
    }
    public var thread: String? {
        get { storage.thread }
        set { unique.thread = newValue }
    }
    /// The first line of the record's message, for evidence in findings and traces.
    public var text: String {
        get { storage.text }
        set { unique.text = newValue }
    }

    /// The event-map phrasing that recognized the record (`app.cbevents:7`, see
    /// `EventMap.MapPattern.phrasing`); `nil` for the trace builder's own events. A rule's
    /// `where phrasing == …` reads it, and `cbcheck learn --raw` tells phrasings of one kind apart by it.
    public var phrasing: String? {
        get { storage.phrasing }
        set { unique.phrasing = newValue }
    }

    // Filled in by the trace builder.
    /// 1-based run number within the file.
    public var run: Int {
        get { storage.run }
        set {
            let box = unique
            box.run = newValue
            box.runKey = String(newValue)
        }
    }
    /// `run` as text, made once per run: the slice trees key runs by it for every event.
    public var runKey: String { storage.runKey }

    /// Places the event in run `number`, whose `runKey` is `key` (made once by the run).
    mutating func setRun(_ number: Int, key: String) {
        let box = unique
        box.run = number
        box.runKey = key
    }
    /// Whether the event ran on its run's main thread; `nil` when either thread is unknown.
    public var isOnMainThread: Bool? {
        get { storage.isOnMainThread }
        set { unique.isOnMainThread = newValue }
    }
    /// The app's state when the event happened, as derived from lifecycle events before it.
    public var appState: AppState {
        get { storage.appState }
        set { unique.appState = newValue }
    }
    /// Order of arrival in the file (0-based), to order events that share a line.
    public var sequence: Int {
        get { storage.sequence }
        set { unique.sequence = newValue }
    }

    public init(
        kind: EventKind, attributes: [Attribute: String] = [:], line: Int, column: Int = 1, time: Timestamp? = nil,
        process: String? = nil, pid: Int? = nil, thread: String? = nil, text: String = "", phrasing: String? = nil
    ) {
        storage = Storage(
            kind: kind, attributes: AttributeValues(attributes), line: line, column: column, time: time,
            process: process, pid: pid,
            thread: thread, text: text, phrasing: phrasing)
    }

    /// An event with the values the recognizer read, as it holds them.
    public init(
        kind: EventKind, values: AttributeValues, line: Int, column: Int = 1, time: Timestamp? = nil,
        process: String? = nil, pid: Int? = nil, thread: String? = nil, text: String = "", phrasing: String? = nil
    ) {
        storage = Storage(
            kind: kind, attributes: values, line: line, column: column, time: time, process: process, pid: pid,
            thread: thread, text: text, phrasing: phrasing)
    }

    public subscript(attribute: Attribute) -> String? { storage.attributes[attribute] }
}

/// Where the app is in its lifecycle, as far as the log shows.
public enum AppState: String, Sendable {
    case unknown, foreground, background
}
