import Testing

@testable import CBCheckKit

@Suite struct EventKindTests {
    /// The named kinds are written as their place in the vocabulary (constants, so reading one costs
    /// nothing per event); each must still be the kind its name says, whatever the vocabulary's order.
    @Test func namedKindsAreTheKindsOfTheirNames() {
        let named: [(EventKind, String)] = [
            (.runStart, "run.start"), (.runEnd, "run.end"), (.logEnd, "log.end"), (.appLaunch, "app.launch"),
            (.appTerminate, "app.terminate"), (.appForeground, "app.foreground"), (.appActive, "app.active"),
            (.appBackground, "app.background"), (.appHandleEvents, "app.handleEvents"),
            (.handlerCalled, "app.handler.called"), (.sessionCreate, "session.create"),
            (.sessionFinishEvents, "session.finishEvents"), (.taskCreate, "task.create"),
            (.taskComplete, "task.complete"), (.taskFinishDownload, "task.finishDownload"),
            (.taskResumedAt, "task.resumedAt"), (.systemTaskFinished, "cfnet.task.finished"),
        ]
        for (kind, name) in named {
            #expect(kind.name == name)
            #expect(kind == EventKind(named: name))
        }
    }
}
