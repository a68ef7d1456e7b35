/// Folding the repeated mentions of one callback into the call. Apps log a callback more than
/// once: on entry and on exit, "will call" and "did call", once per observer of a multicast
/// delegate, or a method name followed by what it did ("…handleEventsForBackgroundURLSession
/// Rejoining session …"). Read as calls, one wake gets two handleEvents scopes and the real one
/// is reported "never called", one completion counts twice.
///
/// A mention is an echo of the run's last callback when it is of the same kind, on the same thread,
/// within `echoWindow` seconds, and says nothing that contradicts it (another session, task, error,
/// status, byte count or file); no other callback or handler call may come between. Without time
/// stamps (Xcode `print` lines) it must be the run's very next event, at most two lines on. A true
/// second call is told by what differs (its values, its thread, the time since, what came between).
extension TraceBuilder {
    /// The callback kinds whose repeated mentions fold: each is called once per occurrence.
    static let foldedKinds: Set<String> = [
        "app.launch", "app.foreground", "app.active", "app.resignActive", "app.background", "app.terminate",
        "app.handleEvents", "session.finishEvents", "session.invalid", "task.finishDownload", "task.complete",
        "task.resumedAt",
    ]

    /// How far apart two mentions of one callback may be: entry and exit of one call.
    static let echoWindow = 1.0

    /// The attributes two mentions of one callback must not disagree on.
    private static let identity: [Attribute] = [.identifier, .task, .error, .status, .bytes, .location, .offset]

    /// Whether `event` repeats `last`, the run's last callback (see the type's comment).
    static func isEcho(_ event: Event, of last: Event, eventsBetween: Int) -> Bool {
        isFolded(event.kind) && isRepeat(event, of: last, eventsBetween: eventsBetween)
    }

    /// Whether `event` says again what `last` said: the same kind, thread and values, close in
    /// time (or on the next lines when the log has no times).
    private static func isRepeat(_ event: Event, of last: Event, eventsBetween: Int) -> Bool {
        guard event.kind == last.kind else { return false }
        if let thread = event.thread, let other = last.thread, thread != other { return false }
        if let time = event.time, let other = last.time {
            if abs(other.seconds(until: time)) > echoWindow { return false }
        } else if eventsBetween > 0 || event.line - last.line > 2 {
            return false
        }
        for attribute in identity {
            guard let value = event[attribute], !last.inferred.contains(attribute), let other = last[attribute] else {
                continue
            }
            if value != other { return false }
        }
        return true
    }

    /// The run's last callback, when `event` repeats it.
    func echoesLastCallback(_ event: Event, of run: RunRecord) -> Event? {
        guard let last = run.lastCallback, Self.isEcho(event, of: last, eventsBetween: run.eventsSinceCallback) else {
            return nil
        }
        return last
    }

    /// Folds `event` when it is an app's sentence (`RecognitionTier.phrasing`) that restates the
    /// run's event just before it, which stronger evidence said: "creating background session"
    /// after the `backgroundSessionConfiguration(withIdentifier:)` line, "called the completion
    /// handler" after `completionHandler()`. Read as a second action it gave a second session
    /// (CB108) or a second call (CB103). Two sentences in a row are two actions: the same sentence
    /// from two callers is how a handler gets called twice.
    /// - Returns: whether the event was folded (and must not go on).
    func foldRestatement(_ event: Event, in run: RunRecord) -> Bool {
        guard event.tier == .phrasing, let last = run.lastEvent, let stronger = last.tier, stronger < .phrasing,
            Self.isRepeat(event, of: last, eventsBetween: 0)
        else { return false }
        echoesFolded += 1
        return true
    }

    /// Whether mentions of `kind` fold (`foldedKinds`), by a table read for every event.
    static func isFolded(_ kind: EventKind) -> Bool { foldedByIndex[kind.index] }

    private static let foldedByIndex: [Bool] = EventKind.all.map { foldedKinds.contains($0.name) }

    /// Folds `event` if it echoes its run's last callback: counted, and when it names the session the
    /// run's earlier lines left unnamed, the trace gets a `session.named` event in its place.
    /// - Returns: whether the event was folded (and must not go on).
    func foldEcho(_ event: Event, _ naming: TaskNaming, in run: RunRecord) -> Bool {
        guard let last = echoesLastCallback(event, of: run) else { return false }
        echoesFolded += 1
        var named = event
        nameUnnamedSession(by: &named, naming, in: run)
        guard named.namesUnnamedSession else { return true }
        var marker = Event(
            kind: .sessionNamed, attributes: [.identifier: named[.identifier] ?? ""], line: event.line,
            column: event.column, time: event.time, process: event.process, pid: event.pid, thread: event.thread,
            text: "line \(event.line) repeats the \(event.kind) of line \(last.line) and names its session")
        marker.namesUnnamedSession = true
        marker.note(.namesUnnamedSession)
        emitNamed(marker, run)
        return true
    }
}
