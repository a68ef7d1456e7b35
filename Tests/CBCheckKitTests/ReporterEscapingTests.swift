import Testing

@testable import CBCheckKit

/// A log line is written by the app, not by us: every format must carry any text it holds
/// without breaking (markup, workflow-command separators, control bytes, odd file names).
@Suite struct ReporterEscapingTests {
    @Test func junitEscapesMarkupAndShowsControlBytes() {
        #expect(
            JUnitReporter.escape("<script>alert('x')</script> & \"><img onerror=a>")
                == "&lt;script&gt;alert(&apos;x&apos;)&lt;/script&gt; &amp; &quot;&gt;&lt;img onerror=a&gt;")
        #expect(JUnitReporter.escape("bell\u{07} esc\u{1B} tab\tok") == "bell\\x07 esc\\x1B tab\tok")
    }

    @Test func githubEscapesWhatEndsAMessageOrAProperty() {
        #expect(GitHubReporter.data("100% done\r\nnext: a,b") == "100%25 done%0D%0Anext: a,b")
        #expect(GitHubReporter.property("logs/a:b,c.log") == "logs/a%3Ab%2Cc.log")
    }

    @Test func jsonEscapesQuotesBackslashesAndControlCharacters() {
        #expect(JSONValue.string("a\"b\\c\nd\u{01}é").rendered() == "\"a\\\"b\\\\c\\nd\\u0001é\"\n")
        #expect(
            JSONValue.object([("b", .int(1)), ("a", .array([.null, .bool(true)]))]).rendered()
                == "{\n  \"b\": 1,\n  \"a\": [\n    null,\n    true\n  ]\n}\n")
    }

    @Test func sarifURIsArePercentEncodedReferences() {
        #expect(SARIFReporter.uriReference("logs/run 1/app#2.log") == "logs/run%201/app%232.log")
        #expect(SARIFReporter.uriReference("Samples/background-download.log") == "Samples/background-download.log")
        #expect(SARIFReporter.uriReference("é.log") == "%C3%A9.log")
    }
}
