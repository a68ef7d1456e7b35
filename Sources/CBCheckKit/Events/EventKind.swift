/// A canonical event kind of ORDERINGS.md (`app.handleEvents`, `task.complete`, …), as a small
/// index into `EventKind.vocabulary` so monitors dispatch on an integer, not a string.
public struct EventKind: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let index: Int

    /// The kind's stable name, as rules and the event map spell it.
    public var name: String { Self.vocabulary[index].name }
    public var description: String { name }
    /// What the kind stands for, for `cbcheck trace --help` and the docs.
    public var summary: String { Self.vocabulary[index].summary }
    /// The attributes events of this kind may carry; slicing by an attribute the kind does not
    /// carry broadcasts the event to every slice of its run.
    public var attributes: Set<Attribute> { Self.vocabulary[index].attributes }
    /// UIApplicationDelegate calls always run on the main thread, so they teach a run its main thread.
    public var runsOnMainThread: Bool { Self.vocabulary[index].runsOnMainThread }
    /// Made by the trace builder (`run.start`, `run.end`, `log.end`), never by the event map.
    public var isSynthetic: Bool { Self.syntheticKinds[index] }

    public static func < (lhs: EventKind, rhs: EventKind) -> Bool { lhs.index < rhs.index }

    /// The kind named `name`, or `nil` if the vocabulary has no such kind.
    public init?(named name: String) {
        guard let index = Self.indexByName[name] else { return nil }
        self.index = index
    }

    private init(index: Int) { self.index = index }

    /// Every kind, in vocabulary order.
    public static let all: [EventKind] = vocabulary.indices.map { EventKind(index: $0) }

    /// The hint for a name that is no kind: the closest kind, or where the list is.
    static func hint(forUnknown name: String) -> String {
        name.didYouMean(in: all.filter { !$0.isSynthetic }.map(\.name))
            ?? "see 'cbcheck trace --help' for the event kinds"
    }

    static func named(_ name: String) -> EventKind {
        guard let kind = EventKind(named: name) else { preconditionFailure("no event kind \(name)") }
        return kind
    }

    public static let runStart = named("run.start")
    public static let runEnd = named("run.end")
    public static let logEnd = named("log.end")
    public static let appLaunch = named("app.launch")
    public static let appTerminate = named("app.terminate")
    public static let appForeground = named("app.foreground")
    public static let appActive = named("app.active")
    public static let appBackground = named("app.background")
    public static let appHandleEvents = named("app.handleEvents")
    public static let handlerCalled = named("app.handler.called")
    public static let sessionCreate = named("session.create")
    public static let sessionFinishEvents = named("session.finishEvents")
    public static let taskCreate = named("task.create")
    public static let taskComplete = named("task.complete")
    public static let taskFinishDownload = named("task.finishDownload")
    public static let taskResumedAt = named("task.resumedAt")
    public static let systemTaskFinished = named("cfnet.task.finished")

    /// Whether events of this kind carry `attribute`: a bit test, since the trace builder and the
    /// slice trees ask it for every event.
    public func carries(_ attribute: Attribute) -> Bool {
        Self.attributeMasks[index] & (1 << UInt32(attribute.ordinal)) != 0
    }

    /// `task.*` kinds: callbacks and actions of one URLSession task.
    public var isTaskKind: Bool { Self.taskKinds[index] }

    /// `cfnet.*` kinds: CFNetwork's own lines, the system's account rather than the app's callbacks.
    public var isSystemKind: Bool { Self.systemKinds[index] }

    /// `app.handler.*` kinds: the handleEvents completion handler.
    public var isHandlerKind: Bool { Self.handlerKinds[index] }

    private static let attributeMasks: [UInt32] = vocabulary.map { entry in
        entry.attributes.reduce(0) { $0 | 1 << UInt32($1.ordinal) }
    }
    private static let taskKinds: [Bool] = vocabulary.map { $0.name.hasPrefix("task.") }
    private static let syntheticKinds: [Bool] = vocabulary.map { $0.name.hasPrefix("run.") || $0.name == "log.end" }
    private static let handlerKinds: [Bool] = vocabulary.map { $0.name.hasPrefix("app.handler") }
    private static let systemKinds: [Bool] = vocabulary.map { $0.name.hasPrefix("cfnet.") }

    private static let indexByName: [String: Int] = Dictionary(
        uniqueKeysWithValues: vocabulary.enumerated().map { ($0.element.name, $0.offset) })
}
