/// Where the app is in its lifecycle, as far as the log shows.
public enum AppState: String, Sendable {
    case unknown, foreground, background

    /// The state an event of `kind` leaves the app in, `nil` when it leaves the state as it was.
    /// The one statement of the transitions: the trace builder derives each event's state by it,
    /// and the HTML timeline draws the state after an event by it, so the two cannot disagree.
    static func entered(by kind: EventKind) -> AppState? {
        switch kind {
        case .appForeground, .appActive: .foreground
        case .appBackground, .appHandleEvents: .background
        default: nil
        }
    }
}
