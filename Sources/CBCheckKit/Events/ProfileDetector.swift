/// Tells which library profiles a file's first part shows: the literal prefilter goes over the
/// bytes once for every profile's `detect` patterns, and only the patterns whose literals it
/// found run. Running each pattern over the first MiB instead cost more than reading the rest
/// of a small log (docs/performance.md, "Library profiles").
struct ProfileDetector {
    private let profiles: [LibraryProfile]
    /// Every `detect` pattern, in profile order, with the index of its profile.
    private let patterns: [(profile: Int, pattern: EventMap.MapPattern)]
    private let scanner: LiteralScanner

    init(_ profiles: [LibraryProfile]) {
        self.profiles = profiles
        patterns = profiles.indices.flatMap { index in profiles[index].detectors.map { (index, $0) } }
        scanner = LiteralScanner(patterns: patterns.map(\.pattern))
    }

    /// The profiles one of whose `detect` patterns matches `bytes`, in profile order.
    func shown(in bytes: UnsafeRawBufferPointer) -> [LibraryProfile] {
        guard !patterns.isEmpty else { return [] }
        let candidates = scanner.candidates(in: bytes)
        var found = Set<Int>()
        candidates.forEachMember { number in
            let end = number == CandidateSet.capacity - 1 ? patterns.count : min(number + 1, patterns.count)
            for index in number..<end where !found.contains(patterns[index].profile) {
                if (try? patterns[index].pattern.pattern.matches(bytes, from: 0)) == true {
                    found.insert(patterns[index].profile)
                }
            }
            return true
        }
        return profiles.indices.filter(found.contains).map { profiles[$0] }
    }
}
