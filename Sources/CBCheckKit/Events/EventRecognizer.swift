import PatternMatching

/// Applies an `EventMap` to one record's message: the literal prefilter (`LiteralScanner`) says
/// which patterns could match, only those regexes run, and attributes are read only once a kind
/// has matched.
public struct EventRecognizer {
    public let map: EventMap
    /// The prefilter over every entry pattern, in recognition order.
    public let scanner: LiteralScanner
    /// Called when a pattern hits its match limit on a line; the line then counts as chatter.
    public var onPatternFailure: (PatternError, EventMap.MapPattern) -> Void = { _, _ in }
    /// For each entry, what recognizing one of its records needs, worked out once.
    private let plans: [EntryPlan]
    /// Every entry pattern in recognition order (a candidate set's numbering), with its entry.
    private let patterns: [(entry: Int, pattern: EventMap.MapPattern)]
    /// The extractors' literals, looked for in a recognized record only for the extractors it
    /// reaches.
    private let extractorLiterals: ExtractorLiterals
    /// `map.extractors`' patterns, by the index `EntryPlan.extractors` gives.
    private let extractorPatterns: [EventMap.MapPattern]
    /// By extractor, a later one its run answers too (`ExtractorTwin`).
    private let twins: [ExtractorTwin?]
    /// Where the last message of each entry pattern had its attributes (`RecentRecognitions`).
    private let recent: RecentRecognitions
    /// The last value made for each attribute (`RecentValues`).
    private let recentValues = RecentValues()
    /// Which pattern won over a set of candidates last (`RecentWalks`).
    private let walks: RecentWalks
    /// By entry pattern number, whether it is digit-blind (`DigitBlind`).
    private let patternIsDigitBlind: [Bool]

    public init(map: EventMap) {
        self.init(map: map, reusesRecentAttributes: true)
    }

    /// - Parameter reusesRecentAttributes: `false` runs the patterns and extractors for every
    ///   record, reusing nothing (`RecentWalks`, `RecentRecognitions`; tests compare the two ways
    ///   with it).
    init(map: EventMap, reusesRecentAttributes: Bool) {
        self.map = map
        patterns = map.entries.indices.flatMap { entry in map.entries[entry].patterns.map { (entry, $0) } }
        scanner = LiteralScanner(patterns: patterns.map(\.pattern))
        extractorPatterns = map.extractors.map(\.pattern)
        twins = ExtractorTwin.twins(of: map.extractors)
        recent = RecentRecognitions(patterns: reusesRecentAttributes ? patterns.count : 0)
        walks = RecentWalks(isEnabled: reusesRecentAttributes)
        patternIsDigitBlind = patterns.map { DigitBlind.holds(for: $0.pattern.pattern.source) }
        let extractorLiterals = ExtractorLiterals(map.extractors)
        self.extractorLiterals = extractorLiterals
        let startsWithADigit = map.extractors.map { $0.pattern.pattern.startsWithADigit() }
        let digitBlind = map.extractors.map { DigitBlind.holds(for: $0.pattern.pattern.source) }
        plans = map.entries.map {
            EntryPlan(
                $0, extractors: map.extractors, literals: extractorLiterals, startsWithADigit: startsWithADigit,
                digitBlind: digitBlind)
        }
    }

    /// One kind a record stands for, with the attributes read from it, the phrasing that
    /// recognized it (`EventMap.MapPattern.phrasing`) and that phrasing's tier.
    /// An event a message stands for; `at`: where the pattern that won matched in the message, so
    /// that an event found in a continuation line is placed at that line.
    public typealias Recognized = (EventKind, AttributeValues, phrasing: String, tier: RecognitionTier, at: Int)

    /// The kinds a message stands for, or `[]` for chatter.
    /// - Parameter candidates: the patterns the scanner found possible in the record's lines;
    ///   `nil` scans the message here.
    public func recognize(_ message: UnsafeRawBufferPointer, candidates: CandidateSet? = nil) -> [Recognized] {
        var recognized: [Recognized] = []
        recognize(message, candidates: candidates, into: &recognized)
        return recognized
    }

    /// The same into `recognized`, emptied first and its storage kept: the record assembler reuses
    /// one array for every record, where a new one per event cost an allocation and its release.
    public func recognize(
        _ message: UnsafeRawBufferPointer, candidates: CandidateSet? = nil, into recognized: inout [Recognized]
    ) {
        // One at a time: `removeAll(keepingCapacity:)` destroyed the one to three kinds through
        // the generic `replaceSubrange` and `swift_arrayDestroy`, about 240 instructions a record.
        while !recognized.isEmpty { recognized.removeLast() }
        let candidates = candidates ?? scanner.candidates(in: message)
        if candidates.isEmpty { return }
        if let hit = walks.winner(of: candidates, in: message) {
            let number = walks.number(hit)
            let (entryIndex, candidate) = patterns[number]
            var captured = walks.groups(hit)
            _ = appendEvents(
                of: plans[entryIndex], candidate, number: number, at: walks.matchStart(hit), &captured, message,
                reusing: hit, to: &recognized)
            return
        }
        // Whether every pattern run so far is digit-blind and finished (`RecentWalks`).
        var blind = true
        // Patterns are numbered in recognition order, so the first candidate that matches wins;
        // the last number stands for every pattern from it on.
        candidates.forEachMember { number in
            guard number < patterns.count else { return false }
            let end = number == CandidateSet.capacity - 1 ? patterns.count : number + 1
            for index in number..<end {
                let (entryIndex, candidate) = patterns[index]
                blind = blind && patternIsDigitBlind[index]
                guard run(candidate, on: message, from: 0, completed: &blind) else { continue }
                let matched = candidate.pattern.lastMatchRange(group: 0)
                if candidate.tier != .system, let matched, MentionCue.isMention(message, match: matched) {
                    blind = false  // a mention is never remembered as a walk to reuse
                    continue
                }
                let groups = groups(of: candidate, constants: plans[entryIndex].constants.mask)
                var attributes = groups
                let completed = appendEvents(
                    of: plans[entryIndex], candidate, number: index, at: matched?.lowerBound ?? 0, &attributes, message,
                    reusing: nil, to: &recognized)
                if blind, completed {
                    walks.remember(
                        index, groups: groups, attributes: attributes, matchStart: matched?.lowerBound ?? 0,
                        over: candidates,
                        in: message)
                }
                return false
            }
            return true
        }
    }

