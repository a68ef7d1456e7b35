import Foundation
import TestSupport
import Testing

@testable import CBCheckKit

/// The acceptance test of the log formats: the same story, captured by `log show` (default,
/// compact, syslog and json styles), `log stream --style ndjson`, a device syslog, Console.app
/// pastes, Xcode's console showing `print`, and app loggers, yields the same trace and the same
/// findings as its NSLog twin (`Scripts/fixtures/make_format_twins.py` writes them); so does the
/// NSLog capture pasted into an issue, quoted, indented or numbered (written by hand).
@Suite struct FormatTwinTests {
    /// What a twin's format says of threads.
    enum Threads {
        /// The same thread ids as NSLog (hex ones shown in decimal).
        case same
        /// None: no event is said to be on or off the main thread.
        case none
        /// Names of their own (React Native's queues): only on-main or off-main is compared.
        case renamed
    }

    struct Twin: CustomStringConvertible {
        var nslog: String
        var twin: String
        var format: String
        var threads: Threads
        var description: String { twin }
    }

    static let stories = [
        ("seed000-1", "Fixtures/scenarios/seed000-1-relaunched-in-background.log"),
        ("cb101", "Fixtures/relaunch/cb101-handler-called-early.log"),
    ]

    /// Twins of both stories: the file's suffix, its detected format, and what it says of threads.
    static let bothStories: [(String, String, Threads)] = [
        ("unified", "unified", .same), ("compact", "compact", .same), ("ndjson", "ndjson", .same),
        ("syslog", "syslog", .none), ("unified-syslog", "unified-syslog", .none), ("json", "json", .same),
        ("console", "console", .none), ("console-category", "console", .same),
        ("console-processlast", "console", .none), ("console-export", "console", .same), ("plain", "plain", .none),
    ]

    /// Twins of the first story only: app loggers, alone or inside NSLog's prefix.
    static let firstStory: [(String, String, Threads)] = [
        ("lumberjack", "nslog", .same), ("flutter", "nslog", .same), ("swiftybeaver", "applogger", .none),
        ("reactnative", "applogger", .renamed),
    ]

    /// Twins of the second story as pasted into an issue thread (docs/log-formats.md, "Pasted
    /// logs"): the decoration is taken off and the lines are NSLog's again.
    static let pastes: [(String, String, Threads)] = [
        ("quoted-paste", "nslog", .same), ("indented-paste", "nslog", .same), ("numbered-paste", "nslog", .same),
        ("inline-code-paste", "nslog", .same),
    ]

    static let twins: [Twin] =
        stories.flatMap { stem, nslog in
            bothStories.map {
                Twin(nslog: nslog, twin: "Fixtures/formats/\(stem)-\($0.0).log", format: $0.1, threads: $0.2)
            }
        }
        + firstStory.map {
            Twin(nslog: stories[0].1, twin: "Fixtures/formats/seed000-1-\($0.0).log", format: $0.1, threads: $0.2)
        }
        + pastes.map {
            Twin(nslog: stories[1].1, twin: "Fixtures/formats/cb101-\($0.0).log", format: $0.1, threads: $0.2)
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
    func aTwinHasTheTraceAndFindingsOfItsNSLogOriginal(_ pair: Twin) throws {
        let original = try trace(pair.nslog)
        let twin = try trace(pair.twin)
        #expect(original.format == "nslog")
        #expect(twin.format == pair.format)
        #expect(twin.findings == original.findings)
        #expect(!original.steps.isEmpty)
        // A format without threads still agrees on kinds, attributes and states, and says of no
        // event that it is on or off the main thread (never a guess).
        let expected = original.steps.map { step in
            switch pair.threads {
            case .same: step
            case .none: Step(kind: step.kind, run: step.run, attributes: step.attributes, state: step.state)
            case .renamed:
                Step(
                    kind: step.kind, run: step.run, attributes: step.attributes, state: step.state, onMain: step.onMain)
            }
        }
        let actual = twin.steps.map { step in
            pair.threads == .renamed
                ? Step(
                    kind: step.kind, run: step.run, attributes: step.attributes, state: step.state, onMain: step.onMain)
                : step
        }
        #expect(actual == expected)
    }

    @Test func everyTwinIsListed() throws {
        let files = try FileManager.default.contentsOfDirectory(
            atPath: TestSupport.packageRoot.appendingPathComponent("Fixtures/formats").path)
        #expect(Set(files.map { "Fixtures/formats/\($0)" }) == Set(Self.twins.map(\.twin)))
    }
}
