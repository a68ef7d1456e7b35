/// One recognized callback, app action or run boundary, with the attributes read from its line
/// and the context the trace builder adds (run, main thread, app state).
public struct Event: Sendable {
    public var kind: EventKind
    /// Values read from the log. A missing attribute is unknown: no condition on it ever holds.
    public var attributes: [Attribute: String]
    /// Attributes the trace builder filled in from context rather than read from the line.
    public var inferred: Set<Attribute> = []
    /// 1-based line of the record that produced the event, and the byte column its message starts at.
    public var line: Int
    public var column: Int
    public var time: Timestamp?
    public var process: String?
    public var pid: Int?
    public var thread: String?
    /// The first line of the record's message, for evidence in findings and traces.
    public var text: String

    // Filled in by the trace builder.
    /// 1-based run number within the file.
    public var run = 0 {
        didSet { runKey = String(run) }
    }
    /// `run` as text, made once: the slice trees key runs by it for every event.
    public private(set) var runKey = "0"
    /// Whether the event ran on its run's main thread; `nil` when either thread is unknown.
    public var isOnMainThread: Bool?
    /// The app's state when the event happened, as derived from lifecycle events before it.
    public var appState: AppState = .unknown
    /// Order of arrival in the file (0-based), to order events that share a line.
    public var sequence = 0

    public init(
        kind: EventKind, attributes: [Attribute: String] = [:], line: Int, column: Int = 1, time: Timestamp? = nil,
        process: String? = nil, pid: Int? = nil, thread: String? = nil, text: String = ""
    ) {
        self.kind = kind
        self.attributes = attributes
        self.line = line
        self.column = column
        self.time = time
        self.process = process
        self.pid = pid
        self.thread = thread
        self.text = text
    }

    public subscript(attribute: Attribute) -> String? { attributes[attribute] }
}

/// Where the app is in its lifecycle, as far as the log shows.
public enum AppState: String, Sendable {
    case unknown, foreground, background
}
