import LogReading

/// One record line of a fixture in whatever format the fixture is written in, with where its
/// message, process, pid and time stamp stand in the text: what lets `FixtureMutation` rewrite a
/// `log show` line, a Console.app row or an NDJSON object as it rewrites an NSLog line.
///
/// Lines of `log show --style json` (objects over many lines) are no record on their own: the
/// mutations leave such fixtures as they are.
struct FixtureLine {
    let bytes: [UInt8]
    /// The message's first line, in the line's bytes.
    let message: Range<Int>
    /// Where the process name is written (NDJSON writes it twice: `Downloader.app\/Downloader`).
    let processes: [Range<Int>]
    /// Where the pid is written, as a whole number.
    let pids: [Range<Int>]
    /// Where the thread is written: as NSLog's text, or as the number in hex (`0x11a671`,
    /// `[3145:11a671]`) or decimal (NDJSON's `threadID`).
    let threads: [(range: Range<Int>, isHex: Bool)]
    let time: Timestamp?
    /// The format writes the message on a line of its own after this one.
    let isMessageOnNextLine: Bool

    /// Reads `line` in `format` or, failing that, in any format a single line can show.
    init?(_ line: String, format: (any LogFormat)?) {
        let bytes = Array(line.utf8)
        var scratch: [UInt8] = []
        var read: RecordPrefix?
        bytes.withUnsafeBytes { raw in
            if let format, case .record(let prefix) = format.parse(raw, scratch: &scratch) {
                read = prefix
            } else if let other = LogFormats.reading(raw, except: nil, scratch: &scratch) {
                read = other.prefix
            }
        }
        guard let prefix = read else { return nil }
        let fields = prefix.isDecoded ? scratch : bytes
        let text = Array(fields[prefix.messageStart...].prefix { $0 != 0x0A })
        // An export's `Timestamp: …` line has its message on the next line.
        isMessageOnNextLine = prefix.isDecoded && text.isEmpty
        guard
            let message = isMessageOnNextLine
                ? bytes.count..<bytes.count
                : prefix.isDecoded ? Self.find(text, in: bytes, outside: nil).last : prefix.messageStart..<bytes.count
        else { return nil }
        let name = Array(fields[prefix.process])
        self.bytes = bytes
        self.message = message
        processes = name.isEmpty ? [] : Self.find(name, in: bytes, outside: message)
        pids = prefix.pid.map { Self.wholeNumbers(String($0), in: bytes, outside: message) } ?? []
        if let number = prefix.threadNumber {
            threads =
                Self.wholeNumbers(String(number, radix: 16), in: bytes, outside: message, hex: true).map { ($0, true) }
                + Self.wholeNumbers(String(number), in: bytes, outside: message).map { ($0, false) }
        } else {
            threads = prefix.isDecoded ? [] : [prefix.thread].compactMap { $0 }.map { ($0, false) }
        }
        time = prefix.time
    }

    /// The line saying `text` instead of its message (two lines when the format puts it on the next).
    func saying(_ text: String) -> String {
        Self.apply([(message, text)], to: bytes, messageOnNextLine: isMessageOnNextLine)
    }

    /// The line as another process (`name`, pid `pid`) would write it saying `text`; `nil` when
    /// the format names no process (Xcode's `print` lines).
    func saying(_ text: String, as name: String, pid: Int) -> String? {
        guard !processes.isEmpty else { return nil }
        var edits = processes.map { ($0, name) } + pids.map { ($0, String(pid)) }
        for thread in threads where !pids.contains(where: { $0.overlaps(thread.range) }) {
            edits.append((thread.range, thread.isHex ? String(pid, radix: 16) : String(pid)))
        }
        edits.append((message, text))
        return Self.apply(edits, to: bytes, messageOnNextLine: isMessageOnNextLine)
    }

