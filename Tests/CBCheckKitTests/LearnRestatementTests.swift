import Testing

@testable import CBCheckKit

/// When a draft restates a clause a rule already has (`ClauseStatement.isChecked(by:)`): every
/// slice the draft would flag, the rule flags too.
@Suite struct LearnRestatementTests {
    /// The statement of `clause` in a rule sliced `for each keys`.
    private func statement(_ clause: String, keys: String = "run, identifier, task") throws -> ClauseStatement? {
        var parser = RuleParser(
            file: "t.cbrules", text: "rule X1 x\n  summary \"x\"\n  for each \(keys)\n  \(clause)\n")
        let rule = try #require(try parser.parse().first)
        return ClauseStatement(rule.clauses[0], keys: rule.keys)
    }

    private func isChecked(_ draft: String, by rule: String, keys: String = "run, identifier, task") throws -> Bool {
        let draft = try #require(try statement(draft))
        guard let rule = try statement(rule, keys: keys) else { return false }
        return draft.isChecked(by: rule)
    }

    @Test(arguments: [
        // Another way to write the same relation.
        ("require task.create before task.progress", "forbid task.progress before task.create"),
        ("forbid task.progress after task.complete", "after task.complete: forbid task.progress"),
        // The rule names more kinds for the event it flags.
        (
            "forbid task.progress after task.complete",
            "forbid task.progress, task.resumedAt, task.finishDownload after task.complete"
        ),
        // A condition both have is no difference, and the rule's excuse is set aside (CB201).
        (
            "require task.finishDownload before task.complete where error == nil and kind == download",
            "require task.finishDownload before task.complete where error == nil and kind == download unless run.downloadCallbacks == 0"
        ),
        // The draft flags fewer events than the rule.
        ("require task.create before task.complete where error == nil", "require task.create before task.complete"),
        // The rule asks for a narrower event to be there, or settles each A on the next one.
        ("require task.create before task.complete", "require task.create where kind == download before task.complete"),
        (
            "after any app.handleEvents: require app.handler.called",
            "after app.handleEvents: require app.handler.called"
        ),
        ("at most 1 task.complete", "exactly 1 task.complete"),
        ("given app.handleEvents: exactly 1 session.create", "exactly 1 session.create"),
        (
            "after app.background until app.background.return: last at most 10s",
            "after app.background until app.background.return: last at most 5s"
        ),
    ])
    func aRuleThatFlagsEverySliceTheDraftFlagsChecksIt(_ draft: String, _ rule: String) throws {
        #expect(try isChecked(draft, by: rule))
    }

    @Test(arguments: [
        // The rule flags fewer: a condition only it has, or a scope it is narrowed to.
        ("require task.create before task.complete", "require task.create before task.complete where kind == download"),
        ("at most 1 app.handler.called", "after app.handleEvents: at most 1 app.handler.called"),
        (
            "require session.finishEvents before app.handler.called",
            "after app.handleEvents: forbid app.handler.called before session.finishEvents"
        ),
        // The rule is content with any of several events where the draft wants one.
        ("require task.create before task.complete", "require task.create, app.resultRecorded before task.complete"),
        // An A that settles the one before it asks more than one that shares it.
        (
            "after app.handleEvents: require app.handler.called",
            "after any app.handleEvents: require app.handler.called"
        ),
        // A count with a lower bound must count the same events.
        (
            "given app.handleEvents: exactly 1 task.complete where error == nil",
            "given app.handleEvents: exactly 1 task.complete"
        ),
        (
            "after app.background until app.background.return: last at most 1s",
            "after app.background until app.background.return: last at most 5s"
        ),
        ("forbid task.create after task.complete", "forbid task.progress after task.complete"),
        ("require task.create before task.progress", "between task.create and task.complete: require task.progress"),
    ])
    func aRuleThatFlagsLessOrOtherwiseDoesNot(_ draft: String, _ rule: String) throws {
        #expect(try !isChecked(draft, by: rule))
    }

    @Test func theSlicingMustBeTheSame() throws {
        let draft = "forbid task.progress after task.complete"
        #expect(try isChecked(draft, by: draft))
        #expect(try !isChecked(draft, by: draft, keys: "run, identifier"))
    }
}
