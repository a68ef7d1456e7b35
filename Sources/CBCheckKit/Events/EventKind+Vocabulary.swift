extension EventKind {
    struct Entry {
        let name: String
        let summary: String
        let attributes: Set<Attribute>
        var runsOnMainThread = false
    }

    /// The canonical events of ORDERINGS.md. Names are stable: rules and event maps use them.
    static let vocabulary: [Entry] = [
        Entry(name: "run.start", summary: "a run (process lifetime) begins: a new pid, or a launch", attributes: []),
        Entry(
            name: "run.end", summary: "evidence that a run ended: termination, or the next run began", attributes: []),
        Entry(name: "log.end", summary: "the log ends with no evidence the run ended", attributes: []),
        Entry(
            name: "app.launch", summary: "application:willFinishLaunching / didFinishLaunchingWithOptions:",
            attributes: [], runsOnMainThread: true),
        Entry(
            name: "app.foreground", summary: "applicationWillEnterForeground: / sceneWillEnterForeground:",
            attributes: [], runsOnMainThread: true),
        Entry(
            name: "app.active", summary: "applicationDidBecomeActive: / sceneDidBecomeActive:",
            attributes: [], runsOnMainThread: true),
        Entry(
            name: "app.resignActive", summary: "applicationWillResignActive: / sceneWillResignActive:",
            attributes: [], runsOnMainThread: true),
        Entry(
            name: "app.background", summary: "applicationDidEnterBackground: / sceneDidEnterBackground: (entry)",
            attributes: [], runsOnMainThread: true),
        Entry(
            name: "app.background.return", summary: "applicationDidEnterBackground: returned",
            attributes: [], runsOnMainThread: true),
        Entry(
            name: "app.terminate", summary: "applicationWillTerminate:", attributes: [], runsOnMainThread: true),
        Entry(
            name: "app.forceQuit",
            summary: "the user force-quit the app (a test harness's marker; the next run sees reason 0)",
            attributes: []),
        Entry(
            name: "app.handleEvents",
            summary: "application:handleEventsForBackgroundURLSession:completionHandler:",
            attributes: [.identifier], runsOnMainThread: true),
        Entry(
            name: "app.handler.stored", summary: "the app stores the handleEvents completion handler",
            attributes: [.identifier]),
        Entry(
            name: "app.handler.called", summary: "the app calls the handleEvents completion handler",
            attributes: [.identifier]),
        Entry(
            name: "app.handler.neverCalled",
            summary: "UIKit's warning that the handleEvents completion handler was never called",
            attributes: [.identifier]),
        Entry(
            name: "session.create",
            summary: "a session is made (background(withIdentifier:) / backgroundSessionConfigurationWithIdentifier:)",
            attributes: [.identifier, .background]),
        Entry(
            name: "session.exists",
            summary: "the system's \"A background URLSession with identifier … already exists!\"",
            attributes: [.identifier]),
        Entry(
            name: "session.invalidate", summary: "invalidateAndCancel / finishTasksAndInvalidate",
            attributes: [.identifier]),
        Entry(
            name: "session.invalid", summary: "URLSession:didBecomeInvalidWithError:",
            attributes: [.identifier, .error]),
        Entry(
            name: "session.finishEvents", summary: "URLSessionDidFinishEventsForBackgroundURLSession:",
            attributes: [.identifier]),
        Entry(
            name: "task.create", summary: "a task is made (downloadTask(with:), uploadTask(with:fromFile:), …)",
            attributes: [.identifier, .task, .kind, .fromResumeData, .body, .withHandler, .background]),
        Entry(name: "task.resume", summary: "a task is resumed", attributes: [.identifier, .task, .kind]),
        Entry(
            name: "task.cancel", summary: "cancel / cancelByProducingResumeData:",
            attributes: [.identifier, .task, .kind]),
        Entry(
            name: "task.progress", summary: "didWriteData:totalBytesWritten:… / didSendBodyData:",
            attributes: [.identifier, .task, .kind, .bytes, .expected]),
        Entry(
            name: "task.resumedAt", summary: "didResumeAtOffset:expectedTotalBytes:",
            attributes: [.identifier, .task, .kind, .offset, .expected]),
        Entry(
            name: "task.finishDownload", summary: "didFinishDownloadingToURL:",
            attributes: [.identifier, .task, .kind, .location]),
        Entry(
            name: "task.complete", summary: "URLSession:task:didCompleteWithError:",
            attributes: [.identifier, .task, .kind, .error, .status, .reason]),
        Entry(
            name: "task.redirect", summary: "willPerformHTTPRedirection (not delivered in background sessions)",
            attributes: [.identifier, .task]),
        Entry(
            name: "task.waiting", summary: "taskIsWaitingForConnectivity (not delivered in background sessions)",
            attributes: [.identifier, .task]),
        Entry(
            name: "task.delegateSet", summary: "a per-task delegate is set (task.delegate =)",
            attributes: [.identifier, .task]),
        Entry(
            name: "app.fileMoved", summary: "the app moves a downloaded file",
            attributes: [.identifier, .task, .path]),
        Entry(
            name: "app.fileDeleted", summary: "the app deletes a file", attributes: [.identifier, .task, .path]),
        Entry(
            name: "app.resultRecorded", summary: "the app persists a task's outcome",
            attributes: [.identifier, .task, .status, .outcome]),
        Entry(
            name: "bgtask.begin", summary: "beginBackgroundTaskWithExpirationHandler: returned an id",
            attributes: [.bgtask]),
        Entry(name: "bgtask.end", summary: "endBackgroundTask:", attributes: [.bgtask]),
        Entry(
            name: "bgtask.overdue",
            summary: "UIKit's warning that a background task was created over 30 seconds ago and not ended",
            attributes: [.bgtask]),
        Entry(
            name: "bgtask.expired", summary: "a background task's expiration handler runs",
            attributes: [.bgtask], runsOnMainThread: true),
        Entry(name: "socket.listen.open", summary: "a listening socket is opened", attributes: [.port]),
        Entry(name: "socket.listen.close", summary: "a listening socket is closed", attributes: [.port]),
        Entry(name: "bonjour.publish", summary: "a Bonjour service is published", attributes: [.name, .port]),
        Entry(name: "bonjour.stop", summary: "a Bonjour service is stopped", attributes: [.name, .port]),
        // CFNetwork's own lines (`Task <UUID>.<N> …`): the system's account of a task, logged before
        // the app's delegate hears of it, so never the app's callbacks (docs/event-map.md).
        Entry(
            name: "cfnet.task.resume", summary: "CFNetwork: Task <UUID>.<N> resuming (the system's line)",
            attributes: [.identifier, .task]),
        Entry(
            name: "cfnet.task.response",
            summary: "CFNetwork: Task <UUID>.<N> received response, status N (nsurlsessiond: didReceiveResponse)",
            attributes: [.identifier, .task, .status]),
        Entry(
            name: "cfnet.task.summary",
            summary: "CFNetwork: Task <UUID>.<N> summary for task success|failure {… response_status=N …}",
            attributes: [.identifier, .task, .status, .outcome]),
        Entry(
            name: "cfnet.task.finished",
            summary:
                "CFNetwork: Task <UUID>.<N> finished successfully / with error [code] (before didCompleteWithError)",
            attributes: [.identifier, .task, .error, .reason]),
        Entry(
            name: "cfnet.session.noDaemon",
            summary: "CFNetwork: BackgroundSession <UUID> cannot reach nsurlsessiond (the Simulator, a test bundle)",
            attributes: []),
        // The trace builder's: a repeated mention of a callback, folded into the call, named the
        // run's unnamed session (`BindingNote.namesUnnamedSession`).
        Entry(
            name: "session.named",
            summary: "a folded repeat of a callback names the session the run's earlier lines left unnamed",
            attributes: [.identifier]),
        // The system's own account that it ended the app: a crash report's termination reason, a
        // SpringBoard or runningboardd line. It ends the run (evidence, like applicationWillTerminate).
        Entry(
            name: "system.kill",
            summary:
                "the system terminated the app: a watchdog (0x8badf00d), a lock held at suspension (0xdead10cc), "
                + "a CPU limit, assertions beyond permitted time (reason = watchdog, lock, cpu, refresh, assertions, signal)",
            attributes: [.reason, .bgtask]),
        Entry(
            name: "bgtask.unended",
            summary: "UIKit's warning that a background task was still not ended after its expiration handlers ran",
            attributes: [.bgtask]),
        // Foundation's exception when a task is asked of a session already invalidated.
        Entry(
            name: "session.refusedTask",
            summary: "the system refused to make a task: the session had been invalidated (NSGenericException)",
            attributes: [.identifier]),
        // UIKit's warning that endBackgroundTask named no background task in progress.
        Entry(
            name: "bgtask.endUnknown",
            summary:
                "UIKit's warning that endBackgroundTask named no background task in progress (ended twice, or never begun)",
            attributes: [.bgtask]),
        // What the run was not: a device left to the system. Rules that `needs suspension` cannot
        // be proven in such a run.
        Entry(
            name: "context.debugger",
            summary:
                "the app ran under a debugger (Xcode's 'Message from debugger:', lldb): never suspended (APPLE-FACTS D1)",
            attributes: []),
        // UIKit's warning that the app delegate never called a fetch's completion handler.
        Entry(
            name: "app.fetchHandler.neverCalled",
            summary:
                "UIKit's warning that didReceiveRemoteNotification:fetchCompletionHandler: or "
                + "performFetchWithCompletionHandler:'s completion handler was never called",
            attributes: []),
        Entry(
            name: "context.simulator",
            summary: "the app ran in the Simulator (a CoreSimulator path): suspension may not be faithful (D2)",
            attributes: []),
    ]
}
