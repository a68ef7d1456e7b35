/// What the HTML report keeps of a log's events while it is checked, so that its memory and the
/// page stay bounded whatever the log holds (issue 19: a million runs took a gigabyte and twenty
/// minutes). Each run keeps its first and last `marksKept` events; finished runs keep their events
/// for `runsKept` of them, runs with a finding before the others, the rest counted as left out.
struct TimelineKeeper {
    /// How many runs' timelines a page draws: past a hundred a page is too long to read.
    static let runsKept = 100
    /// How many of a run's first events, and of its last, are kept: a 1,000-pixel plot cannot
    /// show more apart, and the evidence of most findings is at a run's start or its end.
    static let marksKept = 1000

    /// A run's events: the first `marksKept`, then a ring of the last `marksKept`.
    private struct RunEvents {
        var first: [TimelineEvent] = []
        var last: [TimelineEvent] = []
        /// Where the next event goes in `last` once it is full.
        var next = 0
        var count = 0

        mutating func add(_ event: TimelineEvent) {
            count += 1
            if first.count < TimelineKeeper.marksKept {
                first.append(event)
            } else if last.count < TimelineKeeper.marksKept {
                last.append(event)
            } else {
                last[next] = event
                next = (next + 1) % TimelineKeeper.marksKept
            }
        }

        var events: [TimelineEvent] { first + last[next...] + last[..<next] }
    }

    private var open: [Int: RunEvents] = [:]
    /// Finished runs kept, in the order they ended.
    private var finished: [(run: Int, events: RunEvents)] = []
    private var runsWithFindings = Set<Int>()
    /// Runs whose events were let go.
    private(set) var runsLeftOut = 0

    /// Keeps `event` unless the trace builder made it (`run.start`, `log.end`: never drawn).
    mutating func add(_ event: TimelineEvent) {
        guard !event.isSynthetic else { return }
        open[event.run, default: RunEvents()].add(event)
    }

    mutating func noteFinding(inRun run: Int) {
        runsWithFindings.insert(run)
    }

    /// Keeps the run's events if fewer than `runsKept` runs are kept, or if it has a finding and
    /// a kept run has none (that one goes); else lets them go.
    mutating func end(run: Int) {
        guard let events = open.removeValue(forKey: run) else { return }
        if finished.count < Self.runsKept {
            finished.append((run, events))
        } else if runsWithFindings.contains(run),
            let plain = finished.lastIndex(where: { !runsWithFindings.contains($0.run) })
        {
            finished.remove(at: plain)
            finished.append((run, events))
            runsLeftOut += 1
        } else {
            runsLeftOut += 1
        }
    }

    /// The kept events, run by run in run order; how many runs were left out; and for each kept
    /// run that had more than twice `marksKept` events, how many of its middle ones were. Runs
    /// still open at the end (a log cut short) are ended first.
    mutating func take() -> CheckReport.Timeline {
        for run in open.keys.sorted() { end(run: run) }
        let runs = finished.sorted { $0.run < $1.run }
        var middles: [Int: Int] = [:]
        for (run, events) in runs where events.count > events.first.count + events.last.count {
            middles[run] = events.count - events.first.count - events.last.count
        }
        return CheckReport.Timeline(
            events: runs.flatMap(\.events.events), runsLeftOut: runsLeftOut, eventsLeftOut: middles)
    }
}
