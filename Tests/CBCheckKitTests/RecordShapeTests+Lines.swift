import Testing

@testable import CBCheckKit
@testable import LogReading

/// The lines the shape checks are tested on, per format: what each check must take and leave.
extension RecordShapeTests {
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
}
