import Testing

@testable import CBCheckKit

/// The shape checks of the unified log's default and compact styles and of the device syslog
/// (`UnifiedLogFormat.recordShape`, `CompactLogFormat.recordShape`, `DeviceSyslogFormat.recordShape`),
/// the assembler's shortcut past `parsePrefix` for chatter: each must accept only lines the full
/// parse reads as records, with the same ranges (and for the syslog, the same time).
@Suite struct RecordShapeTests {
    /// Default-style lines and whether the shape check takes them (the rest go to `parsePrefix`).
    static let unifiedLines: [(String, Bool)] = [
        (
            "2026-03-14 09:26:53.599000+0800 0x1b2c3  Default  0x0  4101  0  Downloader: (CFNetwork) [com.apple.CFNetwork:Summary] m",
            true
        ),
        (
            "2026-03-14 07:06:40.010000+0000 0x12f313   Default     0x0                  4167   0    Downloader: (Foundation) [DownloadManager] created",
            true
        ),
        ("2026-03-14 09:26:53.599000-0500 0x1b2c3  Error  0x0  4101  0  My App: no library", true),
        ("2026-03-14 09:26:53 0x1b2c3  Default  0x0  4101  0  Downloader: no fraction, no zone", true),
        ("2026-03-14 09:26:53.5 0x1b2c3  Info  1a2b  4101  0  Downloader: an activity without 0x", true),
        (
            "2026-03-14 09:26:53.599000+0800 0xffffffffffffffff  Default  0x0  4101  0  Downloader: a 16-digit thread",
            true
        ),
        ("2026-03-14 09:26:53.599000+0800 0x1  Default  0x0  123456789012345678  0  Downloader: an 18-digit pid", true),
        ("2026-03-14 09:26:53.599000+0800 0x1  Default  0x0  4101  0  Downloader:", true),
        ("2026-03-14 09:26:53.599000+0800 0x1  Default  0x0  4101  0  Downloader: (Foundation)", true),
        ("2026-03-14 09:26:53.599000+0800 0x1  Default  0x0  4101  0  Downloader: (Two words) stays", true),
        ("2026-03-14 09:26:53.599000+0800 0x1  Default  0x0  4101  0  Downloader:   [a:b] spaces first", true),
        ("2026-03-14 09:26:53.599000+08:00 0x1  Default  0x0  4101  0  Downloader: a zone with a colon", false),
        ("2026-03-14 09:26:53.599000Z 0x1  Default  0x0  4101  0  Downloader: Zulu", false),
        ("2026-03-14 09:26:53.599000+080 0x1  Default  0x0  4101  0  Downloader: a short zone", false),
        ("2026-03-14 09:26:53:599 0x1  Default  0x0  4101  0  Downloader: lumberjack milliseconds", false),
        ("2026-03-14 09:26:53. 0x1  Default  0x0  4101  0  Downloader: a point without a fraction", false),
        ("2026-13-14 09:26:53.599000+0800 0x1  Default  0x0  4101  0  Downloader: month 13", false),
        ("2026-03-14 09:26:53.599000+0800 1b2c3  Default  0x0  4101  0  Downloader: a thread without 0x", false),
        ("2026-03-14 09:26:53.599000+0800 0x  Default  0x0  4101  0  Downloader: a thread of no digits", false),
        ("2026-03-14 09:26:53.599000+0800 0x1ffffffffffffffff  Default  0x0  4101  0  Downloader: 17 digits", false),
        ("2026-03-14 09:26:53.599000+0800 0x1  Def4ult  0x0  4101  0  Downloader: a digit in the type", false),
        ("2026-03-14 09:26:53.599000+0800 0x1  Default  0x  4101  0  Downloader: an activity of no digits", false),
        ("2026-03-14 09:26:53.599000+0800 0x1  Default  0x0  1234567890123456789  0  Downloader: 19 digits", false),
        ("2026-03-14 09:26:53.599000+0800 0x1  Default  0x0  4101  x  Downloader: a TTL of letters", false),
        ("2026-03-14 09:26:53.599000+0800 0x1  Default  0x0  4101  0  Down:loader: a colon in the name", false),
        ("2026-03-14 09:26:53.599000+0800 0x1  Default  0x0  4101  0  : no process", false),
        ("2026-03-14 09:26:53.599000+0800 0x1  Default  0x0  4101  0  Downloader no colon", false),
        ("2026-03-14 09:26:53.599000+0800 0x1  Default  0x0  4101  0    ", false),
        ("2026-03-14 09:26:53.599000+0800 0x1\tDefault  0x0  4101  0  Downloader: a tab", false),
        ("Timestamp                       Thread     Type        Activity             PID    TTL  ", false),
        ("    continuation 2026-03-14 09:26:53.599000+0800 0x1  Default  0x0  4101  0  Downloader: m", false),
        ("2026-03-14 09:26:53.599000+0800", false),
    ]

