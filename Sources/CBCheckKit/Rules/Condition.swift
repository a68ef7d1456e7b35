import PatternMatching

/// A `where` / `unless` condition, compiled: comparisons of an event's attributes or context
/// against constants, joined by `and`.
///
/// Evaluation is three-valued: a missing attribute or unknown thread gives `nil` (unknown), and
/// an unknown condition never triggers a finding nor excuses one.
public struct Condition {
    /// What a comparison reads.
    public enum Operand: Equatable {
        case attribute(Attribute)
        /// The event's thread; compared with `main`, it asks whether it is the run's main thread.
        case thread
        /// The app state when the event happened (`foreground`, `background`).
        case state
        /// The number of background sessions the run created (read when the verdict is given).
        case runSessions
        /// How many of the download delegate's callbacks (didFinishDownloadingTo, didWriteData,
        /// didResumeAtOffset) the run's lines have shown so far, by kind (0 to 3): 0 says the
        /// log does not show the app logs its download delegate.
        case runDownloadCallbacks
        /// The event-map phrasing that recognized the event (`app.cbevents:7`): lets a rule tell
        /// apart two phrasings of one kind, as `cbcheck learn --raw` mines them.
        case phrasing
    }

    public enum Operator: String {
        case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">"
        case greaterOrEqual = ">=", matches = "~", notMatches = "!~"
        /// `is missing` / `is present`: whether the log said the value at all. The one test an
        /// unknown value answers.
        case isMissing = "is missing", isPresent = "is present"
    }

    public struct Comparison {
        public var operand: Operand
        public var op: Operator
        public var value: String
        public var regex: Pattern?
    }

    public var comparisons: [Comparison]

    /// The condition as written, for messages (`thread != main`).
    public var text: String {
        comparisons.map { comparison in
            let operand: String
            switch comparison.operand {
            case .attribute(let attribute): operand = attribute.rawValue
            case .thread: operand = "thread"
            case .state: operand = "state"
            case .runSessions: operand = "run.sessions"
            case .runDownloadCallbacks: operand = "run.downloadCallbacks"
            case .phrasing: operand = "phrasing"
            }
            if comparison.op == .isMissing || comparison.op == .isPresent {
                return "\(operand) \(comparison.op.rawValue)"
            }
            let value =
                comparison.regex != nil
                ? "/\(comparison.value)/"
                : Self.isBareWord(comparison.value) ? comparison.value : "\"\(comparison.value)\""
            return "\(operand) \(comparison.op.rawValue) \(value)"
        }.joined(separator: " and ")
    }

    /// The download delegate's callbacks `run.downloadCallbacks` counts.
    static let downloadCallbacks = ["task.finishDownload", "task.progress", "task.resumedAt"].compactMap(
        EventKind.init(named:))

    /// Whether the rule lexer reads `value` back as one word or number (`nil`, `-999`,
    /// `download`); anything else (`app.cbevents:7`) is shown quoted, as a rule must write it.
    static func isBareWord(_ value: String) -> Bool {
        var lexer = RuleLexer(file: "", text: value)
        guard let tokens = try? lexer.tokens(sourceLine: { _ in value }), tokens.count == 2,
            tokens[0].kind == .word || tokens[0].kind == .number
        else { return false }
        return tokens[0].text == value
    }

    /// `true`, `false`, or `nil` when something it reads is unknown.
    public func evaluate(_ event: Event, run: RunRecord?) -> Bool? {
        var result: Bool? = true
        for comparison in comparisons {
            switch Self.evaluate(comparison, event, run) {
            case false: return false
            case nil: result = nil
            case true: break
            }
        }
        return result
    }

    // MARK: - Private

    @inline(__always)
    private static func evaluate(_ comparison: Comparison, _ event: Event, _ run: RunRecord?) -> Bool? {
        let actual: String?
        switch comparison.operand {
        case .attribute(let attribute):
            // Equality, most comparisons, compared in place: `event[attribute]` copied the value.
            switch comparison.op {
            case .equal: return event.attribute(attribute, equals: comparison.value)
            case .notEqual: return event.attribute(attribute, equals: comparison.value).map { !$0 }
            default: actual = event[attribute]
            }
        case .state: actual = event.appState == .unknown ? nil : event.appState.rawValue
        case .runSessions: actual = run.map { String($0.backgroundSessionsCreated) }
        case .runDownloadCallbacks:
            actual = run.map { run in String(Self.downloadCallbacks.filter { run.kindsSeen.contains($0) }.count) }
        case .phrasing: actual = event.phrasing
        case .thread:
            if comparison.value == "main" {
                guard let onMain = event.isOnMainThread else { return nil }
                switch comparison.op {
                case .equal: return onMain
                case .notEqual: return !onMain
                default: return nil
                }
            }
            actual = event.thread
        }
        if comparison.op == .isMissing { return actual == nil }
        if comparison.op == .isPresent { return actual != nil }
        guard let actual else { return nil }
        switch comparison.op {
        case .isMissing, .isPresent: return nil
        case .equal: return actual == comparison.value
        case .notEqual: return actual != comparison.value
        case .matches, .notMatches:
            guard let regex = comparison.regex else { return nil }
            // Only whether it matches: `firstMatch` built a `PatternMatch` (an array of every
            // group) per test. A pattern that hits its match limit leaves the value unknown.
            var subject = actual
            guard let found = try? subject.withUTF8({ try regex.matches(UnsafeRawBufferPointer($0)) }) else {
                return nil
            }
            return comparison.op == .matches ? found : !found
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            guard let left = Int(actual), let right = Int(comparison.value) else { return nil }
            switch comparison.op {
            case .less: return left < right
            case .lessOrEqual: return left <= right
            case .greater: return left > right
            default: return left >= right
            }
        }
    }
}
