import Foundation
import TestSupport

@testable import CBCheckKit
@testable import LogReading

/// Reads a log given as text the way `LogChecker` does (detection, the built-in event map), for
/// tests that look at records, events and statistics rather than findings.
struct ReadLog {
    var events: [Event] = []
    var stats: LineStats

    /// - Parameter library: the rules, map and line formats to read with (the built-in ones).
    init(
        _ text: String, format: (any LogFormat)? = nil, process: String? = nil, library: RuleLibrary? = nil
    ) throws {
        var checker = LogChecker(library: try library ?? RuleLibrary.builtIn())
        checker.format = format
        checker.process = process
        var events: [Event] = []
        let result = try checker.check(
            path: try TestSupport.temporaryFile(text),
            onEvent: { event, _ in if !event.kind.isSynthetic { events.append(event) } }, onFinding: { _ in })
        self.events = events
        stats = result.stats
    }

    /// `kind@line` of each event.
    var kinds: [String] { events.map { "\($0.kind.name)@\($0.line)" } }
}

/// Checks lines given one a string with the built-in rules, for tests that judge what a trace
/// makes of wordings: the violations as `ID@line`, the statistics and the events.
struct CheckedLines {
    var findings: [String] = []
    var stats: LineStats
    var events: [Event] = []

    /// - Parameter keep: which trace events to keep (the log's own, by default).
    init(_ lines: [String], keep: @escaping (Event) -> Bool = { !$0.kind.isSynthetic }) throws {
        let checker = LogChecker(library: try RuleLibrary.builtIn())
        var found: [String] = []
        var events: [Event] = []
        let result = try checker.check(
            path: try TestSupport.temporaryFile(lines.joined(separator: "\n") + "\n"),
            onEvent: { event, _ in if keep(event) { events.append(event) } },
            onFinding: { if $0.verdict == .violated { found.append("\($0.ruleID)@\($0.location.line)") } })
        findings = found.sorted()
        stats = result.stats
        self.events = events
    }
}