    /// Compact-style lines (`log show --style compact`) and whether the shape check takes them.
    static let compactLines: [(String, Bool)] = [
        ("2026-03-14 07:06:40.010 Df Downloader[4167:12f313] application(_:didFinishLaunchingWithOptions:)", true),
        ("2026-03-14 09:26:53.599 Df Downloader[4101:1b2c3] (CFNetwork) [com.acme:transfer] m", true),
        ("2026-03-14 09:26:53.599 E  My App[4101:0x1b2c3] [DownloadManager] two spaces, a space in the name", true),
        ("2026-03-14 09:26:53 A Downloader[4101:1b2c3]", true),
        ("2026-03-14 09:26:53.599 Xy Downloader[4101:1b2c3] an unknown type code", false),
        ("2026-03-14 09:26:53.599 Df Downloader[4101] no thread", false),
        ("2026-03-14 09:26:53.599+0800 Df Downloader[4101:1b2c3] a zone: the full parse", false),
        ("2026-03-14 09:26:53.599 Df Down[x] loader[4101:1b2c3] a [ before the bracket", false),
        ("2026-03-14 09:26:53.599 Df Downloader[4101:1b2c3]msg", false),
        ("2026-03-14 09:26:53.599 Df Downloader[4101:] no thread digits", false),
        ("2026-03-14 09:26:53.599 Df Downloader msg without a bracket", false),
        ("2026-03-14 09:26:53:599 Df Downloader[4101:1b2c3] lumberjack milliseconds", false),
        ("Timestamp               Ty Process[PID:TID]", false),
        ("    continuation 2026-03-14 09:26:53.599 Df Downloader[4101:1b2c3]", false),
    ]

