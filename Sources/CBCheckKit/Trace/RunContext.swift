import CPCRE2

/// What a run was instead of an app on a device left to the system, as its log shows: the
/// system suspends no app under a debugger (APPLE-FACTS D1), and the Simulator may not suspend
/// and resume faithfully (D2). A rule that `needs suspension` cannot be proven in such a run.
public enum RunContext: String, Sendable, Equatable {
    case debugger
    case simulator

    /// How a report names it: `under the debugger from line 40`.
    public func phrase(line: Int) -> String {
        switch self {
        case .debugger: "under the debugger (line \(line))"
        case .simulator: "in the Simulator (line \(line))"
        }
    }

    /// Why a rule that needs suspension is not provable in a run of this context.
    public func reason(run: Int, line: Int) -> String {
        switch self {
        case .debugger:
            "run \(run) ran under the debugger (line \(line)), which keeps the app from being suspended (APPLE-FACTS D1)"
        case .simulator:
            "run \(run) ran in the Simulator (line \(line)), which may not suspend the app as a device does (D2)"
        }
    }

    /// The context a trace event shows, if any: its own kind, or the run's first download's
    /// temporary file in the Simulator's device folders (one look a run: every download of a
    /// run lands in the same container, and a look at each was costly: docs/performance.md).
    static func shown(by event: Event, in run: RunRecord) -> RunContext? {
        if event.kind == .contextDebugger { return .debugger }
        if event.kind == .contextSimulator { return .simulator }
        guard event.kind == .taskFinishDownload, !run.sawDownloadLocation, var location = event[.location] else {
            return nil
        }
        run.sawDownloadLocation = true
        let isSimulator = location.withUTF8 { path in
            cbcheck_memmem(
                path.baseAddress, path.count, simulatorFolders.utf8Start, simulatorFolders.utf8CodeUnitCount) != nil
        }
        return isSimulator ? .simulator : nil
    }

    private static let simulatorFolders: StaticString = "/Library/Developer/CoreSimulator/Devices/"
}
