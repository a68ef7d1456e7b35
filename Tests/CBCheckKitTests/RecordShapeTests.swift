import Testing

@testable import CBCheckKit
@testable import LogReading

/// The shape checks of the unified log's default and compact styles and of the device syslog
/// (`UnifiedLogFormat.recordShape`, `CompactLogFormat.recordShape`, `DeviceSyslogFormat.recordShape`),
/// the assembler's shortcut past `parsePrefix` for chatter: each must accept only lines the full
/// parse reads as records, with the same ranges (and for the syslog, the same time).
@Suite struct RecordShapeTests {
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
    /// what the full parse reads, for every line of the lists and every cut the shape takes, read
    /// alone and after every line before it (whose minute `RecentFields` keeps).
    @Test func theShapedPrefixIsWhatTheFullParseReads() {
        var primed = RecentFields()
        for (format, line, _) in Self.cases + Self.sameMinuteLines.map({ (.nslog, $0, true) }) {
            let whole = Array(line.utf8)
            for bytes in (0...whole.count).map({ Array(whole[..<$0]) }) {
                var recent = CheckedLineStart()
                guard bytes.withUnsafeBytes({ format.recordShape($0, recent: &recent) }) != nil else { continue }
                var fresh = RecentFields()
                let alone = bytes.withUnsafeBytes { format.shapedPrefix($0, recent: &fresh) }
                let after = bytes.withUnsafeBytes { format.shapedPrefix($0, recent: &primed) }
                guard case .record(let full) = bytes.withUnsafeBytes(format.parsePrefix) else {
                    Issue.record("taken by the shape, not read by the full parse: \(line)")
                    continue
                }
                #expect(alone == full, "\(String(decoding: bytes, as: UTF8.self))")
                #expect(after == full, "after the line before: \(String(decoding: bytes, as: UTF8.self))")
            }
        }
    }

    /// NSLog lines one after another whose first 16 bytes (the minute `RecentFields` keeps) are
    /// the same or differ in one field only, with seconds, fractions and brackets that differ.
    static let sameMinuteLines = [
        "2024-03-09 14:02:07.123 Downloader[4101:1200001] a",
        "2024-03-09 14:02:59.999999 Downloader[4101:1200001] b",
        "2024-03-09 14:02:00 Downloader[4101:0x1b2c3] c",
        "2024-03-09 14:02:60.5 Downloader[4101:1200001]",
        "2024-03-09 14:03:00.000 Downloader[4101:1200001] d",
        "2024-03-08 14:03:00.000 Downloader[4101:1200001] e",
        "2024-02-08 14:03:00.000 Downloader[987654321012345678:1] f",
        "2023-02-08 14:03:00.000 My App[7:12]",
        "2023-02-08 14:03:01.000 My App[7:12]x",
        "2023-02-08 15:03:01.000 My App[7:12x] g",
        // A space at byte 23 after a fraction shorter than NSLog's three digits, and longer ones.
        "2023-02-08 15:03:01.1 B C[7:12] h",
        "2023-02-08 15:03:01.12 C[7:12] i",
        "2023-02-08 15:03:01.1234 C[7:12] j",
        "2023-02-08 15:03:01.009 C[7:12]",
    ]

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