    /// Device syslog lines (idevicesyslog) and whether the shape check takes them.
    static let syslogLines: [(String, Bool)] = [
        ("Mar 14 07:06:40 iPhone Downloader[4167] <Notice>: application(_:didFinishLaunchingWithOptions:)", true),
        ("Mar 14 09:26:53 iPhone Downloader(CFNetwork)[4101] <Notice>: Task <A>.<1> finished successfully", true),
        ("Oct 11 09:21:10 App(CFNetwork)[2146] <Error>: no device name", true),
        ("Mar  4 09:21:10 Anna's iPhone App[2146] <Notice>: a day padded with a space", true),
        ("Mar 04 09:21:10 iPhone App[2146] <Notice>: a day padded with a zero", true),
        ("Feb 29 23:59:59 iPhone App[2146] <Notice>: the leap day of 2000", true),
        ("Dec 31 00:00:00 iPhone App[2146]: no level", true),
        ("Jan  1 00:00:00 iPhone App[2146]:no space", true),
        ("Jan  1 00:00:00 iPhone App[2146] <Notice>:", true),
        ("Jan  1 00:00:00 iPhone App(Two words)[2146] <Notice>: a library of two words", true),
        ("Jan  1 00:00:00 iPhone App[123456789012345678] <Notice>: an 18-digit pid", true),
        ("Jan  1 00:00:00 iPhone App[2146] <Notice>: [DownloadManager] a bracket in the message", true),
        ("Jan  1 00:00:00 iPhone App[2146] <>: an empty level", true),
        ("Jan  1 00:00:00 iPhone App[2146] <Level longer than a word>: the > past eight bytes", true),
        ("Jan  1 00:00:00 AProcessNameOfMoreThanTwoWords(ALibraryNameOfTwoWords)[7] <Notice>: m", true),
        ("Jan  1 00:00:00 iPhone (x)AProcessNameOfMoreThanTwoWords(Library)[7] <Notice>: m", true),
        ("Mar 4 09:21:10 iPhone App[2146] <Notice>: an unpadded day", false),
        ("Mar 14 09:21:10.123 iPhone App[2146] <Notice>: a fraction", false),
        ("Mar 14 09:21:10:599 iPhone App[2146] <Notice>: lumberjack milliseconds", false),
        ("Mar 14 23:59:60 iPhone App[2146] <Notice>: a leap second", false),
        ("Apr 31 09:21:10 iPhone App[2146] <Notice>: a day April does not have", false),
        ("Feb 30 09:21:10 iPhone App[2146] <Notice>: a day February does not have", false),
        ("Mar 00 09:21:10 iPhone App[2146] <Notice>: day 0", false),
        ("Mar 32 09:21:10 iPhone App[2146] <Notice>: day 32", false),
        ("Mar 14 24:00:00 iPhone App[2146] <Notice>: hour 24", false),
        ("Mar 14 09:60:00 iPhone App[2146] <Notice>: minute 60", false),
        ("mar 14 09:21:10 iPhone App[2146] <Notice>: a month in lower case", false),
        ("Mar 14 09:21:10 iPhone App[x] [2146] <Notice>: a first bracket that is no pid", false),
        ("Mar 14 09:21:10 iPhone App[2146] <Not>ice>: the first > ends the level", false),
        ("Mar 14 09:21:10 iPhone App[2146] <:a level never closed", false),
        ("Mar 14 09:21:10 iPhone App[2146] <Notice> no colon", false),
        ("Mar 14 09:21:10 iPhone App[1234567890123456789] <Notice>: 19 digits", false),
        ("Mar 14 09:21:10 iPhone [2146] <Notice>: no process", false),
        ("Mar 14 09:21:10 iPhone (CFNetwork)[2146] <Notice>: a library and no process", false),
        ("Mar 14 09:21:10\tiPhone App[2146] <Notice>: a tab", false),
        ("[connected:00008120-001A2B3C4D5E601E]", false),
        ("    continuation Mar 14 09:21:10 iPhone App[2146] <Notice>: m", false),
        ("Mar 14 09:21:10 ", false),
    ]

