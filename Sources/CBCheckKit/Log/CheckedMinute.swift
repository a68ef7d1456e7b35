/// The date and minute (`YYYY-MM-DD HH:MM`, the first 16 bytes) of the last record line whose
/// time stamp passed `NSLogFormat.commonClockEnd`, as two little-endian words.
///
/// Nearly every line of a log falls in the same minute as a line before it: when its first 16
/// bytes are these, they need no check again, and only the seconds are left (a handful of
/// instructions instead of some fifty). The words always hold bytes that passed the check: they
/// start as `2000-01-01 00:00`, never as zeros a line of NUL bytes would match.
struct CheckedMinute {
    private(set) var date: UInt64
    private(set) var dayAndMinute: UInt64

    init() {
        let start = Array("2000-01-01 00:00".utf8)
        date = start.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 0, as: UInt64.self) }
        dayAndMinute = start.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self) }
    }

    /// Whether a line starting with these two words is in the minute last checked.
    @inline(__always)
    func holds(_ date: UInt64, _ dayAndMinute: UInt64) -> Bool {
        date == self.date && dayAndMinute == self.dayAndMinute
    }

    /// Remembers the first 16 bytes of a line whose time stamp passed the whole check.
    @inline(__always)
    mutating func remember(_ date: UInt64, _ dayAndMinute: UInt64) {
        self.date = date
        self.dayAndMinute = dayAndMinute
    }
}
