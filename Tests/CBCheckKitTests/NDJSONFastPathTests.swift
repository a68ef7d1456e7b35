import Testing

@testable import CBCheckKit
@testable import LogReading

/// The shortcuts of the NDJSON reader (strings without escapes read in place, a path's last
/// component decoded alone, keys told apart by length) read every object as a full decode would.
@Suite struct NDJSONFastPathTests {
    /// What a record of `line` says: process, sender and message as text, or the parse itself.
    private func read(_ line: String) -> (process: String, sender: String?, message: String, pid: Int?)? {
        var scratch: [UInt8] = []
        let parsed = Array(line.utf8).withUnsafeBytes { NDJSONLogFormat().parse($0, scratch: &scratch) }
        guard case .record(let prefix) = parsed, prefix.isDecoded else { return nil }
        func text(_ range: Range<Int>) -> String { String(decoding: scratch[range], as: UTF8.self) }
        return (text(prefix.process), prefix.sender.map(text), text(prefix.messageStart..<scratch.count), prefix.pid)
    }

    private func parse(_ line: String) -> PrefixParse {
        Array(line.utf8).withUnsafeBytes { NDJSONLogFormat().parsePrefix($0) }
    }

    @Test func aValueWithEscapesNextToOneWithout() {
        let record = read(
            #"{"senderImagePath":"CFNetwork","eventMessage":"a \"quoted\" \/path\/ and \u00e9","processImagePath":"\/var\/Downloader.app\/Downloader"}"#
        )
        #expect(record?.message == "a \"quoted\" /path/ and é")
        #expect(record?.process == "Downloader")
        #expect(record?.sender == "CFNetwork")
    }

    /// The bytes between escapes are copied as runs: runs of none, at both ends, and between
    /// escapes standing side by side.
    @Test func escapesSideBySideAndAtBothEnds() {
        #expect(read(#"{"eventMessage":"\/\/a\/\/b\n\t\u0041\u00e9\\"}"#)?.message == "//a//b\n\tAé\\")
        #expect(read(#"{"eventMessage":"\n"}"#)?.message == "\n")
    }

    /// Spaces and tabs around `:` and `,` (as in the objects of a `--style json` array) are read;
    /// a missing `,` breaks the object off.
    @Test func whiteSpaceAroundColonsAndCommas() {
        let record = read("{ \"eventMessage\" : \"m\" , \"processID\":4101 ,\"processImagePath\"\t:\t\"\\/a\\/App\" }")
        #expect(record?.message == "m")
        #expect(record?.pid == 4101)
        #expect(record?.process == "App")
        #expect(
            parse(#"{"eventMessage":"m" "processID":1}"#)
                == .malformed("a JSON object that breaks off (ndjson has one event per line)"))
    }

    @Test func aMessageWithoutEscapesIsReadAsWritten() {
        #expect(read(#"{"eventMessage":"Task <A>.<1> resuming","processID":7}"#)?.message == "Task <A>.<1> resuming")
    }

    @Test func aStringEndingInAnEscapedBackslashEndsAtItsQuote() {
        let record = read(#"{"eventMessage":"ends in \\","processImagePath":"\/a\/App\\"}"#)
        #expect(record?.message == #"ends in \"#)
        #expect(record?.process == #"App\"#)
        #expect(read(#"{"eventMessage":"\\\"x\\\\","processID":1}"#)?.message == #"\"x\\"#)
    }

    /// Strings are scanned eight bytes at a time: an escaped quote or backslash at any offset of
    /// a word, or split across two, ends nothing; the quote after it does.
    @Test(arguments: 0..<18) func anEscapeAtAnyOffsetOfAWord(offset: Int) {
        let pad = String(repeating: "x", count: offset)
        #expect(read(#"{"eventMessage":""# + pad + #"\"q\\","processID":1}"#)?.message == pad + #""q\"#)
        #expect(read(#"{"bootUUID":""# + pad + #"\"","eventMessage":""# + pad + #""}"#)?.message == pad)
    }

    @Test func aPathsLastComponentIsDecodedWhereverItsSlashComesFrom() {
        func process(_ path: String) -> String? {
            read(#"{"eventMessage":"m","processImagePath":""# + path + #""}"#)?.process
        }
        #expect(process(#"\/a\/b\u002FDownloader"#) == "Downloader")
        #expect(process(#"\/a\/Down\u006Coader"#) == "Downloader")
        #expect(process(#"/a/b/Downloader"#) == "Downloader")
        #expect(process(#"Downloader"#) == "Downloader")
        #expect(process(#"\/a\/"#) == "")
        #expect(process(#"\\\/My App"#) == "My App")
    }

    @Test func keysThatOnlyStartLikeKnownOnesAreSkipped() {
        let record = read(
            #"{"eventMessages":"no","eventMessage":"yes","processIDs":9,"processID":4101,"processImagePaths":"\/x\/No","process":"Downloader","processImagePat":"\/x\/Nope"}"#
        )
        #expect(record?.message == "yes")
        #expect(record?.pid == 4101)
        #expect(record?.process == "Downloader")
        #expect(read(#"{"eventMessagf":"same length","processID":1}"#) == nil)
    }

    @Test func aCutStringInASkippedValueStillBreaksTheObjectOff() {
        let brokenOff = PrefixParse.malformed("a JSON object that breaks off (ndjson has one event per line)")
        #expect(parse(#"{"eventMessage":"m","backtrace":{"frames":[{"x":"cut \"]}"#) == brokenOff)
        #expect(parse(#"{"eventMessage":"m","bootUUID":"cut \\\"}"#) == brokenOff)
        #expect(parse(#"{"eventMessage":"m","senderImagePath":"\/cut\/Lib"#) == brokenOff)
    }

    @Test func aUnicodeEscapeCutShortByTheStringsEndIsAReplacementCharacter() {
        #expect(read(#"{"eventMessage":"x\u12"}"#)?.message == "x\u{FFFD}")
        #expect(read(#"{"eventMessage":"\ud83d\ude00 \ud83d"}"#)?.message == "😀 \u{FFFD}")
    }
}
