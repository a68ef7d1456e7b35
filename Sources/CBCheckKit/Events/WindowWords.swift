import LogReading

/// The lower-cased ASCII words (apostrophes kept) of a window of a message, for `MentionCue`:
/// the window's bytes copied lower-cased into a buffer on the stack and each word's bounds beside
/// them, so judging a match allocates nothing (arrays of `String`s per side were a large part of
/// the recognizer's work on an event-dense log: docs/performance.md).
struct WindowWords {
    /// The lower-cased bytes of the window, letters and apostrophes only kept meaningful.
    private let bytes: UnsafeMutableBufferPointer<UInt8>
    /// Each word's start and end in `bytes`, in order.
    private let bounds: UnsafeMutableBufferPointer<(start: Int, end: Int)>
    let count: Int

    /// Calls `body` with the words of `range` of `message`; with `dropsCutFirstWord`, not a first
    /// word the range's start cuts in two (it belongs to the text before the window).
    static func reading<Result>(
        _ message: UnsafeRawBufferPointer, _ range: Range<Int>, dropsCutFirstWord: Bool,
        _ body: (WindowWords) -> Result
    ) -> Result {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(1, range.count)) { bytes in
            withUnsafeTemporaryAllocation(of: (start: Int, end: Int).self, capacity: range.count / 2 + 1) { bounds in
                var count = 0
                var start: Int?
                for (offset, index) in range.enumerated() {
                    let byte = message[index]
                    let isWordByte = ASCIICase.isLetter(byte) || byte == 0x27
                    bytes[offset] = isWordByte ? ASCIICase.lowercased(byte) : 0x20
                    if isWordByte, start == nil { start = offset }
                    if !isWordByte, let first = start {
                        bounds[count] = (first, offset)
                        count += 1
                        start = nil
                    }
                }
                if let first = start {
                    bounds[count] = (first, range.count)
                    count += 1
                }
                var words = WindowWords(bytes: bytes, bounds: bounds, count: count)
                if dropsCutFirstWord, range.lowerBound > 0, count > 0, ASCIICase.isLetter(message[range.lowerBound]),
                    ASCIICase.isLetter(message[range.lowerBound - 1])
                {
                    words = WindowWords(
                        bytes: bytes, bounds: UnsafeMutableBufferPointer(rebasing: bounds[1...]), count: count - 1)
                }
                return body(words)
            }
        }
    }

    /// Whether word `index` is `word`.
    func word(_ index: Int, is word: [UInt8]) -> Bool {
        let (start, end) = bounds[index]
        guard end - start == word.count else { return false }
        for offset in 0..<word.count where bytes[start + offset] != word[offset] { return false }
        return true
    }

    /// Whether some word is one of `cues`.
    func contains(where cues: CueWords) -> Bool {
        (0..<count).contains { index in
            let (start, end) = bounds[index]
            return cues.words(ofLength: end - start).contains { word(index, is: $0) }
        }
    }

    /// Whether some phrase of `phrases` is a run of the words (of their first `within` words and
    /// starting at the first, with `atStartOnly`).
    func hasPhrase(in phrases: [[[UInt8]]], atStartOnly: Bool = false, within: Int = .max) -> Bool {
        let available = min(count, within)
        for phrase in phrases where available >= phrase.count {
            let lastStart = atStartOnly ? 0 : available - phrase.count
            for start in 0...lastStart where phrase.indices.allSatisfy({ word(start + $0, is: phrase[$0]) }) {
                return true
            }
        }
        return false
    }

    private init(
        bytes: UnsafeMutableBufferPointer<UInt8>, bounds: UnsafeMutableBufferPointer<(start: Int, end: Int)>,
        count: Int
    ) {
        self.bytes = bytes
        self.bounds = bounds
        self.count = count
    }
}

/// Cue words as bytes, grouped by length, so a word is compared only with cues as long as it.
struct CueWords {
    private let byLength: [[[UInt8]]]

    init(_ words: [String]) {
        var byLength: [[[UInt8]]] = []
        for word in words.map({ Array($0.utf8) }) {
            while byLength.count <= word.count { byLength.append([]) }
            byLength[word.count].append(word)
        }
        self.byLength = byLength
    }

    func words(ofLength length: Int) -> [[UInt8]] { length < byLength.count ? byLength[length] : [] }

    /// Phrases of words as bytes.
    static func phrases(_ phrases: [[String]]) -> [[[UInt8]]] { phrases.map { $0.map { Array($0.utf8) } } }
}
