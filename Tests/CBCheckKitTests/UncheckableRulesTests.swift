import Foundation
import TestSupport
import Testing

@testable import CBCheckKit

/// A log without time stamps leaves a rule not checkable only when it has an event a time-bound
/// clause of the rule looks at: CB503's kill clause needs no time, its time limits do.
@Suite struct UncheckableRulesTests {
    private func uncheckable(_ fixture: String) throws -> UncheckableRules {
        let library = try RuleLibrary.builtIn()
        let path = TestSupport.packageRoot.appendingPathComponent(fixture).path
        let result = try LogChecker(library: library).check(path: path) { _ in }
        return UncheckableRules(library.rules, stats: result.stats)
    }

    @Test func aKillWithoutTimeStampsLeavesCB503Checkable() throws {
        let report = try uncheckable("Fixtures/lifecycle/cb503-slow-enter-background-suspend-assertion-report.log")
        #expect(!report.needingTime.contains("CB503"))
    }

    @Test func anEntryToTheBackgroundWithoutTimeStampsDoesNot() throws {
        let text = "applicationDidEnterBackground(_:)\napplicationDidEnterBackground(_:) returning\n"
        let path = try TestSupport.temporaryFile(text, name: "print.log")
        let library = try RuleLibrary.builtIn()
        let result = try LogChecker(library: library).check(path: path) { _ in }
        #expect(UncheckableRules(library.rules, stats: result.stats).needingTime.contains("CB503"))
    }
}
