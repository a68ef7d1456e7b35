import Diagnostics
import Foundation

extension Configuration {
    /// The name of the settings file looked for in the working directory and each folder above it.
    public static let fileName = ".cbcheck"

    /// The nearest `.cbcheck` from `directory` upward, as a path relative to `directory`
    /// (`.cbcheck`, `../.cbcheck`), or `nil` when no folder up to the root has one.
    public static func find(from directory: String) -> String? {
        var folder = URL(fileURLWithPath: directory).standardizedFileURL
        var prefix = ""
        while true {
            var isDirectory: ObjCBool = false
            let candidate = folder.appendingPathComponent(fileName).path
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue {
                return prefix + fileName
            }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { return nil }
            folder = parent
            prefix += "../"
        }
    }

    /// Reads and parses the settings file at `path`.
    /// - Throws: a `Diagnostic` when the file cannot be read or has a mistake.
    public static func load(from path: String) throws(Diagnostic) -> Configuration {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
            let data = FileManager.default.contents(atPath: path)
        else {
            throw Diagnostic(.error, "\(path): no such settings file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw Diagnostic(.error, "\(path): is not UTF-8 text")
        }
        return try ConfigurationParser(file: path, text: text).parse()
    }

    /// Adds the file's rule files, event maps and line formats to `library`; a path that cannot be read is an
    /// error at the line that names it.
    public func addPaths(to library: inout RuleLibrary) throws(Diagnostic) {
        for setting in rulePaths {
            try located(setting) { () throws(Diagnostic) in try library.addRules(at: resolve(setting.path)) }
        }
        for setting in eventPaths {
            try located(setting) { () throws(Diagnostic) in try library.addEvents(at: resolve(setting.path)) }
        }
        for setting in lineFormatPaths {
            try located(setting) { () throws(Diagnostic) in try library.addLineFormats(at: resolve(setting.path)) }
        }
    }

    // MARK: - Private

    /// Runs `body`; a diagnostic without a place of its own (a missing file) moves to the setting's line.
    private func located(_ setting: PathSetting, _ body: () throws(Diagnostic) -> Void) throws(Diagnostic) {
        do {
            try body()
        } catch  where error.location == nil {
            throw Diagnostic(error.severity, error.message, at: setting.location, sourceLine: setting.sourceLine)
        }
    }
}
