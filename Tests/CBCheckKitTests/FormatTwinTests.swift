import Foundation
import TestSupport
import Testing

@testable import CBCheckKit

/// The acceptance test of the log formats: the same story, captured by `log show`, `log show
/// --style compact`, `log stream --style ndjson` and a device syslog, yields the same trace and
/// the same findings as its NSLog twin.
@Suite struct FormatTwinTests {
    static let twins: [(nslog: String, twin: String)] = ["unified", "compact", "ndjson", "syslog"].flatMap { style in
        [
            ("Fixtures/scenarios/seed000-1-relaunched-in-background.log", "Fixtures/formats/seed000-1-\(style).log"),
            ("Fixtures/relaunch/cb101-handler-called-early.log", "Fixtures/formats/cb101-\(style).log"),
        ]
    }

    /// What the rules see of one event, without its line, time or column (which differ by format).
    struct Step: Equatable, CustomStringConvertible {
        var kind: String
        var run: Int
        var attributes: [String]
        var state: String
        var thread: String?
        var onMain: Bool?

        var description: String {
            "\(kind) run=\(run) \(attributes.joined(separator: " ")) \(state) thread=\(thread ?? "-") main=\(onMain.map(String.init) ?? "-")"
        }
    }

    private func trace(_ path: String) throws -> (steps: [Step], findings: [String], format: String?) {
        let checker = LogChecker(library: try RuleLibrary.builtIn())
        var steps: [Step] = []
        var findings: [String] = []
        let result = try checker.check(
            path: TestSupport.packageRoot.appendingPathComponent(path).path,
            onEvent: { event, _ in
                steps.append(
                    Step(
                        kind: event.kind.name, run: event.run,
                        attributes: event.attributes.map { "\($0.key.rawValue)=\($0.value)" }.sorted(),
                        state: event.appState.rawValue, thread: event.thread, onMain: event.isOnMainThread))
            }, onFinding: { findings.append("\($0.ruleID) \($0.verdict)") })
        return (steps, findings.sorted(), result.stats.format)
    }

    @Test(arguments: twins)
    func aTwinHasTheTraceAndFindingsOfItsNSLogOriginal(_ pair: (nslog: String, twin: String)) throws {
        let original = try trace(pair.nslog)
        let twin = try trace(pair.twin)
        #expect(original.format == "nslog")
        #expect(twin.format == pair.twin.split(separator: "-").last?.replacingOccurrences(of: ".log", with: ""))
        #expect(twin.findings == original.findings)
        #expect(!original.steps.isEmpty)
        // A device syslog has no threads: the kinds, attributes and states still agree, and no
        // event is said to be on or off the main thread (never a guess).
        let threadless = pair.twin.hasSuffix("-syslog.log")
        let expected = original.steps.map { step in
            threadless ? Step(kind: step.kind, run: step.run, attributes: step.attributes, state: step.state) : step
        }
        #expect(twin.steps == expected)
    }
}
