/// The lanes of one run's timeline, top to bottom, each labelled with what it holds: the app's
/// state (and the app's own events), a lane per session and per task as they first appear, then
/// a lane per thread the events ran on, the main thread first. An event is drawn in its session
/// or task lane and again in its thread's lane, so a callback off the main thread (CB104) or off
/// its session's delegate queue shows as a mark away from the others.
///
/// Both groups are bounded: past `maximumEventLanes` sessions and tasks, or `maximumThreadLanes`
/// threads, the rest share one lane that says how many they are (a run of 200,000 tasks would
/// otherwise draw a picture five kilometres tall).
struct TimelineLanes {
    /// One lane: its label, and whether it is one of the thread lanes (drawn below a rule).
    struct Lane {
        var label: String
        var isThread: Bool
    }

    /// Lanes past this many sessions and tasks share one last lane.
    static let maximumEventLanes = 60
    /// Lanes past this many threads share one last thread lane: a run's work is on a handful of
    /// threads, and the main thread against the rest is what a reader looks for.
    static let maximumThreadLanes = 8
    /// How many characters of a label fit the label column.
    static let labelCharacters = 40

    private(set) var lanes: [Lane] = [Lane(label: "app state and app events", isThread: false)]
    /// Where the thread lanes begin.
    private(set) var firstThreadLane = 0
    /// Whether no drawn event has a thread: the one thread lane then says the log names none.
    private(set) var hasNoThreads = false
    private var eventLanes: [EventKey: Int] = [.app: 0]
    private var threadLanes: [ThreadKey: Int] = [:]
    private var eventsMoreLane: Int?
    private var threadsMoreLane: Int?

    init(_ events: [TimelineEvent]) {
        var others = Set<EventKey>()
        for event in events {
            let key = EventKey(event)
            guard eventLanes[key] == nil, !others.contains(key) else { continue }
            if lanes.count <= Self.maximumEventLanes {
                eventLanes[key] = lanes.count
                lanes.append(Lane(label: key.label, isThread: false))
            } else {
                others.insert(key)
            }
        }
        if !others.isEmpty {
            eventsMoreLane = lanes.count
            lanes.append(Lane(label: "\(others.count) more sessions and tasks", isThread: false))
        }
        firstThreadLane = lanes.count
        addThreadLanes(events)
    }

    /// The lane of the event's session or task, or the app's lane.
    func lane(of event: TimelineEvent) -> Int {
        eventLanes[EventKey(event)] ?? eventsMoreLane ?? 0
    }

    /// The lane of the thread the event ran on, `nil` when the log does not say.
    func threadLane(of event: TimelineEvent) -> Int? {
        guard let key = ThreadKey(event) else { return nil }
        return threadLanes[key] ?? threadsMoreLane
    }

    // MARK: - Private

    /// What an event lane is of: the app, a session, or a task (of a session when known).
    private enum EventKey: Hashable {
        case app
        case session(String)
        case task(String, session: String?)

        init(_ event: TimelineEvent) {
            switch (event.identifier, event.task) {
            case (let session, let task?): self = .task(task, session: session)
            case (let session?, nil): self = .session(session)
            case (nil, nil): self = .app
            }
        }

        /// `session com.acme.Downloader.bg`, `task 3 (com.acme.Downloader.bg)`: a long session
        /// identifier keeps its end, which is where identifiers differ (`…Downloader.bg`).
        var label: String {
            switch self {
            case .app: "app state and app events"
            case .session(let session):
                "session " + TimelineLanes.shortened(session, to: labelCharacters - 8)
            case .task(let task, nil): "task " + TimelineLanes.shortened(task, to: labelCharacters - 5)
            case .task(let task, let session?):
                "task \(task) (" + TimelineLanes.shortened(session, to: labelCharacters - 8 - task.count) + ")"
            }
        }
    }

    /// A thread: its id, and the process it belongs to when that is not the run's own.
    private struct ThreadKey: Hashable {
        var thread: String
        var process: String?

        init?(_ event: TimelineEvent) {
            guard let thread = event.thread else { return nil }
            self.thread = thread
            process = event.otherProcess
        }
    }

    /// The main thread's lane first, then the others as they first appear; or one lane saying
    /// the log names no threads, so that an empty lane is not taken for a run with no work.
    private mutating func addThreadLanes(_ events: [TimelineEvent]) {
        var order: [ThreadKey] = []
        var main: ThreadKey?
        var seen = Set<ThreadKey>()
        for event in events {
            guard let key = ThreadKey(event) else { continue }
            if seen.insert(key).inserted { order.append(key) }
            // The run learns its main thread from a main-thread callback: events before it do not know.
            if main == nil, event.isOnMainThread == true, key.process == nil { main = key }
        }
        if let main, let index = order.firstIndex(of: main) { order.insert(order.remove(at: index), at: 0) }
        guard !order.isEmpty else {
            hasNoThreads = true
            lanes.append(Lane(label: "threads", isThread: true))
            return
        }
        for key in order.prefix(Self.maximumThreadLanes) {
            threadLanes[key] = lanes.count
            var label = "thread " + Self.shortened(key.thread, to: 20)
            if key == main { label += " (main)" }
            if let process = key.process { label += " (" + Self.shortened(process, to: 16) + ")" }
            lanes.append(Lane(label: label, isThread: true))
        }
        if order.count > Self.maximumThreadLanes {
            threadsMoreLane = lanes.count
            lanes.append(Lane(label: "\(order.count - Self.maximumThreadLanes) more threads", isThread: true))
        }
    }

    /// `text` in at most `count` characters, keeping its end.
    private static func shortened(_ text: String, to count: Int) -> String {
        text.count <= count ? text : "…" + text.suffix(max(1, count - 1))
    }
}
