import Diagnostics

/// An event map for the words one wrapper library logs in (flutter_downloader, the AWS transfer
/// utility …): apps that leave the callbacks to a library log none of their own, and the
/// library's lines name the callbacks in its words. Shipped inside the binary
/// (`rules/profiles/*.cbprofile`), tried for a file when its first part shows one of the
/// profile's `detect` patterns (or always, with `--profile NAME`), before the built-in map and
/// after the user's own (docs/log-formats.md, "Library profiles").
///
/// ```
/// profile flutter_downloader
/// about fluttercommunity/flutter_downloader, ios/Classes/FlutterDownloaderPlugin.m
/// detect /\bFlutterDownloaderPlugin\b/
/// event session.create
///   match /init NSURLSession with id\W{0,3}(?<identifier>[\w.-]+)/
///   set background = yes
/// ```
public struct LibraryProfile {
    /// What the lines before the first entry say of the profile.
    public struct Header {
        public var name: String?
        public var about = ""
        public var detectors: [EventMap.MapPattern] = []
        public var location: SourceLocation?

        mutating func read(_ keyword: LineWords.Word, _ words: inout LineWords) throws(Diagnostic) {
            switch keyword.text {
            case "profile":
                guard name == nil else { throw words.error("a second 'profile' line", at: keyword) }
                guard let word = words.next(), !word.isPattern else {
                    throw words.error("'profile' needs a name", at: nil, hint: "profile my_library")
                }
                name = word.text
                location = words.location(of: keyword)
                try words.expectEnd()
            case "about":
                about = words.rest()
            default:
                detectors.append(try words.pattern())
                try words.expectEnd()
            }
        }
    }

    public let name: String
    /// The library and where its lines come from, in a line.
    public let about: String
    /// Patterns one of which a file's first part must match for the profile to apply.
    public let detectors: [EventMap.MapPattern]
    public let map: EventMap
    public let location: SourceLocation

    /// Reads a `.cbprofile` file: the header, then entries as in any event map.
    public init(file: String, text: String) throws(Diagnostic) {
        var header: Header? = Header()
        map = try EventMapParser(file: file, text: text).parse(header: &header)
        let start = SourceLocation(file: file, line: 1, column: 1)
        guard let name = header?.name, let location = header?.location else {
            throw Diagnostic(
                .error, "a profile must begin with a 'profile NAME' line", at: start, sourceLine: text.sourceLine(1))
        }
        guard let detectors = header?.detectors, !detectors.isEmpty else {
            throw Diagnostic(
                .error, "profile '\(name)' has no 'detect' line", at: location,
                hint: "add a line such as: detect /\\bMyLibrary\\b/")
        }
        guard !map.entries.isEmpty else {
            throw Diagnostic(.error, "profile '\(name)' has no 'event' entry", at: location)
        }
        self.name = name
        about = header?.about ?? ""
        self.detectors = detectors
        self.location = location
    }
}

/// Which library profiles a check tries: those a file's first part shows (the default), or the
/// ones named with `--profile` for every file (`--profile none`: none).
public enum ProfileChoice: Sendable {
    case detect
    case only([String])

    /// How many bytes of a regular file are looked through for the profiles' `detect` patterns.
    static let detectionLength = 1 << 20
}

extension BuiltInRuleFiles {
    /// The built-in profiles' names: each `rules/profiles/NAME.cbprofile` file's NAME, which its
    /// `profile` line repeats (`LibraryProfileTests` checks).
    static let profileNames: [String] = files.filter { $0.name.hasSuffix(".cbprofile") }.map {
        String($0.name.dropLast(".cbprofile".count))
    }
}
