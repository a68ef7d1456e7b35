/// `cbcheck rules --event-map`: every phrasing of the event map in the order they are tried, with
/// the literals the prefilter looks for before it runs the phrasing's regex.
///
/// For a map author it answers "why is my line not recognized" (a line holding none of a
/// phrasing's literals is never matched against it) and "what does my phrasing cost" (a phrasing
/// with no literal runs on every record). `make bench` reads the literals back to time a plain
/// `rg -F` over the same log: the work of merely finding the candidate lines.
enum EventMapListing {
    static func lines(_ map: EventMap) -> [String] {
        let rows = map.entries.flatMap { entry in
            entry.patterns.map { pattern in
                (
                    ([entry.kind] + entry.alsoKinds).map(\.name).joined(separator: "+"), pattern.phrasing,
                    literals(pattern)
                )
            }
        }
        let kindWidth = rows.map(\.0.count).max() ?? 0
        let phrasingWidth = rows.map(\.1.count).max() ?? 0
        return rows.map { kind, phrasing, literals in
            "\(kind.padding(to: kindWidth + 1))\(phrasing.padding(to: phrasingWidth + 1))\(literals)"
        }
    }

    /// `cbcheck rules --profiles`: each profile's name and library, its `detect` patterns, and the
    /// kinds its phrasings recognize (`rules --event-map --profile NAME` lists the phrasings).
    static func profileLines(_ profiles: [LibraryProfile]) -> [String] {
        profiles.flatMap { profile in
            var kinds: [String] = []
            for entry in profile.map.entries {
                for kind in [entry.kind] + entry.alsoKinds where !kinds.contains(kind.name) { kinds.append(kind.name) }
            }
            return ["\(profile.name)  \(profile.about)"]
                + profile.detectors.map { "  detect  /\($0.pattern.source)/" }
                + ["  kinds   " + kinds.joined(separator: ", "), "  from    \(profile.location.file)"]
        }
    }

    /// `"didFinishDownloadingTo", "didFinishDownloading:"` (one of which a line must hold),
    /// `(any case)` after them for an `/…/i` phrasing, or why the phrasing is tried on every record.
    static func literals(_ pattern: EventMap.MapPattern) -> String {
        guard let literals = pattern.literals, !literals.isEmpty else {
            return "(no literal: tried on every record)"
        }
        var seen = Set<[UInt8]>()
        let quoted = literals.filter { seen.insert($0).inserted }.map(quote).joined(separator: ", ")
        return pattern.caseless ? "\(quoted) (any case)" : quoted
    }

    /// The bytes in double quotes, with `"`, `\` and bytes outside printable ASCII escaped.
    static func quote(_ bytes: [UInt8]) -> String {
        var text = "\""
        for byte in bytes {
            switch byte {
            case 0x22: text += "\\\""
            case 0x5C: text += "\\\\"
            case 0x20..<0x7F: text.unicodeScalars.append(Unicode.Scalar(byte))
            default: text += "\\x" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return text + "\""
    }
}
