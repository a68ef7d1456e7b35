extension Clause {
    /// A clause's scope and pattern as plain fields: which case each is, and its matchers and
    /// limits side by side. `Clause.scope` and `Clause.rule` stay the clause's meaning; this is how
    /// the monitor's per-event step reads them.
    ///
    /// The matchers are borrowed: the clause's `scope` and `rule` hold them for as long as the
    /// clause lives, and these parts live inside the clause. So a copy of the parts is a copy of
    /// plain words, and a step counts no references.
    struct Parts {
        enum ScopeCase { case always, after, between, given }
        enum RuleCase { case forbid, require, count, duration }

        let scope: ScopeCase
        /// `after A`, `between A and …`, `given A`: the A.
        let opens: BorrowedMatcher?
        /// `… until B`, `between … and B`: the B.
        let closes: BorrowedMatcher?
        /// `after any A`.
        let pooled: Bool
        let rule: RuleCase
        /// The X of `forbid X`, `require X`, `at most N X`.
        let subject: BorrowedMatcher?
        /// `forbid X before Y`, `require X before Y`: the Y.
        let before: BorrowedMatcher?
        /// `forbid X after Y`: the Y.
        let after: BorrowedMatcher?
        let withinSeconds: Double?
        let atMost: Int?

        init(scope: Scope, rule: Rule) {
            switch scope {
            case .always: (self.scope, opens, closes, pooled) = (.always, nil, nil, false)
            case .after(let open, let close, let pooled):
                (self.scope, opens, closes, self.pooled) = (
                    .after, .init(open), close.map(BorrowedMatcher.init), pooled
                )
            case .between(let open, let close):
                (self.scope, opens, closes, pooled) = (.between, .init(open), .init(close), false)
            case .given(let trigger): (self.scope, opens, closes, pooled) = (.given, .init(trigger), nil, false)
            }
            var subject: EventMatcher?
            var before: EventMatcher?
            var after: EventMatcher?
            var within: Double?
            var atMost: Int?
            switch rule {
            case .forbid(let x, let y, let z):
                self.rule = .forbid
                (subject, before, after) = (x, y, z)
            case .require(let x, let y, let seconds):
                self.rule = .require
                (subject, before, within) = (x, y, seconds)
            case .count(let x, _, let most):
                self.rule = .count
                (subject, atMost) = (x, most)
            case .duration:
                self.rule = .duration
            }
            self.subject = subject.map(BorrowedMatcher.init)
            self.before = before.map(BorrowedMatcher.init)
            self.after = after.map(BorrowedMatcher.init)
            (withinSeconds, self.atMost) = (within, atMost)
        }
    }

    /// A matcher of the clause used without counting the reference (see `Parts`): through an
    /// `unowned(unsafe)` field each call still took a counted reference.
    struct BorrowedMatcher {
        private let reference: Unmanaged<EventMatcher>

        init(_ matcher: EventMatcher) { reference = .passUnretained(matcher) }

        func matches(_ event: Event, run: RunRecord?) -> Bool {
            reference._withUnsafeGuaranteedRef { $0.matches(event, run: run) }
        }

        /// The matcher itself, for a finding's message.
        var matcher: EventMatcher { reference.takeUnretainedValue() }
    }
}
