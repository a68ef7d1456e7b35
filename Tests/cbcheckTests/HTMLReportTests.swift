import Foundation
import TestSupport
import Testing

/// `--format html` on the built binary: hostile log text stays text, and the page renders in a
/// real browser (Debian's headless Chromium) to something that is not blank, its timelines laid
/// out as a reader needs them (labelled lanes, thread lanes, the state band on its events).
@Suite struct HTMLReportTests {
    private let sample = "Samples/background-download.log"

    /// The sample with markup appended to the two evidence lines of its CB101 finding (70 and 75).
    private func hostileLog() throws -> String {
        let text = try String(contentsOf: TestSupport.packageRoot.appendingPathComponent(sample), encoding: .utf8)
        var lines = text.components(separatedBy: "\n")
        lines[69] += " <script>alert('x')</script>"
        lines[74] += " \"><img src=x onerror=alert(1)>"
        return try TestSupport.temporaryFile(lines.joined(separator: "\n"), name: "<b>hostile.log")
    }

    @Test func logTextNeverBecomesMarkup() throws {
        let path = try hostileLog()
        let output = try TestSupport.run([path, "--format", "html"])
        #expect(output.status == 1)
        let page = output.stdout
        #expect(page.contains("&lt;script&gt;alert(&apos;x&apos;)&lt;/script&gt;"))
        #expect(page.contains("&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"))
        #expect(page.contains("&lt;b&gt;hostile.log"))
        // Every tag in the page is one the reporter writes; none comes from the log.
        let tags = Set(page.matches(of: /<([a-zA-Z][a-zA-Z0-9]*)/).map { String($0.output.1).lowercased() })
        let written: Set = [
            "html", "head", "meta", "title", "style", "body", "h1", "h2", "h3", "p", "span", "section", "svg", "g",
            "rect",
            "text", "circle", "polygon", "line", "a", "table", "tr", "th", "td", "br", "small", "ol", "li", "b", "pre",
        ]
        #expect(tags.isSubset(of: written), "unexpected tags: \(tags.subtracting(written))")
        #expect(!page.contains("<script") && !page.contains("<img") && !page.contains("<b>hostile"))
        #expect(page.contains("content=\"default-src 'none'; style-src 'unsafe-inline'\""))
    }

    /// A log of more runs than a page draws keeps the runs with findings and says how many are
    /// left out; a run of more events than a timeline keeps says so, and its tasks past the lane
    /// limit share one lane. The page stays small whatever the log holds.
    @Test func aHugeLogDrawsABoundedPageAndSaysWhatItLeftOut() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cbcheck-many-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let script = TestSupport.packageRoot.appendingPathComponent("Scripts/bench/generate_many.py").path
        func generate(_ mode: String, _ count: Int) throws -> String {
            let path = folder.appendingPathComponent("\(mode).log").path
            let python = Process()
            python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            python.arguments = ["python3", script, mode, "\(count)", path]
            try python.run()
            python.waitUntilExit()
            try #require(python.terminationStatus == 0)
            return path
        }
        let runs = try TestSupport.run([try generate("runs", 260), "--format", "html"])
        #expect(runs.status == 1)
        #expect(runs.stdout.components(separatedBy: "<svg").count - 1 == 100)
        #expect(runs.stdout.contains("160 more runs are not drawn: a page draws at most 100 timelines"))
        // Every 50th run has a CB104 finding (runs 1, 51, …, 251): each is drawn.
        for run in [1, 51, 101, 151, 201, 251] { #expect(runs.stdout.contains("<h3 id=\"f0-run\(run)\">")) }
        #expect(!runs.stdout.contains("<h3 id=\"f0-run250\">"))
        let tasks = try TestSupport.run([try generate("open-tasks", 3000), "--format", "html"])
        #expect(tasks.stdout.contains("4002 of this run's events between its first and last 1000 are not drawn."))
        #expect(tasks.stdout.contains(">940 more sessions and tasks</text>"))
        #expect(tasks.stdout.utf8.count < 1_000_000)
    }

    /// A log written with a zone (`+0800`) shows its own wall clock on the timeline, not UTC.
    @Test func timesShowAsTheLogWroteThem() throws {
        let output = try TestSupport.run([
            "Fixtures/scenarios/seed000-1-relaunched-in-background.log", "--format", "html",
        ])
        #expect(output.stdout.contains("09:12:03.418 (line 5)"))
        #expect(!output.stdout.contains("01:12:03.418 (line 5)"))
    }

