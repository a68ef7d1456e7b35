import LogReading

/// One recognized callback, app action or run boundary, with the attributes read from its line
/// and the context the trace builder adds (run, main thread, app state).
///
/// A value type whose fields live in one shared, copy-on-write box: monitors, slice trees and
/// reports keep many copies of an event, and a copy then costs one reference, not a dozen (the
/// slices of a run with 20 000 tasks held 300 MB of inline event copies before).
///
/// An event read from the log keeps its text's bytes in the box itself, after the fields, and
/// makes the `String` only when asked (a finding's evidence, a trace): nearly every event is
/// judged and dropped without its text read, and a `String` of its own was an allocation, a
/// UTF-8 validation and a free per event.
///
/// `@unchecked Sendable`: the box (a `ManagedBuffer`, which is not `Sendable`) is changed only
/// when this value holds the one reference to it (copy on write), so no two threads share a box
/// that changes.
public struct Event: @unchecked Sendable {
    private struct Fields {
        var kind: EventKind
        var attributes: AttributeValues
        var inferred: AttributeSet = []
        /// Two fields, not an array: nearly every event gets a session inference, and an array
        /// was an allocation per event.
        var sessionBinding: BindingNote?
        var taskBinding: BindingNote?
        var namesUnnamedSession = false
        var line: Int
        var column: Int
        var time: Timestamp?
        var process: String?
        var pid: Int?
        var thread: String?
        /// The text, when it is not the box's bytes (given as a `String`, or not printable ASCII).
        var madeText: String?
        /// How many bytes of text follow the fields (0 when `madeText` holds it).
        var textCount = 0
        var phrasing: String?
        /// The phrasing's tier; `nil` for events no event-map line recognized (run boundaries,
        /// events the trace builder adds).
        var tier: RecognitionTier?
        var isOnMainThread: Bool?
        var appState: AppState = .unknown
        var sequence = 0
        var run = 0
        var runKey = "0"
    }

    /// The fields, then the text's bytes in the same allocation.
    private final class Storage: ManagedBuffer<Fields, UInt8> {
        /// A box holding `fields` and a copy of `text`.
        static func make(_ fields: Fields, text: UnsafeRawBufferPointer) -> Storage {
            let box = unsafeDowncast(
                Storage.create(minimumCapacity: text.count) { _ in fields }, to: Storage.self)
            box.withUnsafeMutablePointers { header, bytes in
                if let base = text.baseAddress {
                    bytes.initialize(from: base.assumingMemoryBound(to: UInt8.self), count: text.count)
                }
                header.pointee.textCount = text.count
            }
            return box
        }

        var text: String {
            if let madeText = header.madeText { return madeText }
            return withUnsafeMutablePointers { header, bytes in
                String(decoding: UnsafeBufferPointer(start: bytes, count: header.pointee.textCount), as: UTF8.self)
            }
        }

        func copy() -> Storage {
            withUnsafeMutablePointers { header, bytes in
                Storage.make(
                    header.pointee, text: UnsafeRawBufferPointer(start: bytes, count: header.pointee.textCount))
            }
        }
    }

    private var storage: Storage

    /// The box, unshared before a change (copy on write).
    private var unique: Storage {
        mutating get {
            if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
            return storage
        }
    }

    public var kind: EventKind {
        get { storage.header.kind }
        set { unique.header.kind = newValue }
    }
    /// Values read from the log. A missing attribute is unknown: no condition on it ever holds.
    public var attributes: AttributeValues {
        get { storage.header.attributes }
        set { unique.header.attributes = newValue }
        _modify {
            let box = unique
            yield &box.header.attributes
        }
    }
    /// Attributes the trace builder filled in from context rather than read from the line.
    public var inferred: AttributeSet {
        get { storage.header.inferred }
        set { unique.header.inferred = newValue }
        _modify {
            let box = unique
            yield &box.header.inferred
        }
    }
    /// Why the trace builder bound the event to a session or task its line did not name, or
    /// why it could not (`cbcheck trace` prints them).
    public var bindings: [BindingNote] {
        [storage.header.sessionBinding, storage.header.taskBinding].compactMap { $0 }
    }
    /// Whether the trace builder said anything of the event's binding.
    var isBound: Bool { storage.header.sessionBinding != nil || storage.header.taskBinding != nil }
    /// Whether a binding note says the event could not be bound.
    var isAmbiguouslyBound: Bool {
        storage.header.sessionBinding?.isAmbiguous == true || storage.header.taskBinding?.isAmbiguous == true
    }
    /// Records why the event was bound (or not) to its session, or to its task.
    mutating func note(_ binding: BindingNote) {
        if binding.isAboutTask { unique.header.taskBinding = binding } else { unique.header.sessionBinding = binding }
    }
    /// Set on the first line of a run that names a session after earlier lines went to the run's
    /// unnamed one: the slice trees then rename that slice before delivering the event.
    public var namesUnnamedSession: Bool {
        get { storage.header.namesUnnamedSession }
        set { unique.header.namesUnnamedSession = newValue }
    }
    /// 1-based line of the record that produced the event.
    public var line: Int {
        get { storage.header.line }
        set { unique.header.line = newValue }
    }
    /// The byte column its message starts at.
    public var column: Int {
        get { storage.header.column }
        set { unique.header.column = newValue }
    }
    public var time: Timestamp? {
        get { storage.header.time }
        set { unique.header.time = newValue }
    }
    public var process: String? {
        get { storage.header.process }
        set { unique.header.process = newValue }
    }
    public var pid: Int? {
        get { storage.header.pid }
        set { unique.header.pid = newValue }
    }
    public var thread: String? {
        get { storage.header.thread }
        set { unique.header.thread = newValue }
    }
    /// The first line of the record's message, for evidence in findings and traces.
    public var text: String {
        get { storage.text }
        set {
            let box = unique
            box.header.madeText = newValue
            box.header.textCount = 0
        }
    }
    /// How many bytes the text takes (what an event handed between threads holds on to).
    var textByteCount: Int {
        let count = storage.header.textCount
        return count > 0 ? count : storage.header.madeText?.utf8.count ?? 0
    }

