import Testing

@testable import CBCheckKit

@Suite struct PathGlobTests {
    @Test(arguments: [
        ("archive", "archive", true), ("archive", "2026/archive", true), ("archive", "archive.log", false),
        ("*.tmp.log", "a/b/c.tmp.log", true), ("*.tmp.log", "c.log", false),
        ("2026/*/run.log", "2026/03/run.log", true), ("2026/*/run.log", "2026/03/14/run.log", false),
        ("2026/**/run.log", "2026/03/14/run.log", true), ("2026/**/run.log", "2026/run.log", true),
        ("**/*.crash", "a/b/x.crash", true), ("**/*.crash", "x.crash", true),
        ("/logs/", "logs", true), ("run-?.log", "run-1.log", true), ("run-?.log", "run-10.log", false),
        ("run-[0-9].log", "run-7.log", true), ("run-[!0-9].log", "run-7.log", false),
        ("run-[!0-9].log", "run-x.log", true), ("[bad", "[bad", true), ("*", "a/b", true),
        ("a/*", "a/b/c", false), ("device-*/**", "device-1/x/y.log", true),
    ])
    func patternsMatchAsTheShellAndGitignoreDo(pattern: String, path: String, expected: Bool) {
        #expect(PathGlob(pattern).matches(path) == expected, "\(pattern) ~ \(path)")
    }
}