    @Test func findingsAreMarkedOnTheTimelineAndLinkedToTheirEvidenceLines() throws {
        let page = try TestSupport.run([sample, "--format", "html"]).stdout
        #expect(page.contains("<h3 id=\"f0-run2\">run 2 (Downloader pid 2388, lines 66–90)"))
        #expect(page.contains("<li id=\"f0-L75\"><span class=\"line\">\(sample):75</span> <b>app.handler.called</b>"))
        #expect(page.contains("<a href=\"#f0-L70\"><polygon"))
        #expect(page.contains("<td><a href=\"#f0-run2\">75:50</a></td><td>CB101 handler-called-early</td>"))
        #expect(page.contains("<text class=\"lane-label\" x=\"8\" y=\"69\">task 1 (com.acme.Downloader.bg)</text>"))
        // Nothing to fetch: no src attributes, and every link stays on the page.
        #expect(!page.contains("src="))
        #expect(page.components(separatedBy: "href=\"").dropFirst().allSatisfy { $0.hasPrefix("#") })
    }

    @Test(.enabled(if: HTMLReportTests.chromium != nil, "chromium is missing and `make chromium` could not install it"))
    func theSampleReportRendersInHeadlessChromium() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cbcheck-html-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let page = directory.appendingPathComponent("report.html")
        let screenshot = directory.appendingPathComponent("report.png")
        #expect(try TestSupport.run([sample, "--format", "html", "--output", page.path]).status == 1)
        let browser = Process()
        browser.executableURL = URL(fileURLWithPath: Self.chromium!)
        browser.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--screenshot=\(screenshot.path)", "--window-size=1400,900",
            page.absoluteString,
        ]
        browser.standardError = FileHandle.nullDevice
        browser.standardOutput = FileHandle.nullDevice
        try browser.run()
        browser.waitUntilExit()
        let png = try Data(contentsOf: screenshot)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let colours = try Self.distinctColours(png: screenshot.path)
        #expect(colours > 8, "a blank page has one or two colours; this one has \(colours)")
    }

    /// The timeline as Chromium lays it out (`Tests/timeline_layout.js` measures the report's
    /// boxes from a page that holds it in a frame): every lane has a label that fits its column
    /// and says what the lane holds; there are thread lanes with marks, CB104's evidence among the
    /// off-main thread's; each change of the band's colour is at the x of the event that changed
    /// the state; the axis has more than two tick labels, none over another.
    @Test(.enabled(if: HTMLReportTests.chromium != nil, "chromium is missing and `make chromium` could not install it"))
    func theSampleTimelineIsLabelledThreadedAndAlignedInHeadlessChromium() throws {
        let timelines = try Self.measuredTimelines(of: [sample])
        try #require(timelines.count == 3, "the sample has three runs")
        for (run, timeline) in timelines.enumerated() {
            let plotLeft = try #require(timeline.band.first?.box.left)
            var above = -Double.infinity
            for lane in timeline.lanes {
                let label = try #require(lane.labelBox, "run \(run + 1): a lane with no label")
                #expect(!lane.label.isEmpty && label.bottom - label.top >= 10, "run \(run + 1): \(lane.label)")
                #expect(label.right < plotLeft, "run \(run + 1): '\(lane.label)' runs into the plot")
                #expect(label.top >= above, "run \(run + 1): '\(lane.label)' overlaps the label above")
                above = label.bottom
            }
            let threads = timeline.lanes.filter(\.isThread)
            #expect(!threads.isEmpty && threads.allSatisfy { $0.label.hasPrefix("thread ") })
            #expect(threads.contains { $0.marks.contains { $0.box.right > $0.box.left } })
            // The event is in the app's lane, or in its session's (handleEvents names one).
            let marks = timeline.lanes.flatMap(\.marks)
            for period in timeline.band.dropFirst() {
                let mark = try #require(marks.first { $0.line == period.line }, "no mark for line \(period.line)")
                #expect(
                    abs(period.box.left - mark.box.centre) <= 1,
                    "run \(run + 1): \(period.name) begins at \(period.box.left), its line \(period.line) at \(mark.box.centre)"
                )
            }
            #expect(timeline.ticks.count > 2, "run \(run + 1): \(timeline.ticks.map(\.name))")
            for (left, right) in zip(timeline.ticks, timeline.ticks.dropFirst()) {
                #expect(left.box.right <= right.box.left, "tick '\(left.name)' overlaps '\(right.name)'")
            }
        }
        #expect(timelines[0].band.map(\.name) == ["unknown", "foreground", "background"])
        #expect(timelines[0].band.map(\.line) == [1, 8, 55])
        #expect(timelines[1].band.map(\.line) == [66, 70])
        #expect(
            timelines[1].lanes.map(\.label) == [
                "app state and app events", "session com.acme.Downloader.bg", "task 1 (com.acme.Downloader.bg)",
                "task 2 (com.acme.Downloader.bg)", "task 3 (com.acme.Downloader.bg)", "thread 1079902 (main)",
                "thread 1079961",
            ])
        // CB104: the handler called at line 75 off the main thread is a red mark in the other thread's lane.
        let offMain = timelines[1].lanes.filter { $0.marks.contains { $0.line == 75 && $0.name == "evidence" } }
        #expect(offMain.map(\.label) == ["session com.acme.Downloader.bg", "thread 1079961"])
    }

    /// A log with no times and no threads: its axis is by line, its thread lane says it has none.
    @Test(.enabled(if: HTMLReportTests.chromium != nil, "chromium is missing and `make chromium` could not install it"))
    func aLogWithNoTimesOrThreadsIsTickedByLineAndSaysSoInHeadlessChromium() throws {
        let timelines = try Self.measuredTimelines(of: ["Fixtures/formats/cb101-plain.log"])
        let timeline = try #require(timelines.first)
        #expect(timeline.ticks.count > 2 && timeline.ticks.allSatisfy { $0.name.hasPrefix("line ") })
        #expect(timeline.lanes.filter(\.isThread).map(\.label) == ["threads"])
        #expect(timeline.lanes.filter(\.isThread).allSatisfy { $0.marks.isEmpty })
        #expect(timeline.band.map(\.name) == ["unknown", "background"])
    }

    // MARK: - Private

    /// One timeline as `Tests/timeline_layout.js` measured it, in CSS pixels of the window.
    private struct MeasuredTimeline: Decodable {
        struct Box: Decodable {
            var left, right, top, bottom: Double
            var centre: Double { (left + right) / 2 }
        }
        /// A mark (named `event` or `evidence`), a period of the band (named by its state) or a tick
        /// (named by its label), and the line it is of.
        struct Element: Decodable {
            var name: String
            var line: Int?
            var box: Box
        }
        struct Lane: Decodable {
            var label: String
            var labelBox: Box?
            var isThread: Bool
            var marks: [Element]
        }
        var lanes: [Lane]
        var band: [Element]
        var ticks: [Element]
    }

    /// The HTML report of `arguments`, laid out by Chromium in a 1,400-pixel window and measured.
    private static func measuredTimelines(of arguments: [String]) throws -> [MeasuredTimeline] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cbcheck-layout-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let report = directory.appendingPathComponent("report.html")
        _ = try TestSupport.run(arguments + ["--format", "html", "--output", report.path])
        let script = try String(
            contentsOf: TestSupport.packageRoot.appendingPathComponent("Tests/timeline_layout.js"), encoding: .utf8)
        let harness = directory.appendingPathComponent("measure.html")
        try """
        <!doctype html>
        <html><body style="margin:0">
        <iframe id="report" src="report.html" width="1400" height="900"></iframe>
        <pre id="result">not measured</pre>
        <script>\(script)</script>
        </body></html>
        """.write(to: harness, atomically: true, encoding: .utf8)
        let browser = Process()
        browser.executableURL = URL(fileURLWithPath: chromium!)
        // The frame's document is the harness's to read only with file access between files.
        browser.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--allow-file-access-from-files", "--dump-dom",
            harness.absoluteString,
        ]
        let out = Pipe()
        browser.standardOutput = out
        browser.standardError = FileHandle.nullDevice
        try browser.run()
        let dom = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        browser.waitUntilExit()
        let result = try #require(
            dom.firstMatch(of: /<pre id="result">([^<]*)<\/pre>/).map { String($0.output.1) }, "no result in the DOM")
        let json = result.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
        try #require(json.hasPrefix("["), "the layout was not measured: \(json.prefix(200))")
        return try JSONDecoder().decode([MeasuredTimeline].self, from: Data(json.utf8))
    }

    /// Chromium on PATH, installed first with `make chromium` when missing.
    static let chromium: String? = {
        func find() -> String? {
            for name in ["chromium", "chromium-browser"] {
                for folder in ["/usr/bin", "/usr/local/bin", "/snap/bin"]
                where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
                    return "\(folder)/\(name)"
                }
            }
            return nil
        }
        if let found = find() { return found }
        let make = Process()
        make.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        make.arguments = ["make", "-s", "-C", TestSupport.packageRoot.path, "chromium"]
        try? make.run()
        make.waitUntilExit()
        return find()
    }()

    /// The number of distinct colours in a PNG, counted by Python's standard library (zlib).
    private static func distinctColours(png: String) throws -> Int {
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        python.arguments = [
            "python3", TestSupport.packageRoot.appendingPathComponent("Tests/png_colours.py").path, png,
        ]
        let out = Pipe()
        python.standardOutput = out
        try python.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        python.waitUntilExit()
        return Int(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }
}
