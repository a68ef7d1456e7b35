import Foundation
import TestSupport
import Testing

@testable import CBCheckKit
@testable import PatternMatching

/// A finding's fingerprint is what `--baseline` and SARIF's `partialFingerprints` compare, so it
/// must be the same for the same story captured again: other pids, time stamps, UUIDs, task
/// numbers and line numbers.
@Suite struct FingerprintTests {
    /// Logs whose findings carry a fixed identifier (the sample) and one with a UUID in it (CB107).
    static let logs = ["Samples/background-download.log", "Fixtures/relaunch/cb107-unstable-identifier.log"]

    private func findings(in text: String) throws -> [Finding] {
        let path = try TestSupport.temporaryFile(text)
        var findings: [Finding] = []
        _ = try LogChecker(library: RuleLibrary.builtIn()).check(path: path) { findings.append($0) }
        return findings.sorted { ($0.location.line, $0.ruleID) < ($1.location.line, $1.ruleID) }
    }

    /// The same story captured again: every time stamp moved, UUIDs and task numbers rewritten, a
    /// chatter line before every record (so every line number moves), and every pid raised by 1000.
    private func recaptured(_ text: String) -> String {
        var text = text
        for mutation in [FixtureMutation.shiftedTimestamps, .renamedIdentifiers, .insertedChatter] {
            text = mutation.apply(to: text).text
        }
        let pid = try! Pattern(#"\[(?<pid>[0-9]+):"#)
        return pid.replacingMatches(in: text) { match, bytes in
            "[\(Int(match.text(named: "pid", in: bytes)!)! + 1000):"
        }
    }

    @Test(arguments: logs)
    func aRecapturedLogGivesTheSameFingerprintsOnOtherLines(log: String) throws {
        let text = try String(contentsOf: TestSupport.packageRoot.appendingPathComponent(log), encoding: .utf8)
        let again = recaptured(text)
        #expect(again != text)
        let original = try findings(in: text)
        let recaptured = try findings(in: again)
        #expect(!original.isEmpty)
        #expect(recaptured.map(\.fingerprint) == original.map(\.fingerprint))
        #expect(recaptured.map(\.location.line) != original.map(\.location.line))
    }

    @Test func theSliceRoleKeepsAnIdentifiersShapeButNotItsUUIDOrNumbers() {
        #expect(Finding.stableShape(of: "com.acme.bg") == "com.acme.bg")
        #expect(
            Finding.stableShape(of: "com.acme.Downloader.bg.5F1C2D3A-8B4E-4C6D-9A0F-2E7B1C3D4E5F")
                == "com.acme.Downloader.bg.<uuid>")
        #expect(Finding.stableShape(of: "bg-1710412345-v2") == "bg-<n>-v<n>")
    }

    @Test func differentRulesSlicesOrEvidenceGiveDifferentFingerprints() {
        let base = Finding.Identity(rule: "CB101", sliceRole: "run, identifier a", evidenceKinds: ["x", "y"])
        var otherRule = base
        otherRule.rule = "CB102"
        var otherSlice = base
        otherSlice.sliceRole = "run, identifier b"
        var otherEvidence = base
        otherEvidence.evidenceKinds = ["x"]
        let fingerprints = [base, otherRule, otherSlice, otherEvidence].map(\.fingerprint)
        #expect(Set(fingerprints).count == 4)
        #expect(base.fingerprint.hasPrefix("CB101:") && base.fingerprint.count == "CB101:".count + 16)
    }
}
