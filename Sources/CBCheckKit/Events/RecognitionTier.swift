/// How sure a recognized line is to be the thing it names, from the kind of text that said it.
///
/// A line the system printed (UIKit's warning that a handler was never called, CFNetwork's
/// `Task <…>.<n> finished`, a crash report's termination reason) says what happened in words no
/// app chooses. A delegate method's printed name (`-[AppDelegate application:handleEvents…]`,
/// Swift's `#function`, a wrapper's own tag) is nearly always logged from inside that method. An
/// app's own sentence ("calling the completion handler", "created background session") is weaker
/// evidence: it may announce, repeat or describe. The event map says which each phrasing is
/// (`tier` in docs/event-map.md); `--stats` counts the events of each, `cbcheck trace` shows it,
/// and the trace builder folds a phrasing that only restates the event before it
/// (`TraceBuilder+Echoes`).
public enum RecognitionTier: UInt8, CaseIterable, Sendable, Comparable {
    case system
    case signature
    case phrasing

    /// The word the event map and the reports use.
    public var name: String {
        switch self {
        case .system: "system"
        case .signature: "signature"
        case .phrasing: "phrasing"
        }
    }

    /// The tier an event-map `tier` line names.
    public init?(name: String) {
        guard let tier = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = tier
    }

    /// Higher confidence first: `system < signature < phrasing`.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
