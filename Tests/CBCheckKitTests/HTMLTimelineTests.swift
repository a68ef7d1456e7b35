import LogReading
import Testing

@testable import CBCheckKit

/// The HTML report's timeline as a reader sees it, read back from its SVG: the state band
/// changes colour at the event that changed the state.
@Suite struct HTMLTimelineTests {
    /// 2026-03-14 08:02:11 UTC, the events' times are seconds after it.
    private static let start: Int64 = 1_773_475_331_000_000

    private func event(
        _ kind: String, line: Int, at seconds: Double? = nil, thread: String? = "1",
        _ attributes: [Attribute: String] = [:]
    ) -> Event {
        let time = seconds.map { Timestamp(microseconds: Self.start + Int64($0 * 1_000_000)) }
        return Event(
            kind: EventKind(named: kind)!, attributes: attributes, line: line, time: time, process: "App", pid: 100,
            thread: thread, text: "\(kind) at line \(line)")
    }

    /// The events as the report keeps them: through the trace builder, which sets each one's run
    /// and app state, without the builder's own (`TimelineKeeper` keeps none).
    private func drawn(_ events: [Event]) -> [TimelineEvent] {
        var drawn: [TimelineEvent] = []
        let builder = TraceBuilder { event, _ in
            if !event.kind.isSynthetic { drawn.append(TimelineEvent(event)) }
        }
        for event in events { builder.add(event) }
        builder.finish()
        return drawn
    }

    private func svg(_ events: [Event], evidence: Set<Int> = []) -> String {
        HTMLTimeline(events: drawn(events), evidenceLines: evidence, anchorPrefix: "f0").svg
    }

    /// The marks in the app's lane (the first, centred at y 13): the line each is of, and its x.
    private func appMarks(_ svg: String) -> [(line: Int, x: Int)] {
        svg.matches(of: /<circle cx="(\d+)" cy="13"[^>]*><title>line (\d+):/).map {
            (line: Int($0.output.2)!, x: Int($0.output.1)!)
        }
    }

    /// The band's periods left to right: the state, the line that entered it, and its x.
    private func band(_ svg: String) -> [(state: String, line: Int, x: Int, width: Int)] {
        svg.matches(of: /<rect class="state" data-state="(\w+)" data-line="(\d+)" x="(\d+)" y="4" width="(\d+)"/)
            .map { (String($0.output.1), Int($0.output.2)!, Int($0.output.3)!, Int($0.output.4)!) }
    }

    private let session: [Attribute: String] = [.identifier: "com.acme.bg"]
    private func task(_ number: String) -> [Attribute: String] { [.identifier: "com.acme.bg", .task: number] }

    @Test func theStateBandChangesColourAtTheEventThatChangedTheState() throws {
        let page = svg([
            event("app.launch", line: 1, at: 0), event("app.active", line: 3, at: 1),
            event("task.create", line: 5, at: 2, task("1")), event("app.background", line: 7, at: 5),
            event("task.progress", line: 9, at: 6, thread: "4", task("1")), event("app.foreground", line: 11, at: 8),
            event("task.complete", line: 13, at: 10, thread: "4", task("1")),
        ])
        let marks = appMarks(page)
        func x(ofLine line: Int) -> Int? { marks.first { $0.line == line }?.x }
        let periods = band(page)
        #expect(periods.map(\.state) == ["unknown", "foreground", "background", "foreground"])
        #expect(periods.map(\.line) == [1, 3, 7, 11])
        // Each period begins at the x of the event that entered it, not at the event after it.
        for period in periods.dropFirst() { #expect(period.x == x(ofLine: period.line)) }
        // The progress at line 9 happened in the background, and is drawn over the background's colour.
        let progress = try #require(page.firstMatch(of: /<circle cx="(\d+)"[^>]*><title>line 9:/)).output.1
        let background = periods[2]
        #expect(background.x < Int(progress)! && Int(progress)! < background.x + background.width)
    }

    @Test func aRelaunchInTheBackgroundTurnsTheBandBlueAtHandleEvents() {
        let periods = band(
            svg([
                event("app.launch", line: 1, at: 0), event("app.handleEvents", line: 2, at: 0.1, session),
                event("session.create", line: 3, at: 0.2, session),
                event("session.finishEvents", line: 6, at: 0.4, session),
            ]))
        #expect(periods.map(\.state) == ["unknown", "background"])
        #expect(periods.map(\.line) == [1, 2])
    }
}
