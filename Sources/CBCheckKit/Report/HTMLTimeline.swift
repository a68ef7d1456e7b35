import LogReading

/// One run drawn as an SVG timeline for `HTMLReporter`: a lane with the app's state over time,
/// then a lane per session identifier and per task, in order of first appearance, each event a
/// mark at its time (or at its place in line order when the run's lines have no times). Marks on
/// a finding's evidence lines are red and link to the line in the evidence list; every mark's
/// tooltip names the line, the event and the log text. The band's periods carry their state and
/// the line that began them (`class="state" data-line`), so a test in a browser can find them.
struct HTMLTimeline {
    let events: [TimelineEvent]
    /// The run's events between its first and last that were not kept (`TimelineKeeper`).
    var eventsLeftOut = 0
    /// Lines some finding of the file cites: their marks are highlighted.
    let evidenceLines: Set<Int>
    /// The file's anchor prefix (`f0`): evidence lines are `f0-L75`.
    let anchorPrefix: String

    static let labelWidth = 300
    static let plotWidth = 1000
    static let laneHeight = 26
    /// Lanes past this many (sessions and tasks) share one last lane: a run with 200,000 tasks
    /// would otherwise draw a picture five kilometres tall.
    static let maximumLanes = 60

    var svg: String {
        let drawn = events.filter { !$0.isSynthetic }
        guard !drawn.isEmpty else { return "<p class=\"stats\">No events in this run.</p>" }
        let lanes = Self.lanes(of: drawn)
        let positions = Self.positions(of: drawn)
        let width = Self.labelWidth + Self.plotWidth + 20
        let height = (lanes.labels.count + 1) * Self.laneHeight + 8
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" "
        svg += "viewBox=\"0 0 \(width) \(height)\" role=\"img\">\n"
        for (index, lane) in lanes.labels.enumerated() {
            let y = index * Self.laneHeight
            if index % 2 == 1 {
                svg += "<rect x=\"0\" y=\"\(y)\" width=\"\(width)\" height=\"\(Self.laneHeight)\" fill=\"#fafafa\"/>\n"
            }
            svg += "<text x=\"4\" y=\"\(y + 17)\">\(MarkupText.escape(Self.shortened(lane)))</text>\n"
        }
        svg += stateBand(drawn, positions)
        for (event, x) in zip(drawn, positions) {
            let lane = lanes.index[Self.laneKey(of: event)] ?? lanes.labels.count - 1
            svg += mark(event, x: x, y: lane * Self.laneHeight + Self.laneHeight / 2)
        }
        svg += axis(drawn, y: lanes.labels.count * Self.laneHeight)
        svg += "</svg>"
        guard eventsLeftOut > 0 else { return svg }
        return svg + "\n<p class=\"stats\">\(eventsLeftOut) of this run's events between its first and last "
            + "\(TimelineKeeper.marksKept) are not drawn.</p>"
    }

    // MARK: - Private

    /// The lanes' labels top to bottom, and each drawn key's lane; keys past `maximumLanes` have
    /// none and go to the last, shared lane.
    private struct Lanes {
        var labels: [String]
        var index: [String: Int]
    }

    private static func laneKey(of event: TimelineEvent) -> String {
        switch (event.identifier, event.task) {
        case (let identifier?, let task?): "task \(task) \(identifier)"
        case (nil, let task?): "task \(task)"
        case (let identifier?, nil): "session \(identifier)"
        case (nil, nil): "app"
        }
    }

    /// The app lane first, then sessions and tasks as they first appear, `maximumLanes` of them;
    /// the rest share one lane labelled with how many they are.
    private static func lanes(of events: [TimelineEvent]) -> Lanes {
        var lanes = Lanes(labels: ["app state and app events"], index: ["app": 0])
        var others = Set<String>()
        for event in events {
            let key = laneKey(of: event)
            guard lanes.index[key] == nil, !others.contains(key) else { continue }
            if lanes.labels.count <= maximumLanes {
                lanes.index[key] = lanes.labels.count
                lanes.labels.append(key)
            } else {
                others.insert(key)
            }
        }
        if !others.isEmpty { lanes.labels.append("\(others.count) more sessions and tasks") }
        return lanes
    }

