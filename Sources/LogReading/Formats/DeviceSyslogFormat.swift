/// A device's syslog as idevicesyslog and similar tools print it:
/// `Mar 14 09:26:53 iPhone Downloader(CFNetwork)[4101] <Notice>: msg`.
///
/// The year and the thread are absent: times are read in the year 2000 (only differences
/// matter, and a leap year accepts Feb 29) and placed in later years when the capture runs past
/// New Year (`DatelessClock`), and rules that need threads find them unknown (never a guess). The device name is optional; the library in parentheses is the sender.
public struct DeviceSyslogFormat: LogFormat {
    public static let identifier = "syslog"
    public static let description = "device syslog: Mon DD HH:MM:SS [Device] Process(Library)[pid] <Level>: message"

    public init() {}

    public func parsePrefix(_ line: UnsafeRawBufferPointer) -> PrefixParse {
        var cursor = ByteCursor(line)
        // Xcode's Organizer and the iPhone Configuration Utility put the weekday first.
        if cursor.readWeekdayName() { _ = cursor.skipSpaces() }
        guard let month = cursor.readMonthName() else { return .continuation }
        _ = cursor.skipSpaces()
        guard let day = cursor.readDecimal(), (1...31).contains(day), cursor.skip(0x20), let clock = cursor.readClock(),
            cursor.skip(0x20)
        else { return .malformed("a month name without a complete day and time (expected Mon DD HH:MM:SS)") }
        // The year is unknown; February 29 is a day (2000, the year times are read in, had one).
        guard Timestamp.isDate(year: 2000, month: month, day: day) else {
            return .malformed(ByteCursor.noSuchDate(year: nil, month: month, day: day))
        }
        guard let tail = Self.processAndPid(&cursor) else {
            return .malformed("no Process[pid] after the time stamp")
        }
        let time = Timestamp(
            year: 2000, month: month, day: day, hour: clock.hour, minute: clock.minute, second: clock.second,
            microsecond: clock.microsecond)
        var prefix = RecordPrefix(
            time: time, process: tail.process, pid: tail.pid, thread: nil, sender: tail.sender,
            messageStart: cursor.position)
        prefix.isYearless = true
        return .record(prefix)
    }

    /// `[Device ]Process[(Library)][pid][ <Level>]: ` from the cursor, leaving it at the message; a
    /// space before the colon (`BT[4821] : `, a page that dropped the `<Warning>` tag) and a job
    /// label in parentheses after the pid are taken too.
    private static func processAndPid(
        _ cursor: inout ByteCursor
    ) -> (process: Range<Int>, pid: Int, sender: Range<Int>?)? {
        let start = cursor.position
        var from = start
        while let open = cursor.find(0x5B, from: from) {
            from = open + 1
            var inner = cursor
            inner.position = open + 1
            guard let pid = inner.readDecimal(), inner.skip(0x5D) else { continue }
            if inner.skip(" <"), let close = inner.find(0x3E) { inner.position = close + 1 }
            // launchd names the job after its pid: `com.apple.launchd[1] (UIKitApplication:…[4821]) : `.
            if inner.skip(" ("), let close = inner.find(0x29) { inner.position = close + 1 }
            guard inner.skip(0x3A) || inner.skip(" :") else { continue }
            _ = inner.skip(0x20)
            var end = open
            var sender: Range<Int>?
            if end > start, cursor.bytes[end - 1] == 0x29,
                let paren = cursor.bytes[start..<end].lastIndex(of: 0x28)
            {
                sender = paren + 1..<end - 1
                end = paren
            }
            // The last space ends the device name ("Anna's iPhone Downloader[4101]").
            let processStart = cursor.bytes[start..<end].lastIndex(of: 0x20).map { $0 + 1 } ?? start
            guard processStart < end else { return nil }
            cursor.position = inner.position
            return (processStart..<end, pid, sender)
        }
        return nil
    }
}

extension ByteCursor {
    /// `Jan` … `Dec` followed by a space: the month number.
    mutating func readMonthName() -> Int? {
        guard let index = threeLetterWord(in: Self.monthKeys) else { return nil }
        position += 3
        return index + 1
    }

    /// `Mon` … `Sun` followed by a space: skipped, when it is there.
    mutating func readWeekdayName() -> Bool {
        guard threeLetterWord(in: Self.weekdayKeys) != nil else { return false }
        position += 4
        return true
    }

    /// Which of `keys` (`ByteCursor.keys(of:)`) the three bytes at the cursor are, when a space
    /// follows them.
    private func threeLetterWord(in keys: [UInt32]) -> Int? {
        guard position + 4 <= bytes.count, bytes[position + 3] == 0x20 else { return nil }
        let key = UInt32(bytes[position]) << 16 | UInt32(bytes[position + 1]) << 8 | UInt32(bytes[position + 2])
        return keys.firstIndex(of: key)
    }

    private static func keys(of names: [String]) -> [UInt32] {
        names.map { name in name.utf8.reduce(0) { $0 << 8 | UInt32($1) } }
    }

    private static let weekdayKeys = keys(of: ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"])
    private static let monthKeys = keys(of: [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ])
}
