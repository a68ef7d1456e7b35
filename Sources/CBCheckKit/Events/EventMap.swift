import CPCRE2
import Diagnostics
import LogReading
import PatternMatching

/// Turns log messages into canonical events: an ordered list of entries, each a kind and the
/// PCRE2 patterns that recognize it, plus attribute extractors shared by all kinds.
///
/// The first entry with a matching pattern wins, so more specific phrasings (UIKit's "completion
/// handler was never called") come before general ones (`handleEventsForBackgroundURLSession`).
public struct EventMap {
    /// One kind and the patterns that recognize it.
    public struct Entry {
        public var kind: EventKind
        /// Further kinds the same line stands for (`also session.create`), emitted after `kind`.
        public var alsoKinds: [EventKind] = []
        public var patterns: [MapPattern] = []
        /// Constant attributes every event of this entry carries (`set background = yes`).
        public var constants: [Attribute: String] = [:]
        public var location: SourceLocation
    }

    /// A compiled pattern and the literals one of which every match contains (for the prefilter),
    /// with where it was written.
    ///
    /// A class: the recognizer walks every pattern and extractor for each candidate record, and
    /// copying a struct of five references cost ten reference-count operations each time.
    public final class MapPattern {
        public let pattern: Pattern
        /// `nil`: no literal is known, the pattern runs on every message.
        public let literals: [[UInt8]]?
        /// The literals are to be found ignoring ASCII case (the `i` flag).
        public let caseless: Bool
        public let location: SourceLocation
        /// `app.cbevents:7`: the map's file name (without folders) and the line of this `match`,
        /// which events it recognizes carry and a rule's `where phrasing == …` names. Made once
        /// here, so an event shares the text rather than building it.
        public let phrasing: String
        /// What kind of text the pattern recognizes (`tier` lines; `signature` when none is given).
        public internal(set) var tier = RecognitionTier.signature
        /// The named groups that are attributes, with their group numbers: resolved once here so
        /// recognizing an event compares no strings.
        public let attributeGroups: [(attribute: Attribute, group: Int)]

        public init(pattern: Pattern, literals: [[UInt8]]?, caseless: Bool, location: SourceLocation) {
            self.pattern = pattern
            self.literals = literals
            self.caseless = caseless
            self.location = location
            phrasing = "\(location.file.fileName):\(location.line)"
            attributeGroups = pattern.groupNames.compactMap { name, number in
                Attribute(rawValue: name).map { ($0, number) }
            }
        }

        /// The byte range `attribute`'s group took in this pattern's last successful match
        /// (`Pattern.matches`), if the pattern has one and it took part.
        func lastMatchRange(of attribute: Attribute) -> Range<Int>? {
            for (candidate, group) in attributeGroups where candidate == attribute {
                if let range = pattern.lastMatchRange(group: group) { return range }
            }
            return nil
        }

        /// Whether `message` contains one of the literals (always true when there are none): the
        /// question the prefilter answers for all patterns at once, asked of one (tests check
        /// with it that a pattern never matches a line without its literals).
        func mayMatch(_ message: UnsafeRawBufferPointer) -> Bool {
            guard let literals else { return true }
            return literals.contains { literal in
                literal.withUnsafeBytes { needle in
                    caseless
                        ? ASCIICase.contains(message, needle)
                        : cbcheck_memmem(message.baseAddress, message.count, needle.baseAddress, needle.count) != nil
                }
            }
        }
    }

    /// Extracts one attribute wherever the event's own pattern did not capture it.
    public struct AttributeExtractor {
        public var attribute: Attribute
        public var pattern: MapPattern
    }

    public internal(set) var entries: [Entry] = []
    public internal(set) var extractors: [AttributeExtractor] = []

    public init() {}

    /// Adds another map's entries after this one's (so this one's phrasings win).
    public mutating func append(_ other: EventMap) {
        entries += other.entries
        extractors += other.extractors
    }
}
