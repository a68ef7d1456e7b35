import LogReading

/// CFNetwork's own lines (`cfnet.*`): one task seen by the app's process and by nsurlsessiond is
/// one task, never two.
///
/// CFNetwork names a task `Task <UUID>.<N>`, the task's own UUID and its taskIdentifier, in both
/// processes. A line of the app's process belongs to the app's run like any other; the run then
/// knows the UUID. A daemon's line joins the live run of the app process that named the same UUID,
/// and is dropped when no live run did: the daemon also works for apps whose lines are not in the
/// log, and for runs that have ended, and its line is then nobody's callback. Each `cfnet.*` kind
/// is kept once per task and run, so the daemon repeating the app's line, or CFNetwork writing
/// "load failed" and then "finished with error", is the same end seen twice.
extension TraceBuilder {
    /// The run a `cfnet.*` event belongs to, or `nil` when it is dropped (a daemon's line no live
    /// run claims, or a fact about the task the run already has).
    func runForSystemLine(_ event: Event) -> RunRecord? {
        // The system's word that it ended an app (SpringBoard, runningboardd): the run of the app
        // its message names (`Downloader[4821] has active assertions…`), made when the log has no
        // other line of it; a message naming none joins the one live app run, else a run of its own
        // (a crash report, a log of the daemon alone). Joined to whichever app was live, another
        // app's kill ended a run that was not killed.
        if event.kind == .systemKill {
            guard SystemProcesses.isDaemon(event.process ?? "") else { return runFor(event) }
            if let target = KilledProcess.named(in: event.text) {
                var named = event
                (named.process, named.pid) = (target.name, target.pid)
                return runFor(named)
            }
            let live = runsByProcess.values.filter { $0.ending == nil && !SystemProcesses.isDaemon($0.process ?? "") }
            return live.count == 1 ? live[0] : runFor(event)
        }
        let name = CFNetworkTaskName.of(event.text)
        let run: RunRecord
        if SystemProcesses.isDaemon(event.process ?? "") {
            guard let name,
                let owner = runsByProcess.values.first(where: { $0.ending == nil && $0.systemTasks[name] != nil })
            else { return nil }
            run = owner
        } else {
            run = runFor(event)
        }
        guard let name else { return run }
        return run.systemTasks[name, default: KindMask([])].insert(event.kind) ? run : nil
    }
}

/// The `UUID.N` of CFNetwork's `Task <UUID>.<N>`: the first one in a message, where `Task` starts a
/// word (`BackgroundDownloadTask <…>` further on in an error's user info is another spelling of it).
enum CFNetworkTaskName {
    static func of(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        let lead = Array("Task <".utf8)
        var start = 0
        while start + lead.count <= bytes.count {
            defer { start += 1 }
            guard bytes[start..<start + lead.count].elementsEqual(lead) else { continue }
            if start > 0, isWordByte(bytes[start - 1]) { continue }
            var index = start + lead.count
            let uuidStart = index
            while index < bytes.count, isHexOrDash(bytes[index]) { index += 1 }
            guard index > uuidStart, index + 2 < bytes.count, bytes[index] == 0x3E, bytes[index + 1] == 0x2E,
                bytes[index + 2] == 0x3C
            else { continue }
            let uuidEnd = index
            index += 3
            let numberStart = index
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
            guard index > numberStart, index < bytes.count, bytes[index] == 0x3E else { continue }
            let uuid = String(decoding: bytes[uuidStart..<uuidEnd], as: UTF8.self)
            return uuid.uppercased() + "." + String(decoding: bytes[numberStart..<index], as: UTF8.self)
        }
        return nil
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == 0x5F
    }

    private static func isHexOrDash(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66)
            || byte == 0x2D
    }
}

/// The app a system kill line names: `Name[pid]` (SpringBoard's `Downloader[4821] has active
/// assertions beyond permitted time`, `Forcing crash report of BT[4821]`), the first such word.
enum KilledProcess {
    static func named(in text: String) -> (name: String, pid: Int)? {
        let bytes = Array(text.utf8)
        var index = 0
        while let open = bytes[index...].firstIndex(of: 0x5B) {
            index = open + 1
            var end = index
            var pid = 0
            while end < bytes.count, bytes[end] >= 0x30, bytes[end] <= 0x39, end - index < 9 {
                pid = pid * 10 + Int(bytes[end] - 0x30)
                end += 1
            }
            guard end > index, end < bytes.count, bytes[end] == 0x5D else { continue }
            var start = open
            while start > 0, bytes[start - 1] != 0x20, bytes[start - 1] != 0x3A { start -= 1 }
            guard start < open else { continue }
            return (String(decoding: bytes[start..<open], as: UTF8.self), pid)
        }
        return nil
    }
}
