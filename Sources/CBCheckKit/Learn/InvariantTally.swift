/// The invariants still standing over every finished slice of one slicing (and, for task slices,
/// one task kind): each slice's summary is folded in as the slice ends and then dropped.
///
/// "Holds in every slice" is kept as a set of candidates that shrinks: the classes seen before
/// B's first occurrence in the first slice with B, intersected with those of every later one.
/// Memory grows with the event classes and pairs seen, never with the logs' length.
final class InvariantTally {
    let slicing: Slicing
    let taskKind: String?
    private(set) var slices = 0

    /// Slices each class occurred in.
    private var presence: [EventClass: Int] = [:]
    /// Classes that occurred more than once in some slice.
    private var repeated: Set<EventClass> = []
    /// B → the classes that came before B's first occurrence in every slice with B.
    private var precededBy: [EventClass: Set<EventClass>] = [:]
    /// A → the classes that came after A's last occurrence in every slice with A.
    private var followedBy: [EventClass: Set<EventClass>] = [:]
    /// A → the classes that occurred exactly once in every slice with A.
    private var exactlyOnceWith: [EventClass: Set<EventClass>] = [:]
    /// (A, B) → the slices with both, and whether a B ever came after an A.
    private var together: [SliceSummary.Pair: (slices: Int, brokenBy: Bool)] = [:]
    /// (A, B) → the slices that measured an A→B time, the times, and the file of the longest.
    private var durations: [SliceSummary.Pair: (slices: Int, times: SliceSummary.Durations, file: String)] = [:]
    /// The first slice that showed each candidate.
    private var witnesses: [Invariant.Key: Witness] = [:]

    init(slicing: Slicing, taskKind: String?) {
        self.slicing = slicing
        self.taskKind = taskKind
    }

    /// Folds in one finished slice of `file`.
    func fold(_ summary: SliceSummary, file: String) {
        slices += 1
        let present = summary.classes
        let seen = summary.occurrences
        for x in present {
            presence[x, default: 0] += 1
            if seen[x]!.count > 1 { repeated.insert(x) }
            if !repeated.contains(x) {
                remember(.atMostOnce, x, nil, file, [seen[x]!.first], line: seen[x]!.first.line)
            }
        }
        for a in present {
            let others = present.filter { $0.kind != a.kind }
            let first = seen[a]!
            narrow(&precededBy, a, others.filter { seen[$0]!.firstPosition < first.firstPosition }) { x in
                remember(.alwaysPrecedes, x, a, file, [seen[x]!.first, first.first], line: first.first.line)
            }
            narrow(&followedBy, a, others.filter { seen[$0]!.lastPosition > first.lastPosition }) { b in
                remember(.alwaysFollowedBy, a, b, file, [first.last, seen[b]!.last], line: first.last.line)
            }
            narrow(&exactlyOnceWith, a, others.filter { seen[$0]!.count == 1 }) { x in
                remember(.exactlyOnceGiven, a, x, file, [first.first, seen[x]!.first], line: first.first.line)
            }
            for b in others {
                let pair = SliceSummary.Pair(first: a, second: b)
                let broken = seen[b]!.lastPosition > first.firstPosition
                let before = together[pair] ?? (0, false)
                together[pair] = (before.slices + 1, before.brokenBy || broken)
                if !broken {
                    remember(.neverFollowedBy, a, b, file, [seen[b]!.last, first.first], line: seen[b]!.last.line)
                }
            }
        }
        for (pair, times) in summary.durations {
            guard let before = durations[pair] else {
                durations[pair] = (1, times, file)
                continue
            }
            var merged = before.times
            merged.merge(times)
            durations[pair] = (before.slices + 1, merged, times.longest > before.times.longest ? file : before.file)
        }
    }

    /// Every invariant that held in every slice and was exercised at least once.
    func invariants() -> [Invariant] {
        var found: [Invariant] = []
        func add(
            _ form: Invariant.Form, _ a: EventClass, _ b: EventClass?, support: Int, bounds: ClosedRange<Double>? = nil
        ) {
            let key = Invariant.Key(form: form, slicing: slicing, taskKind: taskKind, first: a, second: b)
            guard support > 0, let witness = witnesses[key] else { return }
            found.append(
                Invariant(
                    form: form, slicing: slicing, taskKind: taskKind, first: a, second: b, support: support,
                    witness: witness, bounds: bounds))
        }
        for (x, count) in presence where !repeated.contains(x) { add(.atMostOnce, x, nil, support: count) }
        for (b, before) in precededBy { for a in before { add(.alwaysPrecedes, a, b, support: presence[b]!) } }
        for (a, after) in followedBy { for b in after { add(.alwaysFollowedBy, a, b, support: presence[a]!) } }
        for (a, once) in exactlyOnceWith { for x in once { add(.exactlyOnceGiven, a, x, support: presence[a]!) } }
        for (pair, seen) in together where !seen.brokenBy {
            add(.neverFollowedBy, pair.first, pair.second, support: seen.slices)
        }
        for (pair, measured) in durations {
            let key = Invariant.Key(
                form: .lastsAtMost, slicing: slicing, taskKind: taskKind, first: pair.first, second: pair.second)
            let times = measured.times
            witnesses[key] = Witness(
                file: measured.file, [times.longestFrom, times.longestTo], line: times.longestTo.line)
            add(.lastsAtMost, pair.first, pair.second, support: measured.slices, bounds: times.shortest...times.longest)
        }
        return found.sorted(by: Invariant.ranked)
    }

    // MARK: - Private

    /// Intersects the candidates of `key` with `candidates`; the first slice sets them, and
    /// `record` is called for each then (the witness).
    private func narrow(
        _ table: inout [EventClass: Set<EventClass>], _ key: EventClass, _ candidates: [EventClass],
        record: (EventClass) -> Void
    ) {
        if let standing = table[key] {
            table[key] = standing.intersection(candidates)
        } else {
            table[key] = Set(candidates)
            candidates.forEach(record)
        }
    }

    private func remember(
        _ form: Invariant.Form, _ a: EventClass, _ b: EventClass?, _ file: String, _ events: [Event], line: Int
    ) {
        let key = Invariant.Key(form: form, slicing: slicing, taskKind: taskKind, first: a, second: b)
        if witnesses[key] == nil { witnesses[key] = Witness(file: file, events, line: line) }
    }
}
