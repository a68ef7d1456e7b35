import LogReading

/// Whether an app's line only speaks of a callback rather than logging it: a plan ("will call the
/// completion handler"), a wait ("waiting for urlSessionDidFinishEvents"), a negation ("not
/// calling completion handler yet", "didFinishLaunching has not run"), a reminder ("implement
/// application(_:handleEventsForBackgroundURLSession:…)"). Such lines were taken for the call:
/// a wake got a second handleEvents scope and a handler "called" before it was (issue 17).
///
/// Judged on the words just before the phrasing's match and just after it, so a real call line
/// that goes on to say something else ("didCompleteWithError task=3 … will retry") stays a call.
/// System lines are never mentions: the system's own words are what they say.
enum MentionCue {
    /// Whether the match at `range` of `message` is a mention.
    static func isMention(_ message: UnsafeRawBufferPointer, match range: Range<Int>) -> Bool {
        let before = words(message, max(0, range.lowerBound - window)..<range.lowerBound, dropsCutFirstWord: true)
        if before.contains(where: leadingCues.contains) { return true }
        if hasPhrase(before, in: leadingPhrases) { return true }
        let after = words(
            message, range.upperBound..<min(message.count, range.upperBound + window), dropsCutFirstWord: false)
        return hasPhrase(Array(after.prefix(3)), in: trailingPhrases, atStartOnly: true)
    }

    // MARK: - Private

    /// How many bytes on each side are read: a cue farther away belongs to another clause.
    private static let window = 40

    /// Words that, before the phrasing, make it a plan, a wait, a condition or a negation.
    private static let leadingCues: Set<String> = [
        "will", "would", "should", "must", "shall", "expect", "expects", "expecting", "expected", "until", "unless",
        "not", "never", "no", "yet", "skip", "skips", "skipped", "skipping", "defer", "defers", "deferred",
        "deferring", "implement", "implementing", "reminder", "if", "once", "without", "awaiting", "await",
        "before", "instead", "cannot", "can't", "won't", "don't", "doesn't", "didn't", "isn't", "wasn't",
        "todo", "fixme", "usage", "ignoring", "ignore", "ignored", "note", "when", "whenever",
    ]

    /// Word pairs that do the same before the phrasing.
    private static let leadingPhrases: [[String]] = [
        ["waiting", "for"], ["wait", "for"], ["waits", "for"], ["going", "to"], ["about", "to"], ["need", "to"],
        ["needs", "to"], ["registering", "for"], ["register", "for"], ["timed", "out"], ["time", "out"],
        ["ready", "for"], ["prepare", "for"], ["preparing", "for"],
    ]

    /// Words that, right after the phrasing, deny it happened.
    private static let trailingPhrases: [[String]] = [
        ["has", "not"], ["hasn't"], ["was", "never"], ["were", "never"], ["never"], ["not", "yet"], ["not"],
        ["is", "not"], ["isn't"], ["wasn't"], ["did", "not"], ["didn't"], ["will", "be"], ["would"], ["missing"],
        ["are", "not"], ["is", "missing"], ["not", "received"], ["expected"], ["was", "not"], ["were", "not"],
        ["not", "called"], ["must"], ["should"], ["needs"], ["has", "to"],
        // `-[NSURLSessionConfiguration backgroundSessionConfigurationWithIdentifier:]: unrecognized
        // selector sent to class`: the exception of a method that does not exist, so it did not run.
        ["unrecognized", "selector"],
    ]

    /// The lower-cased ASCII words in `range` (apostrophes kept); with `dropsCutFirstWord`, not a
    /// first word the range's start cuts in two (it belongs to the text before the window).
    private static func words(
        _ message: UnsafeRawBufferPointer, _ range: Range<Int>, dropsCutFirstWord: Bool
    ) -> [String] {
        var words: [String] = []
        var current: [UInt8] = []
        for index in range {
            let byte = message[index]
            if ASCIICase.isLetter(byte) || byte == 0x27 {
                current.append(ASCIICase.lowercased(byte))
            } else if !current.isEmpty {
                words.append(String(decoding: current, as: UTF8.self))
                current.removeAll(keepingCapacity: true)
            }
        }
        if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
        if dropsCutFirstWord, range.lowerBound > 0, !words.isEmpty, ASCIICase.isLetter(message[range.lowerBound]),
            ASCIICase.isLetter(message[range.lowerBound - 1])
        {
            words.removeFirst()
        }
        return words
    }

    /// Whether some phrase of `phrases` is a run of `words` (their first words, with
    /// `atStartOnly`). Compared word by word in place: copying each candidate run into an array
    /// was an allocation per phrase and start, which the optimizer removed in one build and not
    /// in another (docs/performance.md, "Stage targets").
    private static func hasPhrase(_ words: [String], in phrases: [[String]], atStartOnly: Bool = false) -> Bool {
        for phrase in phrases where words.count >= phrase.count {
            let lastStart = atStartOnly ? 0 : words.count - phrase.count
            for start in 0...lastStart where words[start..<start + phrase.count].elementsEqual(phrase) {
                return true
            }
        }
        return false
    }
}
