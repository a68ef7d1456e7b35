/// The unified log as `log show` and `log stream` print it by default:
/// `2026-03-14 09:26:53.599000+0800 0x1b2c3  Default  0x0  4101  0  Downloader: (CFNetwork) [com.apple.CFNetwork:Summary] msg`.
///
/// Columns: time stamp with zone, thread (hex), type, activity (hex), pid, TTL, then
/// `Process: (Library) [subsystem:category] message`; the library and the subsystem are optional.
public struct UnifiedLogFormat: LogFormat {
    public static let identifier = "unified"
    public static let description =
        "log show / log stream default style: time, thread, type, activity, pid, TTL, Process: (Library) message"

    public init() {}

    public func parsePrefix(_ line: UnsafeRawBufferPointer) -> PrefixParse {
        var cursor = ByteCursor(line)
        guard line.count >= 10, cursor.isDate() else { return .continuation }
        guard let time = cursor.readTimestamp() else { return .malformed(cursor.brokenDateReason()) }
        guard cursor.skipSpaces(), cursor.peek() == 0x30, cursor.peek(1) == 0x78 else {
            return .malformed("no thread (0x…) after the time stamp")
        }
        guard let thread = cursor.readHex(), cursor.skipSpaces(), cursor.readWord() != nil, cursor.skipSpaces(),
            cursor.readHex() != nil, cursor.skipSpaces(), let pid = cursor.readDecimal(), cursor.skipSpaces(),
            cursor.readDecimal() != nil, cursor.skipSpaces()
        else { return .malformed("thread, type, activity, pid and TTL columns expected after the time stamp") }
        let processStart = cursor.position
        guard let colon = Self.processEnd(cursor) else {
            return .malformed("no 'Process: ' before the message")
        }
        cursor.position = colon + 1
        _ = cursor.skipSpaces()
        let sender = cursor.readParenthesized()
        cursor.skipSubsystemAndCategory()
        return .record(
            RecordPrefix(
                time: time, process: processStart..<colon, pid: pid, thread: nil, threadNumber: thread,
                sender: sender, messageStart: cursor.position))
    }

    /// The `:` that ends the process name (followed by a space or the end of the line).
    private static func processEnd(_ cursor: ByteCursor) -> Int? {
        var from = cursor.position
        while let colon = cursor.find(0x3A, from: from) {
            if colon + 1 == cursor.bytes.count || cursor.bytes[colon + 1] == 0x20 { return colon > from ? colon : nil }
            from = colon + 1
        }
        return nil
    }
}

extension ByteCursor {
    /// `(Library) ` at the cursor: the range inside the parentheses, and the cursor after the space.
    mutating func readParenthesized() -> Range<Int>? {
        guard peek() == 0x28, let close = closing(0x29, from: position + 1)?.offset, close > position + 1,
            close + 1 == bytes.count || bytes[close + 1] == 0x20
        else { return nil }
        let inside = position + 1..<close
        position = min(close + 2, bytes.count)
        return inside
    }

    /// Skips `[subsystem:category] ` (brackets holding a colon and no space) at the cursor; an
    /// app's own `[DownloadManager]` tag stays part of the message.
    mutating func skipSubsystemAndCategory() {
        guard peek() == 0x5B, let close = closing(0x5D, from: position + 1), close.hasColon,
            close.offset + 1 < bytes.count, bytes[close.offset + 1] == 0x20
        else { return }
        position = close.offset + 2
    }

    /// The offset of the first `closing` byte at or after `start` when no space comes before it,
    /// and whether a `:` does; one pass over the few bytes of a library or subsystem name (every
    /// record line of the unified log comes here) instead of a search for the end, then for a space.
    private func closing(_ closing: UInt8, from start: Int) -> (offset: Int, hasColon: Bool)? {
        guard let base = bytes.baseAddress else { return nil }
        let pointer = base.assumingMemoryBound(to: UInt8.self)
        var hasColon = false
        var offset = start
        while offset < bytes.count {
            let byte = pointer[offset]
            if byte == closing { return (offset, hasColon) }
            if byte == 0x20 { return nil }
            if byte == 0x3A { hasColon = true }
            offset += 1
        }
        return nil
    }
}
