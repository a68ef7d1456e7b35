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
            (.sessionNamed, "session.named"), (.systemKill, "system.kill"),
        ]
        for (kind, name) in named {
            #expect(kind.name == name)
            #expect(kind == EventKind(named: name))
        }
    }

    /// The attributes each kind carries are written out as bits (static data, no lazily made table
    /// checked at every `carries`); they must be the vocabulary's, bit for bit, and `carries` must
    /// answer as the vocabulary does for every kind and attribute.
    @Test func carriedAttributeBitsAreTheVocabularys() {
        let computed = EventKind.vocabulary.map { entry in
            entry.attributes.reduce(UInt32(0)) { $0 | 1 << UInt32($1.ordinal) }
        }
        let table = computed.map { "0x" + String($0, radix: 16) }.joined(separator: ", ")
        #expect(EventKind.carriedAttributes == computed, "write the table as [\(table)]")
        for kind in EventKind.all {
            for attribute in Attribute.allCases {
                #expect(kind.carries(attribute) == kind.attributes.contains(attribute), "\(kind) \(attribute)")
            }
        }
    }

    /// The kinds' flags are written out as bits too; they must be what the vocabulary says.
    @Test func flagBitsAreTheVocabularys() {
        let computed = EventKind.vocabulary.map { EventKind.Flags($0).rawValue }
        let table = computed.map { String($0) }.joined(separator: ", ")
        #expect(EventKind.flags == computed, "write the table as [\(table)]")
        let handler = EventKind.named("app.handler.called")
        #expect(handler.isHandlerKind && !handler.isTaskKind && !handler.isSynthetic)
        #expect(EventKind.taskComplete.isTaskKind && !EventKind.taskComplete.runsOnMainThread)
        #expect(EventKind.systemTaskFinished.isSystemKind && EventKind.logEnd.isSynthetic)
        #expect(EventKind.appLaunch.runsOnMainThread && !EventKind.appLaunch.isSystemKind)
    }
}
