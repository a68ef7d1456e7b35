import Foundation
import TestSupport

@testable import CBCheckKit

/// Reads a log given as text the way `LogChecker` does (detection, the built-in event map), for
/// tests that look at records, events and statistics rather than findings.
struct ReadLog {
    var events: [Event] = []
    var stats: LineStats

    init(_ text: String, format: (any LogFormat)? = nil, process: String? = nil) throws {
        var checker = LogChecker(library: try RuleLibrary.builtIn())
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