    // MARK: - Private

    /// The winning pattern's groups from its last match, with the entry's constants.
    private func groups(of candidate: EventMap.MapPattern, constants: UInt32) -> CapturedAttributes {
        var captured = CapturedAttributes()
        for (attribute, group) in candidate.attributeGroups where !captured.contains(attribute) {
            if let range = candidate.pattern.lastMatchRange(group: group) { captured.capture(attribute, at: range) }
        }
        captured.setConstants(constants)
        return captured
    }

    /// Appends the events of `plan` for `message`, won by `candidate`.
    /// - Parameters:
    ///   - number: the candidate's number among the entry patterns.
    ///   - captured: what its groups and the entry's constants give (`groups(of:constants:)`),
    ///     given the attributes found; in place, where taking and returning the 168-byte value
    ///     copied it twice a record.
    ///   - reused: a remembered walk over a message that differs from this one only in digits,
    ///     with the same groups: its extractors' ranges hold here (`RecentWalks`).
    /// - Returns: `false` when an extractor hit its match limit (it is then reported again on
    ///   the next such message, not skipped).
    private func appendEvents(
        of plan: EntryPlan, _ candidate: EventMap.MapPattern, number: Int, at matchStart: Int,
        _ captured: inout CapturedAttributes, _ message: UnsafeRawBufferPointer, reusing reused: RecentWalks.Hit?,
        to recognized: inout [Recognized]
    ) -> Bool {
        var completed = true
        let blind = plan.digitBlindAttributes
        if let reused {
            walks.adopt(blind, from: reused, into: &captured)
            if plan.digitSeeingAttributes != 0 {
                completed = runExtractors(of: plan, on: message, into: &captured, skipping: blind)
            }
        } else if blind == 0 {
            completed = runExtractors(of: plan, on: message, into: &captured)
        } else if recent.adopt(blind, into: &captured, recognizedBy: number, in: message) {
            if plan.digitSeeingAttributes != 0 {
                completed = runExtractors(of: plan, on: message, into: &captured, skipping: blind)
            }
        } else {
            let before = captured
            completed = runExtractors(of: plan, on: message, into: &captured)
            if completed { recent.remember(captured, before: before, recognizedBy: number, in: message) }
        }
        let values = captured.values(
            keeping: plan.carried, in: message, constants: plan.constants, recent: recentValues)
        if plan.alsoKinds.isEmpty {
            recognized.append((plan.kind, values, candidate.phrasing, candidate.tier, matchStart))
        } else {
            for kind in [plan.kind] + plan.alsoKinds {
                recognized.append((kind, values.keeping(kind.carries), candidate.phrasing, candidate.tier, matchStart))
            }
        }
        return completed
    }

    /// Runs the extractors of `plan` for the attributes `captured` lacks and `skipped` (a bit per
    /// attribute) leaves out, in map order; `false` when one of them hit its match limit.
    private func runExtractors(
        of plan: EntryPlan, on message: UnsafeRawBufferPointer, into captured: inout CapturedAttributes,
        skipping skipped: UInt32 = 0
    ) -> Bool {
        var completed = true
        // The first digit's offset once looked for (`.some(nil)`: the message has none).
        var firstDigit: Int??
        var lastRequired = ExtractorLiterals.LastRequiredByte()
        // A twin's answer from an earlier run (`ExtractorTwin`): the extractor it is for, and
        // its group's range when that run matched.
        var answered = -1
        var answer: Range<Int>?
        for (index, attribute, isChecked, startsWithADigit) in plan.extractors
        where (skipped | captured.known) & 1 << UInt32(attribute.ordinal) == 0 {
            if index == answered {
                if let answer { captured.capture(attribute, at: answer) }
                continue
            }
            guard !isChecked || extractorLiterals.mayMatch(index, in: message, last: &lastRequired) else { continue }
            var start = 0
            if startsWithADigit {
                let found = firstDigit ?? FirstDigit.offset(in: message)
                firstDigit = found
                guard let found else { continue }
                start = found
            }
            let twin = twins[index]
            let pattern = twin?.merged ?? extractorPatterns[index]
            let matched = run(pattern, on: message, from: start, completed: &completed)
            if let twin {
                answered = twin.partner
                answer = matched ? pattern.lastMatchRange(of: twin.partnerAttribute) : nil
            }
            guard matched, let range = pattern.lastMatchRange(of: attribute) else { continue }
            captured.capture(attribute, at: range)
        }
        return completed
    }

    /// Runs `source`'s pattern on `message` from byte `start`, leaving the match's groups in the
    /// pattern; sets `completed` to `false` when the pattern hit its match limit.
    private func run(
        _ source: EventMap.MapPattern, on message: UnsafeRawBufferPointer, from start: Int, completed: inout Bool
    ) -> Bool {
        do {
            return try source.pattern.matches(message, from: start)
        } catch {
            completed = false
            onPatternFailure(error, source)
            return false
        }
    }
}
