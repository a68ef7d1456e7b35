import Foundation
import TestSupport
import Testing

/// `cbcheck learn` beside the rules there are, as a user runs it: a draft never takes the id of a
/// rule the project has, and an ordering a rule already checks (a built-in one, or one the
/// project kept from an earlier draft) is listed with that rule instead of drafted again.
@Suite struct LearnBesideExistingRulesTests {
    private static let good = "Fixtures/scenarios"

    /// The catalog checks these three orderings the scenarios show: they are named with their
    /// rule in the header, no draft states them, and a bad log only the catalog's rule catches is
    /// reported caught, by it.
    @Test func orderingsTheCatalogChecksAreListedWithTheirRuleNotDrafted() throws {
        let bad = "Fixtures/tasks/cb202-task-completed-twice.log"
        let learned = try TestSupport.run(["learn", Self.good, "--bad", bad])
        #expect(learned.status == 0, "\(learned.stderr)")
        #expect(
            learned.stdout.contains(
                "#   5 already checked by a loaded rule, not drafted again:\n"
                    + "#     task.complete at most once: already checked by CB202\n"
                    + "#     task.complete is never followed by task.progress: already checked by CB203\n"
                    + "#     task.finishDownload always precedes task.complete where error == nil, in download tasks: already checked by CB201\n"
            ))
        for clause in [
            "  at most 1 task.complete\n", "  forbid task.progress after task.complete\n",
            "  require task.finishDownload before task.complete where error == nil and kind == download\n",
        ] {
            #expect(!learned.stdout.contains(clause), "drafted again: \(clause)")
        }
        #expect(learned.stdout.contains("  at most 1 app.handler.called\n"))
        // The header's counts add up: what held is what was drafted and what was left out.
        let header = learned.stdout.split(separator: "\n").prefix { $0.hasPrefix("#") }
        let held = try #require(header.first { $0.contains(" invariants held; ") })
        let numbers = held.split(separator: " ").compactMap { Int($0) }
        let leftOut = header.compactMap { line in
            line.hasPrefix("#   ") && !line.hasPrefix("#     ") ? Int(line.dropFirst(4).prefix { $0 != " " }) : nil
        }
        #expect(numbers.count == 2 && numbers[0] == numbers[1] + leftOut.reduce(0, +), "\(header)")
        #expect(numbers.count == 2 && numbers[1] == Self.ruleIDs(learned.stdout).count)
        #expect(learned.stdout.contains("#   \(bad): CB202 at line 25\n"))
        #expect(learned.stderr.hasSuffix(" (5 more already checked); 1 of 1 bad log caught (1 only by loaded rules)\n"))
        let json = try TestSupport.run(["learn", Self.good, "--format", "json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let checked = try #require(document["alreadyChecked"] as? [[String: String]])
        #expect(checked.first == ["statement": "task.complete at most once", "rule": "CB202", "form": "atMostOnce"])
        #expect(checked.count == 5)
    }

    /// Drafts kept from one run and loaded in the next are not drafted again: the second run
    /// lists them as checked by their ids and numbers what is new after them.
    @Test func draftsKeptFromAnEarlierRunAreNotDraftedAgain() throws {
        let first = try TestSupport.run(["learn", Self.good])
        let blocks = first.stdout.components(separatedBy: "\n\n")
        let firstTwo = try #require(blocks.count > 3 ? blocks[1...2].joined(separator: "\n\n") + "\n" : nil)
        #expect(Self.ruleIDs(firstTwo) == ["L001", "L002"])
        let kept = try TestSupport.temporaryFile(firstTwo, name: "kept.cbrules")
        let second = try TestSupport.run(["learn", Self.good, "--rules", kept])
        #expect(second.status == 0, "\(second.stderr)")
        let statements = firstTwo.split(separator: "\n").filter { $0.hasPrefix("# L") }.map {
            $0.dropFirst("# L001: ".count)
        }
        #expect(statements.count == 2)
        for (statement, id) in zip(statements, ["L001", "L002"]) {
            #expect(second.stdout.contains("#     \(statement): already checked by \(id)\n"))
        }
        let ids = Self.ruleIDs(second.stdout)
        #expect(ids.first == "L003")
        #expect(ids.count == Self.ruleIDs(first.stdout).count - 2)
        #expect(second.stderr.hasSuffix(" (7 more already checked)\n"))
    }

    /// The project's own rules, named with --rules or by the settings file (a disabled one too):
    /// drafts are numbered after their highest L-number, and both files load side by side.
    @Test func draftsAreNumberedAfterTheProjectsOwnLIds() throws {
        let project = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: project) }
        let kept = project.appendingPathComponent("kept.cbrules").path
        try Self.keptRules.write(toFile: kept, atomically: true, encoding: .utf8)
        let learned = try TestSupport.run(["learn", Self.good, "--rules", kept])
        #expect(learned.status == 0, "\(learned.stderr)")
        let ids = Self.ruleIDs(learned.stdout)
        #expect(ids.first == "L013")
        #expect(Set(ids).count == ids.count)
        #expect(!ids.contains("L007") && !ids.contains("L001"))
        #expect(
            learned.stdout.contains(
                "# Numbered after l012, the highest L-number of the rules there are (loaded or disabled): no id is taken twice.\n"
            ))
        let fixtures = project.appendingPathComponent("fixtures").path
        let emitted = try TestSupport.run(["learn", Self.good, "--rules", kept, "--emit-fixtures", fixtures])
        let drafts = fixtures + "/learned.cbrules"
        #expect(emitted.stderr.contains("cbcheck test --rules \(drafts) --rules \(kept) \(fixtures)\n"))
        let tested = try TestSupport.run(["test", "--rules", drafts, "--rules", kept, fixtures])
        #expect(tested.status == 0, "\(tested.stdout)")
        let listed = try TestSupport.run(["rules", "--rules", kept, "--rules", drafts])
        #expect(listed.stdout.contains("L007 ") && listed.stdout.contains("l012 ") && listed.stdout.contains("L013 "))
        try "rules kept.cbrules\ndisable L012 \"retired\"\n".write(
            to: project.appendingPathComponent(".cbcheck"), atomically: true, encoding: .utf8)
        let configured = try TestSupport.run(["learn", TestSupport.packageRoot.path + "/" + Self.good], in: project)
        #expect(configured.status == 0, "\(configured.stderr)")
        #expect(Self.ruleIDs(configured.stdout).first == "L013")
        let alone = try TestSupport.run(["learn", Self.good])
        #expect(Self.ruleIDs(alone.stdout).first == "L001")
        #expect(!alone.stdout.contains("# Numbered after"))
    }

    /// Two rules a project kept from an earlier draft, numbered with a gap and in either case.
    private static let keptRules = """
        rule L007 no-force-quit
          severity warning
          summary "the app was force-quit"
          for each run
          forbid app.forceQuit

        rule l012 no-kill
          severity warning
          summary "the system killed the app"
          for each run
          forbid system.kill

        """

    private static func ruleIDs(_ text: String) -> [String] {
        text.split(separator: "\n").filter { $0.hasPrefix("rule ") }.map { String($0.split(separator: " ")[1]) }
    }
}
