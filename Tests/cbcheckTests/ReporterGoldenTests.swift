import CBCheckKit
import Foundation
import TestSupport
import Testing

/// Each reporter's output on the sample log, compared with a golden file under `Tests/Golden/`
/// (SwiftLint's `ReporterTests` with canned output). The tool's version is written as
/// `${VERSION}` so a release does not rewrite them; the log's path is relative to the package root,
/// where the tests run. Set `CBCHECK_UPDATE_GOLDEN=1` to rewrite them on purpose.
@Suite struct ReporterGoldenTests {
    private static let sample = "Samples/background-download.log"

    @Test(arguments: ReporterList.identifiers)
    func reportOnTheSampleMatchesItsGoldenFile(format: String) throws {
        let output = try TestSupport.run([Self.sample, "--format", format])
        #expect(output.status == 1)
        let normalized = output.stdout.replacingOccurrences(of: "\"\(CBCheck.version)\"", with: "\"${VERSION}\"")
            .replacingOccurrences(of: "\(CBCheck.tool) \(CBCheck.version)<", with: "\(CBCheck.tool) ${VERSION}<")
        let golden = TestSupport.packageRoot.appendingPathComponent("Tests/Golden/background-download.\(format)")
        if ProcessInfo.processInfo.environment["CBCHECK_UPDATE_GOLDEN"] == "1" {
            try normalized.write(to: golden, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: golden, encoding: .utf8)
        #expect(normalized == expected, "\(format) output differs from Tests/Golden/background-download.\(format)")
    }
}
