import LogReading

/// What `learn` keeps about one slice while it is alive: for each event class, how often it
/// occurred and its first and last occurrence; for each pair, the A→B times measured. Its size
/// grows with the classes present in the slice, never with the number of events.
struct SliceSummary {
    /// One class's occurrences in the slice. Positions count the slice's events from 1.
    struct Occurrences {
        var count: Int
        var firstPosition: Int
        var lastPosition: Int
        var first: Event
        var last: Event
    }

    /// Two classes in order: A, then B.
    struct Pair: Hashable {
        var first: EventClass
        var second: EventClass
    }

    /// The times from an A to the B that ended its scope, as `after A until B` measures them: a
    /// later A restarts the clock, and only the first B after it stops it.
    struct Durations {
        var shortest: Double
        var longest: Double
        /// The A and the B of the longest time, for the witness.
        var longestFrom: Event
        var longestTo: Event

        mutating func merge(_ other: Durations) {
            shortest = min(shortest, other.shortest)
            if other.longest > longest {
                longest = other.longest
                longestFrom = other.longestFrom
                longestTo = other.longestTo
            }
        }
    }

    /// The slice's task kind (`download`, `upload`, `data`): the first `kind` its events said.
    private(set) var taskKind: String?
    private(set) var occurrences: [EventClass: Occurrences] = [:]
    private(set) var durations: [Pair: Durations] = [:]
    private var position = 0
    /// The phrasings mined apart from their kinds (`learn --raw`); empty: canonical classes only.
    private let rawPhrasings: Set<String>

    init(rawPhrasings: Set<String> = []) { self.rawPhrasings = rawPhrasings }

    /// The classes present, in a fixed order (for a deterministic fold).
    var classes: [EventClass] { occurrences.keys.sorted() }

    /// The trace position of the slice's first event, to fold left-over slices in log order.
    var firstSequence: Int { occurrences.values.map(\.first.sequence).min() ?? 0 }

    /// Adds the slice's next event.
    mutating func add(_ event: Event) {
        if taskKind == nil, let kind = event[.kind] { taskKind = kind }
        let classes = EventClass.classes(of: event, rawPhrasings: rawPhrasings)
        guard !classes.isEmpty else { return }
        position += 1
        if let time = event.time {
            for second in classes { measure(to: second, at: event, time) }
        }
        for eventClass in classes {
            if var seen = occurrences[eventClass] {
                seen.count += 1
                seen.lastPosition = position
                seen.last = event
                occurrences[eventClass] = seen
            } else {
                occurrences[eventClass] = Occurrences(
                    count: 1, firstPosition: position, lastPosition: position, first: event, last: event)
            }
        }
    }

    // MARK: - Private

    /// Every A whose scope is open (an A since the last B) is closed by this B.
    private mutating func measure(to second: EventClass, at event: Event, _ time: Timestamp) {
        let lastSecond = occurrences[second]?.lastPosition ?? 0
        for (first, seen) in occurrences where first.kind != second.kind && seen.lastPosition > lastSecond {
            guard let start = seen.last.time else { continue }
            let seconds = start.seconds(until: time)
            let measured = Durations(shortest: seconds, longest: seconds, longestFrom: seen.last, longestTo: event)
            let pair = Pair(first: first, second: second)
            if durations[pair] == nil { durations[pair] = measured } else { durations[pair]!.merge(measured) }
        }
    }
}
