/// A set of event kinds as a bit mask: the monitors test "is this event one of these kinds" for
/// every event and every clause, so the test is two loads and an AND, not a hash.
public struct KindMask: Sendable, Equatable {
    private var low: UInt64 = 0
    private var high: UInt64 = 0

    /// No kind.
    public init() {}

    public init<S: Sequence>(_ kinds: S) where S.Element == EventKind {
        precondition(EventKind.all.count <= 128, "KindMask holds at most 128 kinds")
        for kind in kinds {
            if kind.index < 64 { low |= 1 << UInt64(kind.index) } else { high |= 1 << UInt64(kind.index - 64) }
        }
    }

    /// Adds `kind`; returns whether it was new.
    @discardableResult
    public mutating func insert(_ kind: EventKind) -> Bool {
        if contains(kind) { return false }
        if kind.index < 64 { low |= 1 << UInt64(kind.index) } else { high |= 1 << UInt64(kind.index - 64) }
        return true
    }

    /// The kinds of both masks.
    public func union(_ other: KindMask) -> KindMask {
        var both = self
        both.low |= other.low
        both.high |= other.high
        return both
    }

    /// Inlined: the monitors, matchers and scenario tracker ask it for nearly every event, and as
    /// a call it cost more than the test.
    @inline(__always)
    public func contains(_ kind: EventKind) -> Bool {
        kind.index < 64 ? low & (1 << UInt64(kind.index)) != 0 : high & (1 << UInt64(kind.index - 64)) != 0
    }
}
