/// What the shape checks remember of the last record line they took, so that the next line's
/// repeated start is compared with it instead of being checked again: nearly every line of a log
/// falls in the same minute as a line before it, and most come from the process and pid before.
///
/// - The date and minute (`YYYY-MM-DD HH:MM`, the first 16 bytes) of the last line whose time
///   stamp passed `NSLogFormat.commonClockEnd`, as two little-endian words: a line starting with
///   them has only its seconds checked (a handful of instructions instead of some fifty).
/// - The bytes from NSLog's process name to the colon after the pid (`Downloader[4101:`) when
///   they are 16 or fewer, zero-padded, with where the `[` is: a line with these bytes after its
///   time stamp has only its thread checked.
///
/// Everything held is bytes that passed a check: the memory starts as `2000-01-01 00:00` and
/// `A[1:`, never as zeros a line of NUL bytes would match.
package struct CheckedLineStart {
    private(set) var date: UInt64 = 0
    private(set) var dayAndMinute: UInt64 = 0
    private var process: (UInt64, UInt64) = (0, 0)
    private var processMask: (UInt64, UInt64) = (0, 0)
    /// The process name's length (where the `[` is), and the bytes' through the colon.
    private var processLength = 0
    private var processAndPidLength = 0

    package init() {
        let start = Array("2000-01-01 00:00:00 A[1:".utf8)
        start.withUnsafeBytes {
            rememberMinute(
                $0.loadUnaligned(fromByteOffset: 0, as: UInt64.self),
                $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            rememberProcess($0.baseAddress!.assumingMemoryBound(to: UInt8.self), from: 20, open: 21, colon: 23)
        }
    }

    /// Whether a line starting with these two words is in the minute last checked.
    @inline(__always)
    func holdsMinute(_ date: UInt64, _ dayAndMinute: UInt64) -> Bool {
        date == self.date && dayAndMinute == self.dayAndMinute
    }

    /// Remembers the first 16 bytes of a line whose time stamp passed the whole check.
    @inline(__always)
    mutating func rememberMinute(_ date: UInt64, _ dayAndMinute: UInt64) {
        self.date = date
        self.dayAndMinute = dayAndMinute
    }

    /// Where the `[` and the thread start when the bytes at `start` are the process name and
    /// `[pid:` remembered; `nil` when they are not, or fewer than 16 bytes are left.
    @inline(__always)
    func processBracket(_ bytes: UnsafePointer<UInt8>, at start: Int, _ count: Int) -> (open: Int, threadStart: Int)? {
        guard start + 16 <= count else { return nil }
        let raw = UnsafeRawPointer(bytes + start)
        guard raw.loadUnaligned(as: UInt64.self) & processMask.0 == process.0,
            raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self) & processMask.1 == process.1
        else { return nil }
        return (start + processLength, start + processAndPidLength)
    }

    /// Remembers `start...colon`, a process name with no `[` before `open` and `[pid:` with a
    /// decimal pid of at most 18 digits, when it is 16 bytes or fewer.
    @inline(__always)
    mutating func rememberProcess(_ bytes: UnsafePointer<UInt8>, from start: Int, open: Int, colon: Int) {
        let length = colon + 1 - start
        guard length <= 16 else { return }
        let lowLength = min(length, 8)
        let highLength = length - lowLength
        processMask = (
            lowLength == 8 ? .max : (1 &<< UInt64(lowLength * 8)) &- 1,
            highLength == 8 ? .max : (1 &<< UInt64(highLength * 8)) &- 1
        )
        var words: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &words) { $0.baseAddress!.copyMemory(from: bytes + start, byteCount: length) }
        process = (words.0 & processMask.0, words.1 & processMask.1)
        processLength = open - start
        processAndPidLength = length
    }
}
