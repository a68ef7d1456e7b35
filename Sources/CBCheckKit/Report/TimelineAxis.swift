import LogReading

/// Where a run's events go along the HTML timeline's x, and the ticks under it that say what x
/// means. With a time on every event x is time, ticked at a round interval of the run's span
/// (milliseconds, seconds, minutes, hours or days as fits) labelled with the log's wall clock;
/// without, x is the events' order, ticked at round line numbers. Only the two ends were labelled
/// before, and a reader could not tell when anything between them happened.
struct TimelineAxis {
    /// One tick: its x and what it says (`08:02:20`, `line 40`).
    struct Tick: Equatable {
        var x: Int
        var label: String
    }

    /// Each event's x, in the order the events were given.
    let positions: [Int]
    /// The ticks left to right, none closer to the one before than its label is wide.
    let ticks: [Tick]
    /// Whether x is time; otherwise it is the order of the lines.
    let isByTime: Bool

    /// At most this many ticks: more labels would run into each other across 1,000 pixels.
    static let maximumTicks = 9
    /// The number of ticks aimed at: of the round intervals, the one whose count is nearest
    /// (between 1, 2 and 5 seconds the counts jump by 2.5 times, so the first interval giving
    /// at most `maximumTicks` could give only three).
    static let idealTicks = 6
    /// How wide a character of the axis's 11-pixel monospace font is, to keep labels apart.
    static let characterWidth = 6.6

    /// Lays `events` (in log order) out from `left` across `width` pixels.
    init(_ events: [TimelineEvent], left: Int, width: Int) {
        let times = events.compactMap(\.microseconds)
        if times.count == events.count, let first = times.min(), let last = times.max(), last > first {
            isByTime = true
            let scale = Double(width) / Double(last - first)
            positions = times.map { left + Int(Double($0 - first) * scale) }
            let offset = Int64(events[0].zoneOffsetSeconds) * 1_000_000
            ticks = Self.timeTicks(from: first, to: last, zoneOffset: offset) {
                left + Int(Double($0 - first) * scale)
            }
        } else {
            isByTime = false
            let steps = Double(max(1, events.count - 1))
            positions = events.indices.map { left + Int(Double(width) * Double($0) / steps) }
            ticks = Self.lineTicks(events.map(\.line), positions)
        }
    }

    /// What the axis is, for the label column: the reader should know which of the two it is.
    var caption: String { isByTime ? "time (the log's clock)" : "log line (no times)" }

    // MARK: - Private

    private static let millisecond: Int64 = 1000
    private static let second = 1000 * millisecond
    private static let minute = 60 * second
    private static let hour = 60 * minute
    private static let day = 24 * hour

    /// The round intervals a time axis is ticked at, shortest first.
    private static let timeSteps: [Int64] =
        [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500].map { $0 * millisecond }
        + [1, 2, 5, 10, 15, 30].map { $0 * second } + [1, 2, 5, 10, 15, 30].map { $0 * minute }
        + [1, 2, 3, 6, 12].map { $0 * hour } + [1, 2, 7, 14, 30, 91, 182, 365].map { $0 * day }

    /// Ticks at the round interval that gives nearest `idealTicks` (and at most `maximumTicks`)
    /// between `first` and `last`, at round times of the log's own clock (`zoneOffset` east of UTC).
    private static func timeTicks(
        from first: Int64, to last: Int64, zoneOffset: Int64, x: (Int64) -> Int
    ) -> [Tick] {
        func multiples(of step: Int64) -> ClosedRange<Int64>? {
            let low = -(-(first + zoneOffset)).dividedFloor(by: step)
            let high = (last + zoneOffset).dividedFloor(by: step)
            return low <= high ? low...high : nil
        }
        let step =
            bestStep(timeSteps) { multiples(of: $0)?.count ?? 0 } ?? (last - first) / Int64(idealTicks)
        guard let range = multiples(of: step) else { return [] }
        return range.map { multiple in
            let local = multiple * step
            return Tick(x: x(local - zoneOffset), label: timeLabel(local, step: step))
        }
    }

    /// A tick's time to the precision its interval needs: `08:02:11.250`, `08:02:20`, `08:05`;
    /// the date (`2026-03-15`) at midnight, when the ticks are minutes apart or more, so a run
    /// of days says which day each is.
    private static func timeLabel(_ local: Int64, step: Int64) -> String {
        let clock = Timestamp(microseconds: local).clockText
        if step < second { return clock }
        if step < minute { return String(clock.prefix(8)) }
        if step < day, local % day != 0 { return String(clock.prefix(5)) }
        let date = Timestamp(microseconds: local).components
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(date.year)-\(two(date.month))-\(two(date.day))"
    }

    /// Ticks at round line numbers, each at the x its line has between the events around it.
    private static func lineTicks(_ lines: [Int], _ positions: [Int]) -> [Tick] {
        guard let first = lines.first, let last = lines.last, last > first else { return [] }
        let step = lineStep(first: first, last: last)
        var ticks: [Tick] = []
        var index = 0
        for line in stride(from: (first + step - 1) / step * step, through: last, by: step) {
            while index + 1 < lines.count, lines[index + 1] <= line { index += 1 }
            var x = positions[index]
            if lines[index] < line, index + 1 < lines.count {
                let fraction = Double(line - lines[index]) / Double(lines[index + 1] - lines[index])
                x += Int(fraction * Double(positions[index + 1] - positions[index]))
            }
            ticks.append(Tick(x: x, label: "line \(line)"))
        }
        return apart(ticks)
    }

    /// Of 1, 2, 5, 10, 20, 50, … lines, the step for ticks between `first` and `last`.
    private static func lineStep(first: Int, last: Int) -> Int {
        var steps: [Int] = []
        var magnitude = 1
        while magnitude <= last {
            steps += [magnitude, 2 * magnitude, 5 * magnitude]
            magnitude *= 10
        }
        return bestStep(steps) { last / $0 - (first + $0 - 1) / $0 + 1 } ?? magnitude
    }

    /// Of `steps`, the one whose `count` of ticks is nearest `idealTicks` without passing
    /// `maximumTicks`; of two as near, the shorter.
    private static func bestStep<Step>(_ steps: [Step], count: (Step) -> Int) -> Step? {
        steps.map { (step: $0, count: count($0)) }.filter { $0.count <= maximumTicks }
            .min { abs($0.count - idealTicks) < abs($1.count - idealTicks) }?.step
    }

    /// The ticks whose labels do not run into the label before: lines far apart in a log can
    /// be near each other on an axis by order.
    private static func apart(_ ticks: [Tick]) -> [Tick] {
        var kept: [Tick] = []
        for tick in ticks {
            if let last = kept.last,
                Double(tick.x - last.x) < Double(last.label.count + tick.label.count) * characterWidth / 2 + 8
            {
                continue
            }
            kept.append(tick)
        }
        return kept
    }
}
