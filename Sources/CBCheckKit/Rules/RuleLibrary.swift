import Diagnostics
import Foundation
import LogReading

/// The rules and event map a check runs with: the built-in ones compiled into the binary, plus
/// the user's (`--rules PATH`, `--events FILE`).
///
/// A user rule with a built-in id replaces the built-in one; user event-map entries are tried
/// before the built-in ones, so an app's own phrasing wins.
public struct RuleLibrary {
    public internal(set) var rules: [CompiledRule] = []
    public private(set) var eventMap = EventMap()
    /// The event maps added with `addEvents(at:)`, in the order added: the user's own, as against
    /// the built-in one (`cbcheck learn --raw` mines the phrasings of these).
    public private(set) var userEventMapFiles: [String] = []
    /// The rule files added with `addRules(at:)`: the user's own rules are the ones defined there.
    public private(set) var userRuleFiles: [String] = []
    /// The wrapper libraries' event maps (`rules/profiles/*.cbprofile`), by name.
    public private(set) var profiles: [LibraryProfile] = [] {
        didSet { profileDetector = ProfileDetector(profiles) }
    }
    /// The user's own line formats (`--line-formats FILE`), tried before the built-in formats.
    public private(set) var lineFormats: [UserLogFormat] = []
    /// Which profiles a file's first part shows.
    private(set) var profileDetector = ProfileDetector([])
    /// How many of `eventMap`'s first entries and extractors are the user's: a profile's go after
    /// them and before the built-in ones.
    private var userEntryCount = 0
    private var userExtractorCount = 0

    /// The built-in rules and event map only.
    public static func builtIn() throws(Diagnostic) -> RuleLibrary {
        var library = RuleLibrary()
        var profiles: [LibraryProfile] = []
        for file in BuiltInRuleFiles.files {
            let name = "rules/\(file.name)"
            if file.name.hasSuffix(".cbprofile") {
                profiles.append(try LibraryProfile(file: "rules/profiles/\(file.name)", text: file.text))
            } else if file.name.hasSuffix(".cbevents") {
                library.eventMap.append(try EventMapParser(file: name, text: file.text).parse())
            } else if file.name.hasSuffix(".cbrules") {
                try library.add(rulesFrom: name, text: file.text, replacing: false)
            }
        }
        library.rules.sort { $0.description.id < $1.description.id }
        library.profiles = profiles
        return library
    }

    /// Adds the rules of a `.cbrules` file, or of every `.cbrules` file in a directory.
    public mutating func addRules(at path: String) throws(Diagnostic) {
        for file in try Self.files(at: path, suffix: ".cbrules") {
            try add(rulesFrom: file, text: try Self.read(file), replacing: true)
            userRuleFiles.append(file)
        }
    }

    /// Adds the rules of rule-file text held in memory (`cbcheck learn` compiles what it prints);
    /// `file` names it in diagnostics. A rule with an id already present replaces it.
    public mutating func addRules(named file: String, text: String) throws(Diagnostic) {
        try add(rulesFrom: file, text: text, replacing: true)
    }

    /// Puts a user event map's entries before the current ones.
    public mutating func addEvents(at path: String) throws(Diagnostic) {
        var user = try EventMapParser(file: path, text: try Self.read(path)).parse()
        userEntryCount += user.entries.count
        userExtractorCount += user.extractors.count
        user.append(eventMap)
        eventMap = user
        userEventMapFiles.append(path)
    }

    /// Adds the line formats of a `.cbformat` file, or of every one in a directory; a format's
    /// name may be no built-in format's and no other added format's.
    public mutating func addLineFormats(at path: String) throws(Diagnostic) {
        for file in try Self.files(at: path, suffix: ".cbformat") {
            try addLineFormats(named: file, text: try Self.read(file))
        }
    }

    /// Adds the line formats of `.cbformat` text held in memory; `file` names it in diagnostics.
    public mutating func addLineFormats(named file: String, text: String) throws(Diagnostic) {
        let taken = Set(LogFormats.identifiers + lineFormats.map(\.identifier))
        lineFormats += try LineFormatParser(file: file, text: text).parse(taken: taken)
    }

    /// The format `--log-format` names: a built-in one, or one of `lineFormats`.
    /// - Throws: a `Diagnostic` listing the names there are, for any other name.
    public func logFormat(named name: String) throws(Diagnostic) -> any LogFormat {
        if let format = lineFormats.first(where: { $0.identifier == name }) ?? LogFormats.named(name) {
            return format
        }
        let names = LogFormats.identifiers + lineFormats.map(\.identifier)
        throw Diagnostic(
            .error, "unknown log format '\(name)' for --log-format",
            hint: name.didYouMean(in: names) ?? "formats: " + names.joined(separator: ", "))
    }

    /// The event map with `chosen` profiles' entries after the user's and before the built-in ones.
    public func eventMap(with chosen: [LibraryProfile]) -> EventMap {
        guard !chosen.isEmpty else { return eventMap }
        var map = EventMap()
        map.entries = Array(eventMap.entries[..<userEntryCount])
        map.extractors = Array(eventMap.extractors[..<userExtractorCount])
        for profile in chosen { map.append(profile.map) }
        map.entries += eventMap.entries[userEntryCount...]
        map.extractors += eventMap.extractors[userExtractorCount...]
        return map
    }

    /// The profile named `name`, if any.
    public func profile(named name: String) -> LibraryProfile? { profiles.first { $0.name == name } }

    /// Drops every rule, keeping the event map (for `cbcheck trace`).
    mutating func removeAllRules() { rules = [] }

    /// The rule with this id, if any (ids are matched case-insensitively).
    public func rule(id: String) -> CompiledRule? {
        rules.first { $0.description.id.uppercased() == id.uppercased() }
    }

    // MARK: - Private

    private mutating func add(rulesFrom file: String, text: String, replacing: Bool) throws(Diagnostic) {
        var parser = RuleParser(file: file, text: text)
        var seenInFile: [String: SourceLocation] = [:]
        for rule in try parser.parse() {
            let id = rule.description.id
            if let first = seenInFile[id] {
                throw Diagnostic(
                    .error, "duplicate rule id \(id) (first defined at \(first))", at: rule.description.location,
                    sourceLine: Self.line(rule.description.location.line, of: text), hint: "give each rule its own id")
            }
            seenInFile[id] = rule.description.location
            if let existing = rules.firstIndex(where: { $0.description.id == id }) {
                guard replacing else {
                    throw Diagnostic(
                        .error, "duplicate rule id \(id) (first defined at \(rules[existing].description.location))",
                        at: rule.description.location)
                }
                rules[existing] = rule
            } else {
                rules.append(rule)
            }
        }
    }

    private static func line(_ number: Int, of text: String) -> String {
        text.sourceLine(number)
    }

    private static func files(at path: String, suffix: String) throws(Diagnostic) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw Diagnostic(.error, "\(path): no such file or directory")
        }
        guard isDirectory.boolValue else { return [path] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        let found = names.filter { $0.hasSuffix(suffix) }.sorted().map { "\(path)/\($0)" }
        if found.isEmpty { throw Diagnostic(.error, "\(path): no \(suffix) files in this directory") }
        return found
    }

    private static func read(_ path: String) throws(Diagnostic) -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw Diagnostic(.error, "\(path): no such file")
        }
        if isDirectory.boolValue { throw Diagnostic(.error, "\(path): is a directory, expected a file") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Diagnostic(.error, "\(path): cannot be read")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw Diagnostic(.error, "\(path): is not UTF-8 text")
        }
        return text
    }
}
