/// JUnit XML for CI test views (GitLab, Jenkins, Azure): a test suite per log file, a test case
/// per file (did it read, do file-wide checks pass) and one per (rule, slice) with a finding. A
/// finding that fails the run is a `<failure>` carrying the message and evidence; one that does
/// not (pending, below `--fail-on`, in the baseline) is `<skipped>` with the reason, so the test
/// view and the exit status agree.
public enum JUnitReporter: Reporter {
    public static let identifier = "junit"
    public static let description = "JUnit XML: a test case per file and per (rule, slice) with a finding"

    public static func generateReport(_ report: CheckReport) -> String {
        let suites = report.files.map { suite($0, report.policy) }
        let tests = suites.reduce(0) { $0 + $1.tests }
        let failures = suites.reduce(0) { $0 + $1.failures }
        let errors = suites.reduce(0) { $0 + $1.errors }
        let skipped = suites.reduce(0) { $0 + $1.skipped }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"\(report.tool)\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\""
        xml += " skipped=\"\(skipped)\">\n"
        for suite in suites { xml += suite.xml }
        return xml + "</testsuites>\n"
    }

    // MARK: - Private

    private struct Suite {
        var tests = 0, failures = 0, errors = 0, skipped = 0
        var xml = ""
    }

    private static func suite(_ file: CheckReport.File, _ policy: FailPolicy) -> Suite {
        var suite = Suite()
        var cases = ""
        let path = escape(file.path)
        func testCase(_ name: String, _ body: String) {
            suite.tests += 1
            cases += "    <testcase classname=\"\(path)\" name=\"\(escape(name))\""
            cases += body.isEmpty ? "/>\n" : ">\n\(body)    </testcase>\n"
        }
        if let error = file.error {
            suite.errors += 1
            testCase("read", "      <error message=\"\(escape(error))\" type=\"input\"/>\n")
        } else {
            let lines = file.stats.map { "\($0.lines) lines, \($0.unparseable) unparseable" } ?? ""
            var body = ""
            if !file.problems.isEmpty {
                suite.failures += 1
                let text = file.problems.joined(separator: "\n")
                body = "      <failure message=\"\(escape(file.problems[0]))\" type=\"log\">\(escape(text))</failure>\n"
            }
            testCase("read and checked (\(lines))", body)
        }
        for finding in file.findings {
            let name = "\(finding.ruleID) \(finding.ruleName) (\(finding.slice))"
            let message = escape(finding.summary)
            if let excuse = policy.excuse(for: finding) {
                suite.skipped += 1
                testCase(name, "      <skipped message=\"\(escape(excuse)): \(message)\"/>\n")
            } else {
                suite.failures += 1
                let text = escape(TextReporter.render(finding))
                testCase(name, "      <failure message=\"\(message)\" type=\"\(finding.ruleID)\">\(text)</failure>\n")
            }
        }
        for entry in file.notChecked.entries {
            suite.skipped += 1
            testCase(
                "\(entry.rule) (not checked)", "      <skipped message=\"not checked: \(escape(entry.reason))\"/>\n")
        }
        suite.xml = "  <testsuite name=\"\(path)\" tests=\"\(suite.tests)\" failures=\"\(suite.failures)\""
        suite.xml += " errors=\"\(suite.errors)\" skipped=\"\(suite.skipped)\">\n\(cases)  </testsuite>\n"
        return suite
    }

    /// Text for an XML attribute or element (see `MarkupText`).
    static func escape(_ text: String) -> String { MarkupText.escape(text) }
}
