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
    public var runsOnMainThread: Bool { has(.runsOnMainThread) }
    /// Made by the trace builder (`run.start`, `run.end`, `log.end`), never by the event map.
    public var isSynthetic: Bool { has(.synthetic) }

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

    // The kinds the trace builder and the monitors name, by their place in `vocabulary` (a test
    // checks each against its name): a constant is static data, where `named(_:)` made each a
    // lazily made global that every use (several per event) had to check was made.
    public static let runStart = EventKind(index: 0)  // run.start
    public static let runEnd = EventKind(index: 1)  // run.end
    public static let logEnd = EventKind(index: 2)  // log.end
    public static let appLaunch = EventKind(index: 3)  // app.launch
    public static let appTerminate = EventKind(index: 9)  // app.terminate
    public static let appForeground = EventKind(index: 4)  // app.foreground
    public static let appActive = EventKind(index: 5)  // app.active
    public static let appBackground = EventKind(index: 7)  // app.background
    public static let appHandleEvents = EventKind(index: 11)  // app.handleEvents
    public static let handlerCalled = EventKind(index: 13)  // app.handler.called
    public static let sessionCreate = EventKind(index: 15)  // session.create
    public static let sessionFinishEvents = EventKind(index: 19)  // session.finishEvents
    public static let taskCreate = EventKind(index: 20)  // task.create
    public static let taskComplete = EventKind(index: 26)  // task.complete
    public static let taskFinishDownload = EventKind(index: 25)  // task.finishDownload
    public static let taskResumedAt = EventKind(index: 24)  // task.resumedAt
    public static let systemTaskFinished = EventKind(index: 44)  // cfnet.task.finished
    public static let sessionNamed = EventKind(index: 46)  // session.named
    public static let systemKill = EventKind(index: 47)  // system.kill
    public static let backgroundTaskBegin = EventKind(index: 33)  // bgtask.begin
    public static let backgroundTaskEnd = EventKind(index: 34)  // bgtask.end
    public static let contextDebugger = EventKind(index: 51)  // context.debugger
    public static let contextSimulator = EventKind(index: 53)  // context.simulator

    /// Whether events of this kind carry `attribute`: a bit test, since the trace builder and the
    /// slice trees ask it for every event (about 40 000 times on the bench log).
    @inline(__always)
    public func carries(_ attribute: Attribute) -> Bool {
        Self.carriedAttributes[index] & (1 << UInt32(attribute.ordinal)) != 0
    }

    /// The attributes of each kind in `vocabulary` as bits (bit `Attribute.ordinal`), written out
    /// (a test checks them against the vocabulary): computed from it, the table was a lazily made
    /// global that every `carries` checked was made, where a literal table is static data.
    static let carriedAttributes: [UInt32] = [
        0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x1,
        0x1, 0x1, 0x1, 0x801, 0x1, 0x1, 0x5, 0x1, 0x61c03, 0x403, 0x403, 0x463,
        0x4c3, 0x503, 0x41f, 0x3, 0x3, 0x3, 0x203, 0x203, 0x1000b, 0x2000, 0x2000, 0x2000,
        0x2000, 0x4000, 0x4000, 0xc000, 0xc000, 0x3, 0xb, 0x1000b, 0x17, 0x0, 0x1, 0x2010, 0x2000,
        0x1, 0x2000, 0x0, 0x0, 0x0,
    ]

    /// `task.*` kinds: callbacks and actions of one URLSession task.
    public var isTaskKind: Bool { has(.task) }

    /// `cfnet.*` kinds: CFNetwork's own lines, the system's account rather than the app's callbacks.
    public var isSystemKind: Bool { has(.system) }

    /// `app.handler.*` kinds: the handleEvents completion handler.
    public var isHandlerKind: Bool { has(.handler) }

    /// What the trace builder asks of a kind for every event, as bits of `flags`.
    struct Flags: OptionSet {
        let rawValue: UInt8
        /// `task.*`
        static let task = Flags(rawValue: 1)
        /// `cfnet.*`
        static let system = Flags(rawValue: 2)
        /// `app.handler*`
        static let handler = Flags(rawValue: 4)
        /// `run.*` and `log.end`
        static let synthetic = Flags(rawValue: 8)
        /// `Entry.runsOnMainThread`
        static let runsOnMainThread = Flags(rawValue: 16)

        /// The flags of a vocabulary entry, from its name and `runsOnMainThread`.
        init(_ entry: Entry) {
            var flags: Flags = []
            if entry.name.hasPrefix("task.") { flags.insert(.task) }
            if entry.name.hasPrefix("cfnet.") || entry.name == "system.kill" { flags.insert(.system) }
            if entry.name.hasPrefix("app.handler") { flags.insert(.handler) }
            if entry.name.hasPrefix("run.") || entry.name == "log.end" || entry.name == "session.named" {
                flags.insert(.synthetic)
            }
            if entry.runsOnMainThread { flags.insert(.runsOnMainThread) }
            self = flags
        }

        init(rawValue: UInt8) { self.rawValue = rawValue }
    }

    /// Each kind's `Flags` in `vocabulary` order, written out as `carriedAttributes` is (a test
    /// checks them against `Flags(entry)`): tables computed from the vocabulary were lazy globals,
    /// checked at each of the trace builder's several questions per event.
    static let flags: [UInt8] = [
        8, 8, 8, 16, 16, 16, 16, 16, 16, 16, 0, 16, 4, 4, 4, 0, 0, 0, 0, 0, 1, 1, 1,
        1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 16, 0, 0, 0, 0, 2, 2, 2, 2, 2, 8, 2, 0, 0, 0, 0, 0, 0,
    ]

    @inline(__always)
    private func has(_ flag: Flags) -> Bool { Self.flags[index] & flag.rawValue != 0 }

    private static let indexByName: [String: Int] = Dictionary(
        uniqueKeysWithValues: vocabulary.enumerated().map { ($0.element.name, $0.offset) })
}