    /// Each event's x, from the times when every event has one and they span some time, else by order.
    private static func positions(of events: [TimelineEvent]) -> [Int] {
        let times = events.compactMap(\.microseconds)
        let left = Double(labelWidth)
        let span = Double(plotWidth)
        if times.count == events.count, let first = times.min(), let last = times.max(), last > first {
            return times.map { Int(left + span * Double($0 - first) / Double(last - first)) }
        }
        let steps = Double(max(1, events.count - 1))
        return events.indices.map { Int(left + span * Double($0) / steps) }
    }

    /// The app's state as a band across the app lane: one rectangle per period of one state, from
    /// the x of the event that entered it (the state after that event: `appStateAfter`) to the x
    /// of the event that left it. The first period begins at the plot's left edge. Drawn from each
    /// event's `appState`, the state before it, the band changed colour one event late.
    private func stateBand(_ events: [TimelineEvent], _ positions: [Int]) -> String {
        var periods: [(x: Int, event: TimelineEvent)] = []
        for (event, x) in zip(events, positions) where periods.last?.event.appStateAfter != event.appStateAfter {
            periods.append((periods.isEmpty ? Self.labelWidth : x, event))
        }
        var band = ""
        for (index, period) in periods.enumerated() {
            let next = index + 1 < periods.count ? periods[index + 1] : nil
            let end = next?.x ?? Self.labelWidth + Self.plotWidth
            let state = period.event.appStateAfter
            let colour =
                switch state {
                case .foreground: "#b7e4c7"
                case .background: "#a9c7f5"
                case .unknown: "#e5e5ea"
                }
            band += "<rect class=\"state\" data-state=\"\(state.rawValue)\" data-line=\"\(period.event.line)\" "
            band += "x=\"\(period.x)\" y=\"4\" width=\"\(end - period.x)\" height=\"\(Self.laneHeight - 8)\" "
            band += "fill=\"\(colour)\"><title>\(state.rawValue) from line \(period.event.line) "
            band += "(\(MarkupText.escape(period.event.kind)))"
            if let next { band += " to line \(next.event.line) (\(MarkupText.escape(next.event.kind)))" }
            band += "</title></rect>\n"
        }
        return band
    }

    private func mark(_ event: TimelineEvent, x: Int, y: Int) -> String {
        let title =
            "<title>line \(event.line): \(MarkupText.escape(event.kind))\n\(MarkupText.escape(event.text))</title>"
        guard evidenceLines.contains(event.line) else {
            return "<circle cx=\"\(x)\" cy=\"\(y)\" r=\"4\" fill=\"#3a3a3c\">\(title)</circle>\n"
        }
        let diamond = "\(x),\(y - 8) \(x + 8),\(y) \(x),\(y + 8) \(x - 8),\(y)"
        return "<a href=\"#\(anchorPrefix)-L\(event.line)\"><polygon points=\"\(diamond)\" fill=\"#d70015\" "
            + "stroke=\"#fff\" stroke-width=\"1.5\">\(title)</polygon></a>\n"
    }

    /// The first and last event's time (or line) under the plot.
    private func axis(_ events: [TimelineEvent], y: Int) -> String {
        func label(_ event: TimelineEvent) -> String {
            guard let microseconds = event.microseconds else { return "line \(event.line)" }
            return Timestamp(microseconds: microseconds, zoneOffsetSeconds: event.zoneOffsetSeconds).clockText
                + " (line \(event.line))"
        }
        var axis = "<line x1=\"\(Self.labelWidth)\" y1=\"\(y + 2)\" x2=\"\(Self.labelWidth + Self.plotWidth)\" "
        axis += "y2=\"\(y + 2)\" stroke=\"#aeaeb2\"/>\n"
        axis += "<text x=\"\(Self.labelWidth)\" y=\"\(y + 16)\">\(MarkupText.escape(label(events.first!)))</text>\n"
        axis += "<text x=\"\(Self.labelWidth + Self.plotWidth)\" y=\"\(y + 16)\" text-anchor=\"end\">"
        return axis + "\(MarkupText.escape(label(events.last!)))</text>\n"
    }

    /// Long identifiers keep their end, which is where they differ (`…Downloader.bg`).
    private static func shortened(_ label: String) -> String {
        label.count <= 40 ? label : "…" + label.suffix(39)
    }
}
