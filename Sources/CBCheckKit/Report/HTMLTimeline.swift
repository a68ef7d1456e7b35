import LogReading

/// One run drawn as an SVG timeline for `HTMLReporter`: the lanes of `TimelineLanes` (the app's
/// state as a coloured band, a lane per session and per task, a lane per thread), each event a
/// mark at its x (`TimelineAxis`: its time, or its place in line order when the run's lines have
/// no times), with ticks under the plot. Marks on a finding's evidence lines are red diamonds
/// linked to the line in the evidence list; every mark's tooltip names the line, the event and
/// the log text.
///
/// The elements carry classes (`lane`, `lane-label`, `state`, `tick`) and the band's periods the
/// line that began them (`data-line`), so the page's style and a test in a browser can find them.
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
    /// Room right of the plot for half the last tick's label.
    static let rightMargin = 48
    static let laneHeight = 26
    /// The axis under the lanes: its line, the ticks' labels, then the first and last event's.
    static let axisHeight = 44

    /// The colour of each state, here and in the page's legend.
    static func colour(of state: AppState) -> String {
        switch state {
        case .foreground: "#b7e4c7"
        case .background: "#a9c7f5"
        case .unknown: "#e5e5ea"
        }
    }

    var svg: String {
        let drawn = events.filter { !$0.isSynthetic }
        guard !drawn.isEmpty else { return "<p class=\"stats\">No events in this run.</p>" }
        let lanes = TimelineLanes(drawn)
        let axis = TimelineAxis(drawn, left: Self.labelWidth, width: Self.plotWidth)
        let width = Self.labelWidth + Self.plotWidth + Self.rightMargin
        let plotHeight = lanes.lanes.count * Self.laneHeight
        let height = plotHeight + Self.axisHeight
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" "
        svg += "viewBox=\"0 0 \(width) \(height)\" role=\"img\">\n"
        for index in lanes.lanes.indices where index % 2 == 1 {
            svg += "<rect x=\"0\" y=\"\(index * Self.laneHeight)\" width=\"\(width)\" height=\"\(Self.laneHeight)\" "
            svg += "fill=\"#f5f5f7\"/>\n"
        }
        for tick in axis.ticks {
            svg += "<line x1=\"\(tick.x)\" y1=\"0\" x2=\"\(tick.x)\" y2=\"\(plotHeight)\" stroke=\"#e5e5ea\"/>\n"
        }
        let threadsTop = lanes.firstThreadLane * Self.laneHeight
        svg += "<line x1=\"0\" y1=\"\(threadsTop)\" x2=\"\(width)\" y2=\"\(threadsTop)\" stroke=\"#aeaeb2\"/>\n"
        // Per lane, the plain marks and then the evidence's, so that no neighbour hides a finding's.
        var marks = Array(repeating: (plain: "", evidence: ""), count: lanes.lanes.count)
        for (event, x) in zip(drawn, axis.positions) {
            for lane in [lanes.lane(of: event), lanes.threadLane(of: event)].compactMap(\.self) {
                let markup = mark(event, x: x, y: lane * Self.laneHeight + Self.laneHeight / 2)
                if evidenceLines.contains(event.line) {
                    marks[lane].evidence += markup
                } else {
                    marks[lane].plain += markup
                }
            }
        }
        for (index, lane) in lanes.lanes.enumerated() {
            let y = index * Self.laneHeight
            svg += "<g class=\"\(lane.isThread ? "lane thread-lane" : "lane")\">"
            svg += "<text class=\"lane-label\" x=\"8\" y=\"\(y + 17)\">\(MarkupText.escape(lane.label))</text>\n"
            if index == 0 { svg += stateBand(drawn, axis.positions) }
            if lane.isThread, lanes.hasNoThreads {
                svg += "<text class=\"note\" x=\"\(Self.labelWidth + 8)\" y=\"\(y + 17)\">this log names no "
                svg += "threads (no [pid:tid], thread column or Thread: field)</text>\n"
            }
            svg += marks[index].plain + marks[index].evidence + "</g>\n"
        }
        svg += axisMarkup(axis, drawn, y: plotHeight)
        svg += "</svg>"
        guard eventsLeftOut > 0 else { return svg }
        return svg + "\n<p class=\"stats\">\(eventsLeftOut) of this run's events between its first and last "
            + "\(TimelineKeeper.marksKept) are not drawn.</p>"
    }

    // MARK: - Private

    /// The app's state as a band across the app lane: one rectangle per period of one state, from
    /// the x of the event that entered it (the state after that event: `appStateAfter`) to the x
    /// of the event that left it. The first period begins at the plot's left edge.
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
            band += "<rect class=\"state\" data-state=\"\(state.rawValue)\" data-line=\"\(period.event.line)\" "
            band += "x=\"\(period.x)\" y=\"4\" width=\"\(end - period.x)\" height=\"\(Self.laneHeight - 8)\" "
            band += "fill=\"\(Self.colour(of: state))\"><title>\(state.rawValue) from line \(period.event.line) "
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

    /// The axis under the plot: what it measures, its ticks, and the first and last event's time
    /// (or line) at its ends.
    private func axisMarkup(_ axis: TimelineAxis, _ events: [TimelineEvent], y: Int) -> String {
        func label(_ event: TimelineEvent) -> String {
            guard let microseconds = event.microseconds else { return "line \(event.line)" }
            return Timestamp(microseconds: microseconds, zoneOffsetSeconds: event.zoneOffsetSeconds).clockText
                + " (line \(event.line))"
        }
        let left = Self.labelWidth
        let right = Self.labelWidth + Self.plotWidth
        var markup = "<g class=\"axis\"><text class=\"axis-caption\" x=\"8\" y=\"\(y + 18)\">"
        markup += "\(axis.caption)</text>\n"
        markup += "<line x1=\"\(left)\" y1=\"\(y + 2)\" x2=\"\(right)\" y2=\"\(y + 2)\" stroke=\"#8e8e93\"/>\n"
        for tick in axis.ticks {
            markup += "<line x1=\"\(tick.x)\" y1=\"\(y + 2)\" x2=\"\(tick.x)\" y2=\"\(y + 7)\" stroke=\"#8e8e93\"/>"
            markup += "<text class=\"tick\" x=\"\(tick.x)\" y=\"\(y + 18)\" text-anchor=\"middle\">"
            markup += "\(MarkupText.escape(tick.label))</text>\n"
        }
        markup +=
            "<text class=\"end\" x=\"\(left)\" y=\"\(y + 36)\">\(MarkupText.escape(label(events.first!)))</text>\n"
        markup += "<text class=\"end\" x=\"\(right)\" y=\"\(y + 36)\" text-anchor=\"end\">"
        return markup + "\(MarkupText.escape(label(events.last!)))</text></g>\n"
    }
}
