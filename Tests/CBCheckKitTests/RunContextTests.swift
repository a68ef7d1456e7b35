import Foundation
import TestSupport
import Testing

@testable import CBCheckKit

/// Runs the log shows were no device left to the system: under the debugger (APPLE-FACTS D1), in
/// the Simulator (D2). They are named in the run's description, and a rule that needs suspension
/// is not provable in them.
@Suite struct RunContextTests {
    private func check(_ text: String) throws -> (findings: [Finding], runs: [RunRecord], notChecked: NotCheckedRules) {
        let library = try RuleLibrary.builtIn()
        var findings: [Finding] = []
        var runs: [RunRecord] = []
        let result = try LogChecker(library: library).check(
            path: try TestSupport.temporaryFile(text), onRunEnd: { run, _ in runs.append(run) },
            onFinding: { findings.append($0) })
        return (findings, runs, NotCheckedRules(library.rules, coverage: result.coverage, stats: result.stats))
    }

    private static let listenerKeptOpen = """
        2026-03-16 11:02:40.318 KitchenDisplay[7120:1610334] -[AppDelegate application:didFinishLaunchingWithOptions:]
        2026-03-16 11:02:40.601 KitchenDisplay[7120:1610334] [KDSServer] started listening on port 8080
        2026-03-16 11:09:55.990 KitchenDisplay[7120:1610334] -[AppDelegate applicationDidEnterBackground:]
        2026-03-16 11:09:55.996 KitchenDisplay[7120:1610334] -[AppDelegate applicationDidEnterBackground:] returning

        """

    @Test func aDebuggersLastLineMakesASuspensionRuleNotProvable() throws {
        let device = try check(Self.listenerKeptOpen)
        #expect(device.findings.map(\.ruleID) == ["CB504"])
        #expect(device.runs.first?.context.isEmpty == true)
        let debugger = try check(Self.listenerKeptOpen + "Message from debugger: Terminated due to signal 9\n")
        #expect(debugger.findings.isEmpty)
        let run = try #require(debugger.runs.first)
        #expect(run.context.map(\.kind) == [.debugger])
        #expect(RunDescription.of(run) == "run 1 (KitchenDisplay pid 7120, lines 1–5, under the debugger (line 5))")
        #expect(
            debugger.notChecked.reason(for: "CB504")
                == "run 1 ran under the debugger (line 5), which keeps the app from being suspended (APPLE-FACTS D1)")
    }

    @Test(arguments: ["(lldb) bt", "Process 7120 stopped", "Process 7120 exited with status = 9 (0x00000009)"])
    func lldbsLinesAreTheDebuggerToo(line: String) throws {
        let checked = try check(Self.listenerKeptOpen + line + "\n")
        #expect(checked.findings.isEmpty, "\(line)")
        #expect(checked.runs.first?.context.map(\.kind) == [.debugger], "\(line)")
    }

    @Test func aDownloadsTemporaryFileInTheSimulatorsFoldersIsTheSimulator() throws {
        let checked = try check(
            Self.listenerKeptOpen
                + "2026-03-16 11:09:56.100 KitchenDisplay[7120:1610401] urlSession(_:downloadTask:didFinishDownloadingTo:) "
                + "task=3 location=file:///Users/dev/Library/Developer/CoreSimulator/Devices/"
                + "6E1B0C2D-3F4A-4B5C-8D9E-0A1B2C3D4E5F/data/Containers/Data/Application/x/tmp/CFNetworkDownload_a.tmp\n"
        )
        #expect(checked.findings.map(\.ruleID).contains("CB504") == false)
        #expect(checked.runs.first?.context.map(\.kind) == [.simulator])
        #expect(checked.runs.first?.context.first?.line == 5)
    }

    @Test func aMentionOfTheDebuggerInsideAMessageIsNoContext() throws {
        let checked = try check(
            Self.listenerKeptOpen.replacingOccurrences(
                of: "[KDSServer] started", with: "[Log] see 'Message from debugger: x' [KDSServer] started"))
        #expect(checked.runs.first?.context.isEmpty == true)
    }
}
