import Foundation
import TestSupport
import Testing

/// `--format html` on the built binary: hostile log text stays text, and the page renders in a
/// real browser (Debian's headless Chromium) to something that is not blank.
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

    // MARK: - Private

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