    /// The event-map phrasing that recognized the record (`app.cbevents:7`, see
    /// `EventMap.MapPattern.phrasing`); `nil` for the trace builder's own events. A rule's
    /// `where phrasing == …` reads it, and `cbcheck learn --raw` tells phrasings of one kind apart by it.
    public var phrasing: String? {
        get { storage.header.phrasing }
        set { unique.header.phrasing = newValue }
    }

    // Filled in by the trace builder.
    /// 1-based run number within the file.
    public var run: Int {
        get { storage.header.run }
        set {
            let box = unique
            box.header.run = newValue
            box.header.runKey = String(newValue)
        }
    }
    /// `run` as text, made once per run: the slice trees key runs by it for every event.
    public var runKey: String { storage.header.runKey }

    /// Places the event in run `number`, whose `runKey` is `key` (made once by the run).
    mutating func setRun(_ number: Int, key: String) {
        let box = unique
        box.header.run = number
        box.header.runKey = key
    }
    /// Places a log event in the trace in one change (each field set on its own checked again
    /// that the box is unshared): its run `number` (`key` its text), whether it ran on the run's
    /// main thread, the app's state when it happened and its order of arrival.
    mutating func place(run number: Int, key: String, isOnMainThread: Bool?, appState: AppState, sequence: Int) {
        let box = unique
        box.header.run = number
        box.header.runKey = key
        box.header.isOnMainThread = isOnMainThread
        box.header.appState = appState
        box.header.sequence = sequence
    }
    /// Whether the event ran on its run's main thread; `nil` when either thread is unknown.
    /// What kind of text recognized the event (`RecognitionTier`); `nil` when no event-map line did.
    public var tier: RecognitionTier? {
        get { storage.header.tier }
        set { unique.header.tier = newValue }
    }
    public var isOnMainThread: Bool? {
        get { storage.header.isOnMainThread }
        set { unique.header.isOnMainThread = newValue }
    }
    /// The app's state when the event happened, as derived from lifecycle events before it.
    public var appState: AppState {
        get { storage.header.appState }
        set { unique.header.appState = newValue }
    }
    /// Order of arrival in the file (0-based), to order events that share a line.
    public var sequence: Int {
        get { storage.header.sequence }
        set { unique.header.sequence = newValue }
    }

    public init(
        kind: EventKind, attributes: [Attribute: String] = [:], line: Int, column: Int = 1, time: Timestamp? = nil,
        process: String? = nil, pid: Int? = nil, thread: String? = nil, text: String = "", phrasing: String? = nil
    ) {
        self.init(
            kind: kind, values: AttributeValues(attributes), line: line, column: column, time: time, process: process,
            pid: pid, thread: thread, text: text, phrasing: phrasing)
    }

    /// An event with the values the recognizer read, as it holds them.
    public init(
        kind: EventKind, values: AttributeValues, line: Int, column: Int = 1, time: Timestamp? = nil,
        process: String? = nil, pid: Int? = nil, thread: String? = nil, text: String = "", phrasing: String? = nil
    ) {
        let fields = Fields(
            kind: kind, attributes: values, line: line, column: column, time: time, process: process, pid: pid,
            thread: thread, madeText: text, phrasing: phrasing)
        storage = Storage.make(fields, text: UnsafeRawBufferPointer(start: nil, count: 0))
    }

    /// An event of the log whose text is `textBytes` (the message's first line) made printable
    /// (`DisplayText`): printable ASCII, nearly every line, is kept as bytes in the event's box.
    init(
        kind: EventKind, values: AttributeValues, line: Int, column: Int, time: Timestamp?, process: String?,
        pid: Int?, thread: String?, textBytes: UnsafeRawBufferPointer, phrasing: String?, tier: RecognitionTier?
    ) {
        let isPlain = DisplayText.isPrintableASCII(textBytes)
        let fields = Fields(
            kind: kind, attributes: values, line: line, column: column, time: time, process: process, pid: pid,
            thread: thread, madeText: isPlain ? nil : DisplayText.from(textBytes), phrasing: phrasing, tier: tier)
        storage = Storage.make(fields, text: isPlain ? textBytes : UnsafeRawBufferPointer(start: nil, count: 0))
    }

    public subscript(attribute: Attribute) -> String? { storage.header.attributes[attribute] }

    /// Whether the value of `attribute` is `other`, `nil` when it is unknown, without the
    /// subscript's owned copy (`AttributeValues.value(of:equals:)`).
    @inline(__always)
    func attribute(_ attribute: Attribute, equals other: String) -> Bool? {
        storage.header.attributes.value(of: attribute, equals: other)
    }
}