    /// NSLog lines and whether the shape check takes them: fractions and brackets shorter and
    /// longer than the 8-byte words they are read in (more in `NSLogFormatTests`).
    static let nslogLines: [(String, Bool)] = [
        ("2026-03-14 09:26:53.599 Downloader[4101:1200001] URLSession(_:task:didCompleteWithError:)", true),
        ("2026-03-14 09:26:53.5 App[1:2] one fraction digit", true),
        ("2026-03-14 09:26:53.1234567 App[1:2] seven fraction digits", true),
        ("2026-03-14 09:26:53.12345678 App[1:2] eight fraction digits", true),
        ("2026-03-14 09:26:53.123456789012345678 App[12345678:123456789] long runs", true),
        ("2026-03-14 09:26:53 App[4101:0x1b2c3] a hex thread", true),
        ("2026-03-14 09:26:53.599 App[4101]", true),
        ("2000-01-01 00:00:59 A[1:2] the minute and process a fresh CheckedLineStart holds", true),
        ("2000-01-01 00:00:59 A[1:]", false),
        ("2026-03-14 09:26:53.599 Downloader[4101:1200001] sixteen bytes to the colon", true),
        ("2026-03-14 09:26:53.59 Downloader[4101:1200002] the same, a shorter fraction", true),
        ("2026-03-14 09:26:53.599 Downloader[4101:0x1b2c3] the same, a hex thread", true),
        ("2026-03-14 09:26:53.599 Downloader[4101:12x] the same, an x in the thread", true),
        ("2026-03-14 09:26:53.599 Downloader[4101:] the same, no thread", false),
        ("2026-03-14 09:26:53.599 Downloader[4101:1200001]x the same, no space", false),
        ("2026-03-14 09:26:53.599 Downloader[4101:1200001", false),
        ("2026-03-14 09:26:53.599 Downloaded[4101:1200001] the last byte of the name differs", true),
        ("2026-03-14 09:26:53.599 Downloader[4102:1200001] the last digit of the pid differs", true),
        ("2026-03-14 09:26:53.599 Downloader[41011:1200001] seventeen bytes to the colon", true),
        ("2026-03-14 09:26:53.599 Downloader[41x1:1200001] a letter in the pid", false),
        ("2026-03-14 09:26:53.599 Download[r[4101:1200001] a bracket in the second word", false),
        ("2026-03-14 09:26:53.599 Down[oader[4101:1200001] a bracket in the first word", false),
        ("2026-03-14 09:26:53.599 ABCDEFG[1:2] eight bytes to the bracket", true),
        ("2026-03-14 09:26:53.599 ABCDEFG[1:x", false),
        ("2026-03-14 09:26:53.599+0800 App[4101:1200001] a zone: the full parse", false),
        ("2026-03-14 09:26:53.599App[4101:1200001] no space after the fraction", false),
        ("2026-03-14 09:26:53.599 App[4101:1200001]x no space after the bracket", false),
        ("}  2026-03-14 09:26:53.599 App[4101:1200001] a dump's closing line", false),
        ("Error Domain=NSURLErrorDomain Code=-1001 \"timed out\" UserInfo={…}", false),
    ]

    /// Every line of the lists, with the shape check of its format.
    static var cases: [(ShapeCheckedFormat, String, Bool)] {
        unifiedLines.map { (.unified, $0.0, $0.1) } + compactLines.map { (.compact, $0.0, $0.1) }
            + nslogLines.map { (.nslog, $0.0, $0.1) } + syslogLines.map { (.deviceSyslog, $0.0, $0.1) }
    }

    @Test func theRecordShapeAgreesWithTheFullParseOrLeavesTheLineToIt() {
        for (format, line, isCommon) in Self.cases {
            let bytes = Array(line.utf8)
            var recent = CheckedLineStart()
            let shape = bytes.withUnsafeBytes { format.recordShape($0, recent: &recent) }
            #expect((shape != nil) == isCommon, "\(line)")
            guard let shape else { continue }
            guard case .record(let full) = bytes.withUnsafeBytes(format.parsePrefix) else {
                Issue.record("the full parse reads no record: \(line)")
                continue
            }
            #expect(shape.process == full.process, "\(line)")
            #expect(shape.messageStart == full.messageStart, "\(line)")
        }
    }

    /// Every prefix of an accepted line (a line cut short anywhere) is either left to the full
    /// parse or read by it with the same ranges: no bound is overrun or misjudged.
    @Test func everyTruncationAgreesWithTheFullParse() {
        for (format, line, isCommon) in Self.cases where isCommon {
            let bytes = Array(line.utf8)
            for end in 0...bytes.count {
                let cut = Array(bytes[..<end])
                var recent = CheckedLineStart()
                guard let shape = cut.withUnsafeBytes({ format.recordShape($0, recent: &recent) }) else { continue }
                let full = cut.withUnsafeBytes(format.parsePrefix)
                guard case .record(let prefix) = full else {
                    Issue.record(
                        "taken by the shape, not read by the full parse: \(String(decoding: cut, as: UTF8.self))")
                    continue
                }
                #expect(shape.process == prefix.process && shape.messageStart == prefix.messageStart, "\(end): \(line)")
            }
        }
    }

