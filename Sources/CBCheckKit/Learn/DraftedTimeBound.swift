/// The `last at most` bound a draft gets from the A-to-B times the good logs measured, and what
/// its comment says about them.
///
/// The bound is not the longest time seen. A bound as tight as the samples (6 ms, because no
/// good log took longer) fails the first log that is a little slower, on a device under load,
/// with a debugger attached or on a slower network, and a reviewer deletes it. So the draft
/// doubles the longest time, never goes below `minimumSeconds`, and rounds up to 1, 2 or 5 times
/// a power of ten, as a person writing the bound would: 6 ms drafts 1s, 1.797 s drafts 5s,
/// 6.793 s drafts 20s. The comment says what was observed and what was drafted, so the reviewer
/// sees the headroom and can narrow it on purpose.
public struct DraftedTimeBound: Sendable {
    /// No drafted bound is shorter. Below a second the times are how the app's threads happened
    /// to be scheduled, not a limit a document or a user sees; the catalog's own tightest bound
    /// (CB503: an expiration handler ends its task within 1s) is a second too.
    public static let minimumSeconds = 1.0
    /// The longest time observed is multiplied by this before it is rounded up.
    public static let headroom = 2.0
    /// Measured in this many slices or fewer, a bound is weakly supported, and its comment says so:
    /// the longest of one or two times says little about how long the app may take.
    public static let weakSupport = 2

    /// The shortest and longest A-to-B times the good logs measured, in seconds.
    public let observed: ClosedRange<Double>
    /// How many slices measured one.
    public let slices: Int

    /// The bound of a `lastsAtMost` invariant; `nil` for the other forms.
    public init?(_ invariant: Invariant) {
        guard invariant.form == .lastsAtMost, let bounds = invariant.bounds else { return nil }
        self.init(observed: bounds, slices: invariant.support)
    }

    public init(observed: ClosedRange<Double>, slices: Int) {
        self.observed = observed
        self.slices = slices
    }

    /// The drafted bound, in seconds: twice the longest, at least `minimumSeconds`, rounded up
    /// to 1, 2 or 5 times a power of ten.
    public var seconds: Double {
        let wanted = max(observed.upperBound * Self.headroom, Self.minimumSeconds)
        // Whole seconds times 1, 2 or 5: exact in floating point, so 1 s stays 1 s.
        var step = Self.minimumSeconds
        while true {
            for factor in [1.0, 2.0, 5.0] where step * factor >= wanted { return step * factor }
            step *= 10
        }
    }

    /// The bound as the rule language reads it: `1s`, `20s`, `1000s`.
    public var text: String { Self.duration(seconds) }

    /// Whether so few slices measured it that the comment warns about it.
    public var isWeaklySupported: Bool { slices <= Self.weakSupport }

    /// The comment lines below the support: what was observed against what was drafted, and, for a
    /// bound from one or two slices, that it is weakly supported.
    public var comment: [String] {
        let slicesText = "\(slices) slice\(slices == 1 ? "" : "s")"
        var lines = [
            "observed: at most \(Self.observedTime(observed.upperBound)) in \(slicesText); drafted: \(text)"
                + " (twice the longest, at least \(Self.duration(Self.minimumSeconds)), rounded up)"
        ]
        if isWeaklySupported {
            lines.append(
                "weakly supported: only \(slicesText) measured it, too few to say how long the app may take")
        }
        return lines
    }

    /// The observed range, as a draft's statement gives it: `2ms to 6ms`, `139ms to 1.797s`.
    public var observedText: String {
        "\(Self.observedTime(observed.lowerBound)) to \(Self.observedTime(observed.upperBound))"
    }

    /// The longest time observed, as a finding's summary gives it: `6ms`.
    public var longestText: String { Self.observedTime(observed.upperBound) }

    // MARK: - Private

    /// `2s`, `10min`, `1000s`: the units the rule language reads.
    private static func duration(_ seconds: Double) -> String {
        if seconds < 1 { return "\(Int((seconds * 1000).rounded()))ms" }
        if seconds >= 600, seconds.truncatingRemainder(dividingBy: 60) == 0 { return "\(Int(seconds / 60))min" }
        return "\(Int(seconds.rounded()))s"
    }

    /// An observed time to the millisecond: `33ms`, `2.608s`.
    private static func observedTime(_ value: Double) -> String {
        abs(value) < 1 ? "\(Int((value * 1000).rounded()))ms" : "\((value * 1000).rounded() / 1000)s"
    }
}
