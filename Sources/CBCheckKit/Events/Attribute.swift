/// A named value an event can carry, pulled out of the log text by the event map.
///
/// The set is closed so that a typo in a rule or event map is an error at load time, not a
/// condition that silently never matches.
public enum Attribute: String, CaseIterable, Sendable, Comparable {
    /// The background session's identifier (`com.acme.Downloader.bg`).
    case identifier
    /// The task number within its session (`taskIdentifier`).
    case task
    /// The error code of a completion: `nil` when the call reported no error, else the code (`-999`).
    case error
    /// The HTTP status code when the app logged it.
    case status
    /// `NSURLErrorBackgroundTaskCancelledReasonKey` (0 force quit, 1 background updates off, 2 resources).
    case reason
    /// Bytes written or sent so far.
    case bytes
    /// Bytes expected in total.
    case expected
    /// Offset a resumed download restarts at.
    case offset
    /// The temporary file URL handed to `didFinishDownloadingTo`.
    case location
    /// A file the app moved or deleted.
    case path
    /// The kind of task: `download`, `upload` or `data`.
    case kind
    /// Whether a session is a background session: `yes` or `no`.
    case background
    /// Whether a task was made from resume data: `yes` or `no`.
    case fromResumeData
    /// The `UIBackgroundTaskIdentifier` of a background task.
    case bgtask
    /// A listening socket's port.
    case port
    /// A Bonjour service name.
    case name
    /// What the app recorded as a task's outcome: `success` or `failure`.
    case outcome
    /// What an upload's body came from: `file`, `data` or `stream`.
    case body
    /// Whether a task was made with a completion-handler API (`dataTask(with:completionHandler:)`): `yes`.
    case withHandler

    public static func < (lhs: Attribute, rhs: Attribute) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The case's position, hashed instead of the raw string: attributes are dictionary keys for
    /// every recognized event.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ordinal)
    }

    /// `allCases` made once: the synthesized `allCases` builds a new array at every call.
    static let byOrdinal: [Attribute] = allCases

    /// The case's index in `allCases`.
    var ordinal: Int {
        switch self {
        case .identifier: 0
        case .task: 1
        case .error: 2
        case .status: 3
        case .reason: 4
        case .bytes: 5
        case .expected: 6
        case .offset: 7
        case .location: 8
        case .path: 9
        case .kind: 10
        case .background: 11
        case .fromResumeData: 12
        case .bgtask: 13
        case .port: 14
        case .name: 15
        case .outcome: 16
        case .body: 17
        case .withHandler: 18
        }
    }
}