    /// The syslog's shape check places each record's time at once (chatter moves the clock too):
    /// what it reads of an accepted line, and of every truncation it still accepts, is the time the
    /// full parse reads, placed by the same clock.
    @Test func theSyslogShapeReadsTheTimeTheFullParseReads() {
        for (line, isCommon) in Self.syslogLines where isCommon {
            let bytes = Array(line.utf8)
            for end in 0...bytes.count {
                let cut = Array(bytes[..<end])
                guard cut.withUnsafeBytes(DeviceSyslogFormat.recordShape) != nil else { continue }
                guard case .record(let full) = cut.withUnsafeBytes({ DeviceSyslogFormat().parsePrefix($0) }),
                    let fullTime = full.time
                else {
                    Issue.record("taken by the shape, read without a time by the full parse: \(line)")
                    continue
                }
                var shapeClock = DatelessClock()
                var fullClock = DatelessClock()
                let shaped = cut.withUnsafeBytes { DeviceSyslogFormat.placeShapedTime($0, in: &shapeClock) }
                #expect(shaped == fullClock.placeInYear(fullTime), "\(end): \(line)")
                #expect(shaped?.zoneOffsetSeconds == 0, "\(line)")
            }
        }
        let leapDay = Array("Feb 29 23:59:59 iPhone App[2146] <Notice>: m".utf8)
        var clock = DatelessClock()
        let time = leapDay.withUnsafeBytes { DeviceSyslogFormat.placeShapedTime($0, in: &clock) }
        #expect(time.map { $0.components.month } == 2 && time.map { $0.components.day } == 29)
        #expect(time?.clockText == "23:59:59.000")
    }

    /// An event's prefix is read from a line the shape check took without checking it again
    /// (`shapedPrefix`): the time to the microsecond, process, pid, thread and message start are
    /// what the full parse reads, for every line of the lists and every cut the shape takes.
    @Test func theShapedPrefixIsWhatTheFullParseReads() {
        for (format, line, _) in Self.cases {
            let whole = Array(line.utf8)
            for bytes in (0...whole.count).map({ Array(whole[..<$0]) }) {
                var recent = CheckedLineStart()
                guard bytes.withUnsafeBytes({ format.recordShape($0, recent: &recent) }) != nil else { continue }
                let shaped = bytes.withUnsafeBytes(format.shapedPrefix)
                guard case .record(let full) = bytes.withUnsafeBytes(format.parsePrefix) else {
                    Issue.record("taken by the shape, not read by the full parse: \(line)")
                    continue
                }
                #expect(shaped == full, "\(String(decoding: bytes, as: UTF8.self))")
            }
        }
    }

