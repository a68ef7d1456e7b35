import Foundation
import PackagePlugin

/// Generates `BuiltInRules.swift` from the files in `rules/` so the built-in rules and event map are
/// compiled into the binary; SwiftPM resources would land in a folder beside it that `make install` loses.
@main
struct EmbedRules: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let rulesDirectory = context.package.directoryURL.appending(path: "rules")
        let names = try FileManager.default.contentsOfDirectory(atPath: rulesDirectory.path)
            .filter { $0.hasSuffix(".cbrules") || $0.hasSuffix(".cbevents") }
            .sorted()
        let inputs = names.map { rulesDirectory.appending(path: $0) }
        let output = context.pluginWorkDirectoryURL.appending(path: "BuiltInRules.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(names.count) rule files",
                executable: try context.tool(named: "cbcheck-embed").url,
                arguments: [output.path] + inputs.map(\.path),
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }
}