    /// The line with its time stamp `microseconds` later: the wall clock, and the date written
    /// before it (`2026-03-14 ` or a syslog's `Mar 14 `), wherever the format writes them.
    func shifted(by microseconds: Int64) -> String? {
        guard let time else { return nil }
        let wall = Timestamp(microseconds: time.microseconds + Int64(time.zoneOffsetSeconds) * 1_000_000).components
        let later = Timestamp(
            microseconds: time.microseconds + microseconds + Int64(time.zoneOffsetSeconds) * 1_000_000
        )
        .components
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let clock = "\(two(wall.hour)):\(two(wall.minute)):\(two(wall.second))"
        guard let at = Self.find(Array(clock.utf8), in: bytes, outside: message).first else { return nil }
        var edits = [(at, "\(two(later.hour)):\(two(later.minute)):\(two(later.second))")]
        let date = Array("\(wall.year)-\(two(wall.month))-\(two(wall.day)) ".utf8)
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let syslogDay = Array("\(months[wall.month - 1]) \(wall.day < 10 ? " " : "")\(wall.day) ".utf8)
        if at.lowerBound >= date.count, bytes[(at.lowerBound - date.count)..<at.lowerBound].elementsEqual(date) {
            edits.append(
                (
                    (at.lowerBound - date.count)..<(at.lowerBound - 1),
                    "\(later.year)-\(two(later.month))-\(two(later.day))"
                ))
        } else if at.lowerBound == syslogDay.count, bytes[..<at.lowerBound].elementsEqual(syslogDay) {
            edits.append(
                (0..<(at.lowerBound - 1), "\(months[later.month - 1]) \(later.day < 10 ? " " : "")\(later.day)"))
        }
        return Self.apply(edits, to: bytes)
    }

    // MARK: - Private

    private static func apply(
        _ edits: [(Range<Int>, String)], to bytes: [UInt8], messageOnNextLine: Bool = false
    ) -> String {
        var result = bytes
        for (range, text) in edits.sorted(by: { $0.0.lowerBound > $1.0.lowerBound }) {
            let isMessage = messageOnNextLine && range.lowerBound == bytes.count
            result.replaceSubrange(range, with: (isMessage ? [0x0A] : []) + Array(text.utf8))
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// The format a fixture is written in: the first that reads one of its lines as a record;
    /// `json` for a `log show --style json` array; plain when no line is a record in any format.
    static func format(of lines: [String]) -> (any LogFormat)? {
        var scratch: [UInt8] = []
        for line in lines where !line.hasPrefix("#!") {
            var copy = line
            let found = copy.withUTF8 { raw -> (any LogFormat)? in
                let bytes = UnsafeRawBufferPointer(raw)
                if JSONArrayReader.opensArray(bytes) { return JSONLogFormat() }
                return LogFormats.reading(bytes, except: nil, scratch: &scratch)?.format
            }
            if let found { return found }
        }
        return lines.contains { !$0.hasPrefix("#!") && !$0.isEmpty } ? PlainLogFormat() : nil
    }

    /// Every place `needle` occurs in `bytes`, not overlapping `outside`.
    private static func find(_ needle: [UInt8], in bytes: [UInt8], outside: Range<Int>?) -> [Range<Int>] {
        guard !needle.isEmpty, needle.count <= bytes.count else { return [] }
        return (0...(bytes.count - needle.count)).compactMap { start in
            let range = start..<(start + needle.count)
            guard bytes[range].elementsEqual(needle), !(outside?.overlaps(range) ?? false) else { return nil }
            return range
        }
    }

    private static func wholeNumbers(
        _ number: String, in bytes: [UInt8], outside: Range<Int>, hex: Bool = false
    ) -> [Range<Int>] {
        func isPartOfNumber(_ byte: UInt8) -> Bool { hex ? ByteCursor.isHexDigit(byte) : ByteCursor.isDigit(byte) }
        return find(Array(number.utf8), in: bytes, outside: outside).filter { range in
            (range.lowerBound == 0 || !isPartOfNumber(bytes[range.lowerBound - 1]))
                && (range.upperBound == bytes.count || !isPartOfNumber(bytes[range.upperBound]))
        }
    }
}
