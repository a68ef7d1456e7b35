#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process name and thread last made into text for an event, handed out again while the next
/// event's bytes are the same: nearly every event of a log comes from one process and a few
/// threads, so each is decoded, and the process looked up among the system daemons and the
/// redaction markers, once per change rather than once per event.
package struct RecentFields {
    /// Empty: nothing read yet.
    package init() {}

    private var processBytes: [UInt8] = []
    private var process: ProcessName?
    private var threadNumber: UInt64?
    private var threadText = ""
    /// Thread texts made from bytes (NSLog's `1200001`), by their bytes packed into a word: the
    /// events of a run alternate among a few dozen threads, so one entry would rarely hit.
    private var threadTexts = [ThreadText?](repeating: nil, count: RecentFields.threadSlots)
    private static let threadSlots = 64
    /// The first 16 bytes of the last event's time stamp (`YYYY-MM-DD HH:MM`, two words) and the
    /// microseconds at the start of that minute.
    private var minuteBytes: (UInt64, UInt64) = (0, 0)
    private var minuteMicroseconds: Int64?
    /// The last event's NSLog `Process[pid:` (`CheckedLineStart` keeps such bytes for the shape
    /// check) and its pid, once an event has had one.
    private var bracket = CheckedLineStart()
    private var bracketPid: Int?

    private struct ThreadText {
        var key: UInt64
        var count: Int
        var text: String
    }

    /// A process name as shown, whether it is a system daemon (`SystemProcesses`), and whether it is
    /// a redaction marker (`<private>`: the log withheld the name).
    package typealias ProcessName = (name: String, isDaemon: Bool, isRedaction: Bool)

    /// The process shown for `bytes`.
    package mutating func process(_ bytes: UnsafeRawBufferPointer) -> ProcessName {
        if let process, bytes.count == processBytes.count,
            processBytes.withUnsafeBytes({ memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) }) == 0
        {
            return process
        }
        let name = DisplayText.from(bytes)
        let made = (name, SystemProcesses.isDaemon(name), RedactionMarker.isMarker(name))
        processBytes = Array(bytes)
        process = made
        return made
    }

    /// The thread written as `bytes`, as text; threads of up to 8 bytes are kept by their bytes
    /// in a small table indexed by a multiplicative hash (a slot holds the last thread that fell in it).
    package mutating func thread(_ bytes: UnsafeRawBufferPointer) -> String {
        guard bytes.count <= 8, let base = bytes.baseAddress else { return DisplayText.from(bytes) }
        var key: UInt64 = 0
        withUnsafeMutableBytes(of: &key) { $0.baseAddress!.copyMemory(from: base, byteCount: bytes.count) }
        let slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) &>> 58)
        if let kept = threadTexts[slot], kept.key == key, kept.count == bytes.count { return kept.text }
        let text = DisplayText.from(bytes)
        threadTexts[slot] = ThreadText(key: key, count: bytes.count, text: text)
        return text
    }

    /// The microseconds at the start of the minute written in the 16 bytes at `stamp`
    /// (`YYYY-MM-DD HH:MM`), from `decode` when they are not the last event's.
    mutating func minuteStart(_ stamp: UnsafeRawPointer, decode: () -> Int64) -> Int64 {
        let bytes = (stamp.loadUnaligned(as: UInt64.self), stamp.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        if let minuteMicroseconds, bytes == minuteBytes { return minuteMicroseconds }
        let decoded = decode()
        minuteBytes = bytes
        minuteMicroseconds = decoded
        return decoded
    }

    /// Where the `[` and the thread start, and the pid, when the bytes at `start` are the
    /// `Process[pid:` remembered last (`rememberProcess`).
    @inline(__always)
    func processBracket(
        _ bytes: UnsafePointer<UInt8>, at start: Int, _ count: Int
    ) -> (open: Int, threadStart: Int, pid: Int)? {
        guard let bracketPid, let (open, threadStart) = bracket.processBracket(bytes, at: start, count) else {
            return nil
        }
        return (open, threadStart, bracketPid)
    }

    /// Remembers `start...colon` (a process name, `[` at `open`, a decimal pid, `:`) and its pid,
    /// when it is 16 bytes or fewer (`CheckedLineStart.rememberProcess`).
    mutating func rememberProcess(_ bytes: UnsafePointer<UInt8>, from start: Int, open: Int, colon: Int, pid: Int) {
        guard colon + 1 - start <= 16 else { return }
        bracket.rememberProcess(bytes, from: start, open: open, colon: colon)
        bracketPid = pid
    }

    /// `number` as text.
    package mutating func thread(_ number: UInt64) -> String {
        if threadNumber != number {
            threadNumber = number
            threadText = String(number)
        }
        return threadText
    }
}
