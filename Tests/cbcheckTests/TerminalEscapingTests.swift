import Foundation
import TestSupport
import Testing

/// Someone else's text on the terminal, on the built binary: a log with escape sequences in its
/// messages, identifiers and process name, a file name with a line feed and an escape in it, a
/// rule file with them in a summary. Text, trace and github output and every message on standard
/// error show each control byte as `\xNN`; JSON keeps the text as it is, escaped its own way
/// (docs/error-messages.md, "Text from the log on the terminal").
@Suite struct TerminalEscapingTests {
    private static let early = "Fixtures/relaunch/cb101-handler-called-early.log"

    /// Bytes a terminal would obey: C0 controls but the tab and the line feed, DEL, and C1 as UTF-8.
    private static func rawControls(_ text: String) -> [UInt8] {
        let bytes = Array(text.utf8)
        return bytes.indices.compactMap { index in
            let byte = bytes[index]
            if byte < 0x20 && byte != 0x09 && byte != 0x0A || byte == 0x7F { return byte }
            if byte == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) {
                return bytes[index + 1]
            }
            return nil
        }
    }

    /// The CB101 fixture with a colour, a window title and a C1 CSI in its identifier and process name.
    private static func hostileLog(name: String = "hostile.log") throws -> String {
        let text = try String(
            contentsOf: TestSupport.packageRoot.appendingPathComponent(early), encoding: .utf8)
        return try TestSupport.temporaryFile(
            text.replacingOccurrences(of: "com.acme.Downloader.bg", with: "com.acme.\u{1B}[31mRED\u{1B}[0m.bg\u{9B}2J")
                .replacingOccurrences(of: "Downloader[4101", with: "Down\u{1B}]0;owned\u{07}loader[4101"),
            name: name)
    }

    @Test(arguments: [["--format", "text"], ["--format", "github"], ["--stats"], ["trace"]])
    func escapeSequencesInALogNeverReachTheTerminalRaw(options: [String]) throws {
        let log = try Self.hostileLog()
        let arguments = options == ["trace"] ? ["trace", log, "--no-config"] : [log, "--no-config"] + options
        let output = try TestSupport.run(arguments)
        #expect(Self.rawControls(output.stdout).isEmpty, "\(options): \(output.stdout)")
        #expect(Self.rawControls(output.stderr).isEmpty, "\(options): \(output.stderr)")
        #expect((output.stdout + output.stderr).contains("Down\\x1B]0;owned\\x07loader"), "\(options)")
    }

    @Test func theEvidenceShowsEachByteOnceEscaped() throws {
        let output = try TestSupport.run([try Self.hostileLog(), "--no-config"])
        #expect(output.status == 1)
        #expect(output.stdout.contains("for com.acme.\\x1B[31mRED\\x1B[0m.bg\\xC2\\x9B2J\n"))
    }

    /// A line feed in a file name cannot start a line that reads like a finding of its own.
    @Test func aFileNameCannotForgeALine() throws {
        let forged = "x.log:1:1: error: [CB999] forged\n"
        let log = try Self.hostileLog(name: "a\n\(forged)b\u{1B}[2J.log")
        let shown = log.replacingOccurrences(of: "\n", with: "\\x0A").replacingOccurrences(of: "\u{1B}", with: "\\x1B")
        for format in ["text", "github"] {
            let output = try TestSupport.run([log, "--no-config", "--format", format, "--stats"])
            #expect(output.status == 1)
            for line in (output.stdout + output.stderr).split(separator: "\n") {
                #expect(!line.hasPrefix("x.log"), "\(format): \(line)")
            }
            #expect(Self.rawControls(output.stdout + output.stderr).isEmpty, "\(format)")
            let named =
                format == "text"
                ? "\(shown):12:60: error: [CB101]"
                : "::error file=\(shown.replacingOccurrences(of: ":", with: "%3A")),line=12"
            #expect(output.stdout.hasPrefix(named), "\(format): \(output.stdout)")
            #expect(output.stderr.contains("\(shown): 21 lines, format nslog"), "\(format)")
        }
        // JSON keeps the real name, escaped as JSON escapes it.
        let json = try TestSupport.run([log, "--no-config", "--format", "json"]).stdout
        #expect(
            json.contains(
                "\"path\": \"\(log.replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\u{1B}", with: "\\u001b"))\""
            ))
    }

    @Test func aMissingFileWithALineFeedInItsNameIsOneLine() throws {
        let output = try TestSupport.run(["no\nsuch\u{1B}[2J.log", "--no-config"])
        #expect(output.status == 2)
        #expect(
            output.stderr
                == "error: no\\x0Asuch\\x1B[2J.log: no such file\ncbcheck: nothing checked: 1 file could not be read\n"
        )
    }

    /// A rule file is someone else's text too: its summary in a finding, its lines under a caret.
    @Test func aRuleFilesTextIsEscapedInFindingsListingsAndMistakes() throws {
        let rules = try TestSupport.temporaryFile(
            "rule CB901 owned\n  severity error\n  summary \"\"\"\n    first \u{1B}[31m\n    second\n    \"\"\"\n"
                + "  for each run\n  forbid app.handler.called\n", name: "my.cbrules")
        let checked = try TestSupport.run([Self.early, "--no-config", "--rules", rules])
        #expect(checked.stdout.contains(":12:50: error: [CB901] first \\x1B[31m\\x0Asecond\n"))
        let listed = try TestSupport.run(["rules", "--no-config", "--rules", rules])
        #expect(listed.stdout.contains("first \\x1B[31m\\x0Asecond\n"))
        #expect(Self.rawControls(checked.stdout + checked.stderr + listed.stdout).isEmpty)
        let broken = try TestSupport.temporaryFile("rule CB902 x\n  severity eror\u{1B}[31m\n", name: "bad.cbrules")
        let mistake = try TestSupport.run([Self.early, "--no-config", "--rules", broken])
        #expect(mistake.status == 2)
        #expect(
            mistake.stderr.hasPrefix(
                "\(broken):2:16: error: unexpected character '\\x1B'\n    severity eror\\x1B[31m\n                 ^\n")
        )
    }
}

/// The text report piped (whole evidence lines, no colour), with `--color always`, with
/// `FORCE_COLOR`, and with `--evidence-width`.
@Suite struct TextReportStyleTests {
    private let log = "Fixtures/lifecycle/cb501-background-task-not-ended-uikit-warning.log"
    private let advice =
        "Remember to call UIApplication.endBackgroundTask(_:) for your task in a timely manner to avoid this."

    @Test func pipedTheEvidenceIsWholeAndUncoloured() throws {
        let result = try TestSupport.run(["--no-config", log])
        #expect(result.stdout.contains(advice + "\n"))
        #expect(!result.stdout.contains("\u{1B}"))
    }

    @Test func colourIsAskedForOrForcedAndTheWidthIsChosen() throws {
        for (options, environment) in [(["--color", "always"], [:]), ([], ["FORCE_COLOR": "1"])] {
            let result = try TestSupport.run(["--no-config"] + options + [log], environment: environment)
            #expect(
                result.stdout.hasPrefix("\u{1B}[1m\(log):14:54:\u{1B}[0m \u{1B}[1;31merror:\u{1B}[0m \u{1B}[1m[CB501]"))
        }
        let never = try TestSupport.run(["--no-config", "--color", "never", log], environment: ["FORCE_COLOR": "1"])
        #expect(!never.stdout.contains("\u{1B}"))
        let cut = try TestSupport.run(["--no-config", "--evidence-width", "40", log])
        #expect(cut.stdout.contains("\n        [BackgroundTask] Background Task 12 (\"F…\n"))
    }
}