    /// A line whose date and minute, or NSLog `Process[pid:`, are those of a line taken before has
    /// only its seconds, or thread, checked (`CheckedLineStart`): after any line of its list, and
    /// cut short anywhere, every line is read as it is without a memory, so nothing remembered lets
    /// a broken time stamp or bracket through.
    @Test func aRememberedLineStartChangesNoAnswer() {
        let lists: [(ShapeCheckedFormat, [(String, Bool)])] = [
            (.nslog, Self.nslogLines), (.unified, Self.unifiedLines), (.compact, Self.compactLines),
        ]
        for (format, lines) in lists {
            let primers = lines.map(\.0) + lines.flatMap { Self.brokenSeconds($0.0) }
            for primer in primers {
                for (line, _) in lines {
                    let whole = Array(line.utf8)
                    let variants = [whole] + Self.brokenSeconds(line).map { Array($0.utf8) }
                    for bytes in variants + (0..<whole.count).map({ Array(whole[..<$0]) }) {
                        var fresh = CheckedLineStart()
                        let alone = bytes.withUnsafeBytes { format.recordShape($0, recent: &fresh) }
                        var primed = CheckedLineStart()
                        _ = Array(primer.utf8).withUnsafeBytes { format.recordShape($0, recent: &primed) }
                        let after = bytes.withUnsafeBytes { format.recordShape($0, recent: &primed) }
                        let shown = "\(String(decoding: bytes, as: UTF8.self)) after \(primer)"
                        #expect(
                            after?.process == alone?.process && after?.messageStart == alone?.messageStart, "\(shown)")
                        guard let after else { continue }
                        guard case .record(let full) = bytes.withUnsafeBytes(format.parsePrefix) else {
                            Issue.record("taken by the shape, not read by the full parse: \(shown)")
                            continue
                        }
                        #expect(after.process == full.process && after.messageStart == full.messageStart, "\(shown)")
                    }
                }
            }
        }
    }

    /// `line` with its seconds (bytes 17 and 18) and the colon before them broken in each way the
    /// full check refuses, its date and minute left as they are.
    /// Also NSLog's milliseconds and the space after them changed (bytes 19 to 23, read as one word
    /// with the seconds in the minute last checked): a colon or comma for the dot, a letter, slash or
    /// colon for a digit, a fourth digit, a zone's sign or a tab for the space.
    static func brokenSeconds(_ line: String) -> [String] {
        let bytes = Array(line.utf8)
        guard bytes.count > 19 else { return [] }
        let replacements: [(Int, UInt8)] = [
            (16, 0x2E), (17, 0x37), (17, 0x3A), (18, 0x2F), (18, 0x41), (17, 0x36),
            (19, 0x3A), (19, 0x2C), (20, 0x61), (21, 0x2F), (22, 0x3A), (23, 0x30), (23, 0x2B), (23, 0x09),
        ]
        return replacements.filter { $0.0 < bytes.count }.map { offset, byte in
            var broken = bytes
            broken[offset] = byte
            if offset == 17, byte == 0x36 { broken[18] = 0x31 }  // 61
            return String(decoding: broken, as: UTF8.self)
        }
    }

    /// The library in parentheses and the `[subsystem:category]` are skipped only in their exact
    /// shapes (`ByteCursor.readParenthesized`, `skipSubsystemAndCategory`); anything else is message.
    @Test func theLibraryAndSubsystemAreSkippedOnlyInTheirShapes() {
        let messages: [(String, String)] = [
            ("(CFNetwork) [com.apple.CFNetwork:Summary] m", "m"),
            ("(Foundation) [DownloadManager] m", "[DownloadManager] m"),
            ("[com.acme:transfer] m", "m"),
            ("(Two words) m", "(Two words) m"),
            ("() m", "() m"),
            ("(Lib)x m", "(Lib)x m"),
            ("(Lib", "(Lib"),
            ("(Lib)", ""),
            ("(Lib) [a b:c] m", "[a b:c] m"),
            ("(Lib) [a:b]x m", "[a:b]x m"),
            ("(Lib) [a:b]", "[a:b]"),
            ("(Lib) [a:b", "[a:b"),
            ("(Lib) [:] m", "m"),
        ]
        for (tail, message) in messages {
            let line = "2026-03-14 09:26:53.599000+0800 0x1  Default  0x0  4101  0  App: " + tail
            let bytes = Array(line.utf8)
            guard case .record(let prefix) = bytes.withUnsafeBytes({ UnifiedLogFormat().parsePrefix($0) }) else {
                Issue.record("no record: \(line)")
                continue
            }
            #expect(String(decoding: bytes[prefix.messageStart...], as: UTF8.self) == message, "\(tail)")
        }
    }
}
