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
        let before = max(0, range.lowerBound - window)..<range.lowerBound
        let leading = WindowWords.reading(message, before, dropsCutFirstWord: true) { words in
            words.contains(where: leadingCues) || words.hasPhrase(in: leadingPhrases)
        }
        if leading { return true }
        let after = range.upperBound..<min(message.count, range.upperBound + window)
        return WindowWords.reading(message, after, dropsCutFirstWord: false) { words in
            words.hasPhrase(in: trailingPhrases, atStartOnly: true, within: 3)
        }
    }

    // MARK: - Private

    /// How many bytes on each side are read: a cue farther away belongs to another clause.
    private static let window = 40

    /// Words that, before the phrasing, make it a plan, a wait, a condition or a negation.
    private static let leadingCues = CueWords([
        "will", "would", "should", "must", "shall", "expect", "expects", "expecting", "expected", "until", "unless",
        "not", "never", "no", "yet", "skip", "skips", "skipped", "skipping", "defer", "defers", "deferred",
        "deferring", "implement", "implementing", "reminder", "if", "once", "without", "awaiting", "await",
        "before", "instead", "cannot", "can't", "won't", "don't", "doesn't", "didn't", "isn't", "wasn't",
        "todo", "fixme", "usage", "ignoring", "ignore", "ignored", "note", "when", "whenever",
    ])

    /// Word pairs that do the same before the phrasing.
    private static let leadingPhrases: [[[UInt8]]] = CueWords.phrases([
        ["waiting", "for"], ["wait", "for"], ["waits", "for"], ["going", "to"], ["about", "to"], ["need", "to"],
        ["needs", "to"], ["registering", "for"], ["register", "for"], ["timed", "out"], ["time", "out"],
        ["ready", "for"], ["prepare", "for"], ["preparing", "for"],
    ])

    /// Words that, right after the phrasing, deny it happened.
    private static let trailingPhrases: [[[UInt8]]] = CueWords.phrases([
        ["has", "not"], ["hasn't"], ["was", "never"], ["were", "never"], ["never"], ["not", "yet"], ["not"],
        ["is", "not"], ["isn't"], ["wasn't"], ["did", "not"], ["didn't"], ["will", "be"], ["would"], ["missing"],
        ["are", "not"], ["is", "missing"], ["not", "received"], ["expected"], ["was", "not"], ["were", "not"],
        ["not", "called"], ["must"], ["should"], ["needs"], ["has", "to"],
        // `-[NSURLSessionConfiguration backgroundSessionConfigurationWithIdentifier:]: unrecognized
        // selector sent to class`: the exception of a method that does not exist, so it did not run.
        ["unrecognized", "selector"],
    ])
}
