// Writes one Swift file holding the built-in rule files' names and texts as raw string literals,
// and which fixture logs annotate which rule ids (`BuiltInRulesSource`).
// Usage: cbcheck-embed OUTPUT.swift PACKAGE_ROOT RULE_FILE... --fixtures FIXTURE...
import Foundation
import RuleEmbedding

var arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: cbcheck-embed OUTPUT.swift ROOT FILE... --fixtures LOG...\n".utf8))
    exit(2)
}
let outputPath = arguments.removeFirst()
let root = arguments.removeFirst()
let split = arguments.firstIndex(of: "--fixtures") ?? arguments.endIndex
let rules = try arguments[..<split].map { path in
    (name: URL(fileURLWithPath: path).lastPathComponent, text: try String(contentsOfFile: path, encoding: .utf8))
}
let fixtures = (split < arguments.endIndex ? arguments[(split + 1)...] : []).map { path in
    (
        path: path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path,
        text: (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    )
}
try BuiltInRulesSource.make(rules: rules, fixtures: fixtures).write(
    toFile: outputPath, atomically: true, encoding: .utf8)
