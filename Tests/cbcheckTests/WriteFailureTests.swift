import Foundation
import TestSupport
import Testing

/// Writes that fail, on the built binary: standard output on a full device (`/dev/full`, opened by
/// the shell, never named to cbcheck) or closed, standard error full, a report file refused. Each
/// failure is said once, with its path or "standard output", and the exit status is 2, so CI
/// never takes half a report for a result (docs/error-messages.md, "Writing the results").
@Suite struct WriteFailureTests {
    private static let early = "Fixtures/relaunch/cb101-handler-called-early.log"
    private static let full = "error: standard output: cannot write: No space left on device\n"

    private static func occurrences(of part: String, in text: String) -> Int {
        text.components(separatedBy: part).count - 1
    }

    @Test(arguments: [
        "\(early)", "\(early) --format sarif", "trace \(early)", "rules", "explain CB101", "--version", "--help",
    ])
    func aFullStandardOutputIsSaidOnceAndExitsTwo(arguments: String) throws {
        let options = arguments.hasPrefix("-") ? arguments : "\(arguments) --no-config"
        let output = try TestSupport.shell("\"$CBCHECK\" \(options) 2>&1 >/dev/full; echo \"status $?\"")
        #expect(Self.occurrences(of: Self.full, in: output.stdout) == 1, "\(output.stdout)")
        #expect(output.stdout.hasSuffix("status 2\n"))
    }

    /// The closing summary still comes last, after the write error.
    @Test func theCheckSaysSoBeforeItsSummary() throws {
        let output = try TestSupport.shell("\"$CBCHECK\" \(Self.early) 2>&1 >/dev/full; echo \"status $?\"")
        #expect(output.stdout.hasSuffix(Self.full + "cbcheck: 1 error in 1 file\nstatus 2\n"))
    }

    /// Left closed, descriptor 1 would be the first file cbcheck opens; it is held so every write fails.
    @Test func aClosedStandardOutputIsAnErrorAndTakesNoReport() throws {
        let folder = try TestSupport.temporaryDirectory().path
        let output = try TestSupport.shell(
            "\"$CBCHECK\" \(Self.early) --report json=\(folder)/out.json 2>&1 >&-; echo \"status $?\"")
        #expect(output.stdout.contains("error: standard output: cannot write: Bad file descriptor\n"))
        #expect(output.stdout.hasSuffix("status 2\n"))
        let json = try String(contentsOfFile: "\(folder)/out.json", encoding: .utf8)
        #expect(json == (try TestSupport.run([Self.early, "--format", "json"])).stdout)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["out.json"])
    }

    @Test func aClosedStandardInputFailsToReadInsteadOfLookingEmpty() throws {
        let output = try TestSupport.shell("\"$CBCHECK\" - 2>&1 <&-; echo \"status $?\"")
        #expect(output.stdout.hasPrefix("error: -: read failed: Bad file descriptor\n"))
        #expect(output.stdout.hasSuffix("status 2\n"))
    }

    /// One report refused, standard output full: both said, the report that can be written is.
    @Test func everyFailedWriteIsSaidOnceAndTheOthersAreStillWritten() throws {
        let folder = try TestSupport.temporaryDirectory().path
        try FileManager.default.createDirectory(atPath: "\(folder)/dir", withIntermediateDirectories: false)
        let output = try TestSupport.shell(
            """
            "$CBCHECK" \(Self.early) --report json=\(folder)/dir --report sarif=\(folder)/out.sarif \
                --write-baseline \(folder)/dir/ 2>&1 >/dev/full; echo "status $?"
            """)
        #expect(
            Self.occurrences(of: "error: \(folder)/dir: cannot write the report: is a directory\n", in: output.stdout)
                == 1)
        #expect(
            Self.occurrences(of: "error: \(folder)/dir/: cannot write the report: is a directory\n", in: output.stdout)
                == 1)
        #expect(Self.occurrences(of: Self.full, in: output.stdout) == 1)
        #expect(output.stdout.hasSuffix("cbcheck: 1 error in 1 file\nstatus 2\n"))
        let sarif = try String(contentsOfFile: "\(folder)/out.sarif", encoding: .utf8)
        #expect(sarif == (try TestSupport.run([Self.early, "--format", "sarif"])).stdout)
    }

    /// Nowhere is left to say it, but the run must not pass.
    @Test func aFullStandardErrorStillExitsTwo() throws {
        let output = try TestSupport.shell("\"$CBCHECK\" \(Self.early) 2>/dev/full; echo \"status $?\"")
        #expect(output.stdout.contains(":12:50: error: [CB101]"))
        #expect(output.stdout.hasSuffix("status 2\n"))
    }
}
