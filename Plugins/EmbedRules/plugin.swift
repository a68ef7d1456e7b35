import Foundation
import PackagePlugin

/// Generates `BuiltInRules.swift` from the files in `rules/` so the built-in rules and event map are
/// compiled into the binary; SwiftPM resources would land in a folder beside it that `make install`
/// loses. The fixture logs under `Fixtures/` are read too, so `cbcheck explain` can name each rule's
/// fixtures.
@main
struct EmbedRules: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        let rules = try files(under: root.appending(path: "rules")) {
            $0.hasSuffix(".cbrules") || $0.hasSuffix(".cbevents") || $0.hasSuffix(".cbprofile")
                || $0.hasSuffix(".cbrefs")
        }
        let fixtures = try files(under: root.appending(path: "Fixtures")) { $0.hasSuffix(".log") }
        let output = context.pluginWorkDirectoryURL.appending(path: "BuiltInRules.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(rules.count) rule files and \(fixtures.count) fixture names",
                executable: try context.tool(named: "cbcheck-embed").url,
                arguments: [output.path, root.path] + rules.map(\.path) + ["--fixtures"] + fixtures.map(\.path),
                inputFiles: rules + fixtures,
                outputFiles: [output]
            )
        ]
    }

    /// Regular files below `directory` whose names pass `keep`, sorted by path; none if it is missing.
    private func files(under directory: URL, keep: (String) -> Bool) throws -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
        else { return [] }
        return enumerator.compactMap { $0 as? URL }.filter { keep($0.lastPathComponent) }
            .sorted { $0.path < $1.path }
    }
}
