import Diagnostics
import Foundation

/// `cbcheck test [DIR…]`: runs every fixture log and says which hold their annotations.
enum TestCommand {
    static let spec = CommandSpec(
        name: "test", abstract: "Run fixture logs and compare their findings with their #! annotations.",
        discussion: """
            A fixture is a log whose annotation lines say what must be found on the next log line:
            '#! expect CB101', '#! expect-pending CB102', '#! ok CB101', '#! todo CB204'. Every
            finding must be expected, unless '#! rules ACME001' in the fixture (or --select) names
            the rules it is about: then only theirs are compared. The rules and events of the
            nearest .cbcheck apply, as in a check. Exit status: 0 every fixture passes, 1 a
            mismatch, 2 a broken fixture (an annotation naming no rule, or with no log line after it).
            """,
        arguments: [
            .init(
                name: "paths", help: "Fixture logs, or directories searched for *.log (default: Fixtures).",
                isRepeatable: true, isOptional: true)
        ],
        options: [
            CBCheck.rulesOption, CBCheck.eventsOption, CBCheck.lineFormatsOption,
            .init(
                names: ["--select"], valueName: "<rule>",
                help:
                    "Compare only these rules' findings and annotations (repeatable, or comma-separated); the others "
                    + "are ignored.",
                isRepeatable: true),
            .init(
                names: ["--format"], valueName: "<format>", help: "How to print the results.",
                allowedValues: ["text", "json"], defaultValue: "text"),
            .init(
                names: ["--mutate"], valueName: nil,
                help:
                    "Also re-check every passing fixture under mutations that must not change a verdict: "
                    + FixtureMutation.allCases.map(\.rawValue).joined(separator: ", ") + "."),
        ] + CBCheck.configOptions)

    static func run(_ arguments: ParsedArguments, _ console: Console) -> Int32 {
        guard let library = CBCheck.loadSetup(arguments, console)?.library else { return 2 }
        let roots = arguments.positionals.isEmpty ? ["Fixtures"] : arguments.positionals
        if arguments.positionals.isEmpty, !FileManager.default.fileExists(atPath: "Fixtures") {
            let found = FixtureFiles.fixtureFolders()
            let hint = found.first.map { "did you mean 'cbcheck test \($0)'?" } ?? "name them: cbcheck test DIR"
            console.error("cbcheck: error: no fixtures named, and no Fixtures folder here\n  hint: \(hint)\n")
            return 2
        }
        let paths: [String]
        do {
            paths = try FixtureFiles.find(in: roots)
        } catch {
            console.error("\(error)\n")
            return 2
        }
        var runner = FixtureRunner(library: library)
        let selected = arguments.list("select")
        if !selected.isEmpty {
            let known = Set(library.rules.map(\.description.id))
            for id in selected where !known.contains(id) {
                let hint = id.closestMatch(in: known).map { " (did you mean \($0)?)" } ?? ""
                console.error("error: --select names unknown rule '\(id)'\(hint)\n")
                return 2
            }
            runner.selection = Set(selected)
        }
        var results: [FixtureRunner.Result] = []
        var mutated: [MutationOutcome] = []
        var broken: [Diagnostic] = []
        for path in paths {
            do {
                let text = try FixtureFiles.read(path)
                let result = try runner.run(path: path, text: text)
                results.append(result)
                if arguments.flag("mutate"), result.passed {
                    for mutation in FixtureMutation.allCases {
                        mutated.append(try MutationOutcome.check(path: path, text: text, under: mutation, with: runner))
                    }
                }
            } catch {
                broken.append(error)
            }
        }
        if arguments.value("format") == "json" {
            console.outVerbatim(FixtureReport.json(results, broken: broken, mutations: mutated))
        } else {
            console.out(FixtureReport.text(results, broken: broken, mutations: mutated))
            console.out(FixtureReport.untested(library, results))
        }
        if !broken.isEmpty { return 2 }
        return results.allSatisfy(\.passed) && mutated.allSatisfy(\.result.passed) ? 0 : 1
    }
}

/// Finding and reading fixture files.
enum FixtureFiles {
    /// Every `.log` under the given files and directories, sorted, without duplicates.
    static func find(in roots: [String]) throws(Diagnostic) -> [String] {
        var found: [String] = []
        for root in roots {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory) else {
                throw Diagnostic(.error, "\(root): no such file or directory")
            }
            guard isDirectory.boolValue else {
                found.append(root)
                continue
            }
            let enumerator = FileManager.default.enumerator(atPath: root)
            while let relative = enumerator?.nextObject() as? String {
                if relative.hasSuffix(".log") { found.append((root as NSString).appendingPathComponent(relative)) }
            }
        }
        if found.isEmpty { throw Diagnostic(.error, "no fixture logs (*.log) in \(roots.joined(separator: ", "))") }
        return Array(Set(found)).sorted()
    }

    static func read(_ path: String) throws(Diagnostic) -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Diagnostic(.error, "\(path): cannot be read")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// Folders named `fixtures` (any case) here or one or two levels down, for the hint.
    static func fixtureFolders() -> [String] {
        let manager = FileManager.default
        var found: [String] = []
        var level = [""]
        for _ in 0..<3 {
            var next: [String] = []
            for folder in level {
                let names = (try? manager.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
                for name in names.sorted() where !name.hasPrefix(".") {
                    let path = folder.isEmpty ? name : folder + "/" + name
                    var isDirectory: ObjCBool = false
                    guard manager.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
                        continue
                    }
                    if name.lowercased() == "fixtures" { found.append(path) } else { next.append(path) }
                }
            }
            level = next
        }
        return found
    }
}
