import Diagnostics
import Foundation

/// One thing a rule's `source` line can cite, so `cbcheck explain` and SARIF can show where to
/// read it: an Apple fact (`R6`), a conflict between sources (`C1`), an unconfirmed item (`U3`)
/// or one of the catalog's source documents (`seed 000`). The built-in ones are in
/// `rules/references.cbrefs`.
public struct Reference: Equatable, Sendable {
    /// What kind of source says it, strongest first as `shared/APPLE-FACTS.md` grades them.
    public enum Status: String, CaseIterable, Sendable {
        case appleDocumentation = "APPLE-DOC"
        case appleHeader = "APPLE-HDR"
        case appleArchive = "APPLE-ARCHIVE"
        case appleEngineer = "APPLE-ENG"
        case thirdParty = "THIRD-PARTY"
        case inferred = "INFERRED"
        case conflict = "CONFLICT"
        case unconfirmed = "UNCONFIRMED"
        case seed = "SEED"

        /// The status in words, as `cbcheck explain` prints it.
        public var words: String {
            switch self {
            case .appleDocumentation: "Apple documentation"
            case .appleHeader: "Apple SDK header"
            case .appleArchive: "archived Apple guide"
            case .appleEngineer: "Apple engineer on the forums"
            case .thirdParty: "third-party"
            case .inferred: "inferred from Apple sources"
            case .conflict: "sources disagree"
            case .unconfirmed: "unconfirmed: no source found"
            case .seed: "source document of the catalog"
            }
        }

        /// Apple said it (documentation, header, archive or an Apple engineer).
        public var isApple: Bool {
            [.appleDocumentation, .appleHeader, .appleArchive, .appleEngineer].contains(self)
        }
    }

    /// `R6`, `C1`, `U3` or `seed 000`.
    public var id: String
    public var statuses: [Status]
    /// Where to read it; nil when there is no page to point at.
    public var address: String?
    /// What it says, in one line.
    public var summary: String
    /// Where in Apple's SDK headers it is said, when a header is the source.
    public var header: String?

    /// The statuses in words: "Apple documentation + Apple SDK header".
    public var kind: String { statuses.map(\.words).joined(separator: " + ") }
}
