import LogReading
import Testing

@testable import CBCheckKit

/// The HTML report's timeline as a reader sees it, read back from its SVG: the state band
/// changes colour at the event that changed the state, every lane says what it holds, each event
/// whose thread the log names is drawn again in its thread's lane, and the axis is ticked.
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

    /// The events as the report keeps them: through the trace builder, which sets each one's run,
    /// app state and main thread, without the builder's own (`TimelineKeeper` keeps none).
    private func drawn(_ events: [Event]) -> [TimelineEvent] {
        var drawn: [TimelineEvent] = []
        let builder = TraceBuilder { event, run in
            if !event.kind.isSynthetic { drawn.append(TimelineEvent(event, in: run)) }
        }
        for event in events { builder.add(event) }
        builder.finish()
        return drawn
    }

    private func svg(_ events: [Event], evidence: Set<Int> = []) -> String {
        HTMLTimeline(events: drawn(events), evidenceLines: evidence, anchorPrefix: "f0").svg
    }

    /// One lane as drawn: its label and its marks (the line each is of, and its x).
    private struct DrawnLane {
        var label: String
        var isThread: Bool
        var marks: [(line: Int, x: Int)]
    }

    private func lanes(_ svg: String) -> [DrawnLane] {
        svg.components(separatedBy: "<g class=\"lane").dropFirst().map { chunk in
            let label = chunk.firstMatch(of: /class="lane-label"[^>]*>([^<]*)</).map { String($0.output.1) } ?? ""
            let marks = chunk.matches(of: /(?:cx="|points=")(\d+)[^>]*><title>line (\d+):/).map {
                (line: Int($0.output.2)!, x: Int($0.output.1)!)
            }
            return DrawnLane(label: label, isThread: chunk.hasPrefix(" thread-lane"), marks: marks)
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
        let appLane = try #require(lanes(page).first)
        #expect(appLane.label == "app state and app events")
        func x(ofLine line: Int) -> Int? { appLane.marks.first { $0.line == line }?.x }
        let periods = band(page)
        #expect(periods.map(\.state) == ["unknown", "foreground", "background", "foreground"])
        #expect(periods.map(\.line) == [1, 3, 7, 11])
        // Each period begins at the x of the event that entered it, not at the event after it.
        for period in periods.dropFirst() { #expect(period.x == x(ofLine: period.line)) }
        // The progress at line 9 happened in the background, and is drawn over the background's colour.
        let progress = try #require(lanes(page)[1].marks.first { $0.line == 9 })
        let background = periods[2]
        #expect(background.x < progress.x && progress.x < background.x + background.width)
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

    @Test func eachLaneSaysWhatItHolds() {
        let long = "com.example.SomeVeryLongCompanyName.Downloader.background"
        let drawnLanes = lanes(
            svg([
                event("app.launch", line: 1, at: 0), event("session.create", line: 2, at: 1, session),
                event("task.create", line: 3, at: 2, task("1")),
                event("task.create", line: 4, at: 3, [.identifier: long, .task: "12"]),
                event("task.resume", line: 5, at: 4, thread: "9", task("1")),
            ]))
        let labels = drawnLanes.map(\.label)
        #expect(
            Array(labels.prefix(4)) == [
                "app state and app events", "session com.acme.bg", "task 1 (com.acme.bg)",
                "task 12 (…anyName.Downloader.background)",
            ])
        #expect(labels.allSatisfy { $0.count <= TimelineLanes.labelCharacters })
        #expect(drawnLanes.filter(\.isThread).map(\.label) == ["thread 1 (main)", "thread 9"])
    }

    @Test func sessionsAndTasksPastTheLimitShareOneLaneThatSaysHowManyTheyAre() {
        let events =
            [event("app.launch", line: 1, at: 0)]
            + (1...70).map { event("task.create", line: $0 + 1, at: Double($0), task(String($0))) }
        let labels = lanes(svg(events)).map(\.label)
        #expect(labels.contains("task 60 (com.acme.bg)") && !labels.contains("task 61 (com.acme.bg)"))
        #expect(labels.contains("10 more sessions and tasks"))
    }

    @Test func eachEventWhoseThreadIsKnownIsDrawnAgainInItsThreadsLane() throws {
        let page = svg(
            [
                event("app.launch", line: 1, at: 0, thread: "1"), event("app.handleEvents", line: 2, at: 1, session),
                event("session.create", line: 3, at: 2, session),
                event("task.finishDownload", line: 4, at: 3, thread: "77", task("1")),
                event("app.handler.called", line: 5, at: 4, thread: "77", session),
                event("session.finishEvents", line: 6, at: 5, thread: nil, session),
            ], evidence: [5])
        let threads = lanes(page).filter(\.isThread)
        #expect(threads.map(\.label) == ["thread 1 (main)", "thread 77"])
        #expect(threads[0].marks.map(\.line) == [1, 2, 3])
        // The handler called off the main thread (CB104's evidence) is a red diamond in thread 77's lane.
        #expect(threads[1].marks.map(\.line) == [4, 5])
        #expect(page.contains("<a href=\"#f0-L5\"><polygon points=\"\(threads[1].marks[1].x),"))
        // Line 6 names no thread: it is in its session's lane only.
        let everyMark = lanes(page).flatMap(\.marks)
        #expect(everyMark.filter { $0.line == 6 }.count == 1)
        #expect(everyMark.filter { $0.line == 5 }.count == 2)
    }

    @Test func threadsPastTheLimitShareOneLane() {
        let events =
            [event("app.launch", line: 1, at: 0)]
            + (2...13).map { event("task.progress", line: $0, at: Double($0), thread: "\($0 * 10)", task("1")) }
        let labels = lanes(svg(events)).filter(\.isThread).map(\.label)
        #expect(labels.count == TimelineLanes.maximumThreadLanes + 1)
        #expect(labels.first == "thread 1 (main)")
        #expect(labels.last == "5 more threads")
    }

    @Test func aRunWhoseLogNamesNoThreadsSaysSoInItsThreadLane() throws {
        let page = svg([
            event("app.launch", line: 1, thread: nil), event("app.active", line: 2, thread: nil),
            event("session.create", line: 3, thread: nil, session),
        ])
        let threads = lanes(page).filter(\.isThread)
        #expect(threads.map(\.label) == ["threads"])
        #expect(threads[0].marks.isEmpty)
        #expect(page.contains(">this log names no threads"))
    }

    /// The x a tick says, from its label: the time of day in seconds, or the line number.
    private func ticks(_ svg: String) -> [(x: Int, label: String)] {
        svg.matches(of: /<text class="tick" x="(\d+)"[^>]*>([^<]*)</).map { (Int($0.output.1)!, String($0.output.2)) }
    }

    @Test(arguments: [
        (0.004, "08:02:11.000"), (0.43, "08:02:11.000"), (17.7, "08:02:12"), (200.0, "08:02:30"),
        (5400.0, "08:15"), (18_000.0, "09:00"), (259_200.0, "12:00"), (3_000_000.0, "2026-03-19"),
    ])
    func theTimeAxisIsTickedAtRoundIntervalsOfItsSpan(span: Double, firstLabel: String) throws {
        let events = drawn([event("app.launch", line: 1, at: 0), event("app.active", line: 2, at: span)])
        let axis = TimelineAxis(events, left: 300, width: 1000)
        #expect(axis.isByTime)
        #expect((3...TimelineAxis.maximumTicks).contains(axis.ticks.count), "\(axis.ticks.map(\.label))")
        #expect(axis.ticks.first?.label == firstLabel)
        let gaps = zip(axis.ticks.dropFirst(), axis.ticks).map { $0.x - $1.x }
        #expect(gaps.allSatisfy { abs($0 - gaps[0]) <= 1 }, "ticks at one interval: \(gaps)")
        #expect(axis.ticks.allSatisfy { (300...1300).contains($0.x) })
        // Across days, a tick at midnight says which day it begins.
        if span > 86_400 { #expect(axis.ticks.contains { $0.label.hasPrefix("2026-03-") }) }
    }

    @Test func aTimeAxisTicksTheLogsOwnClock() {
        var launch = event("app.launch", line: 1)
        launch.time = Timestamp(microseconds: Self.start, zoneOffsetSeconds: 8 * 3600)
        var active = event("app.active", line: 2)
        active.time = Timestamp(microseconds: Self.start + 3 * 3_600_000_000, zoneOffsetSeconds: 8 * 3600)
        let labels = TimelineAxis(drawn([launch, active]), left: 300, width: 1000).ticks.map(\.label)
        #expect(labels.first == "16:30" && labels.last == "19:00", "\(labels)")
    }

    @Test func aLogWithNoTimesIsTickedByLineNumber() {
        let page = svg(
            (1...40).map { event($0 % 2 == 0 ? "task.progress" : "task.resume", line: $0 * 3, thread: nil, task("1")) })
        let drawnTicks = ticks(page)
        #expect(drawnTicks.count > 2)
        #expect(drawnTicks.allSatisfy { $0.label.hasPrefix("line ") })
        #expect(page.contains(">log line (no times)</text>"))
        // Each tick is where its line is: line 60 is the 20th event's.
        let lane = lanes(page).first { $0.label.hasPrefix("task 1") }
        for tick in drawnTicks {
            guard let line = Int(tick.label.dropFirst(5)), line % 3 == 0 else { continue }
            #expect(lane?.marks.first { $0.line == line }?.x == tick.x)
        }
    }
}
