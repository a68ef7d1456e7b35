#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Every log format cbcheck reads, listed once. The order is the order of detection: a file's
/// format is the first one that reads its first record line as a record (compact before NSLog,
/// which would read `Df Downloader[4101:1b2c3]` as a process named `Df Downloader`). `json` and
/// `plain` read no single line: the assembler detects them itself.
public enum LogFormats {
    public static let all: [any LogFormat] = detectable + [JSONLogFormat(), PlainLogFormat()]

    /// The formats a single line can show, in the order of detection.
    static let detectable: [any LogFormat] = [
        NDJSONLogFormat(), UnifiedLogFormat(), UnifiedSyslogLogFormat(), CompactLogFormat(), NSLogFormat(),
        DeviceSyslogFormat(), ConsoleLogFormat(), AppLoggerLogFormat(),
    ]

    /// The identifiers users may give `--log-format`, in the order of `all`.
    public static var identifiers: [String] { all.map(\.identifier) }

    /// The format named `identifier`, or `nil`.
    public static func named(_ identifier: String) -> (any LogFormat)? {
        all.first { $0.identifier == identifier }
    }

    /// The first format, other than `except`, that reads `line` as a record, with its reading;
    /// `first` (the user's own formats, `.cbformat`) are tried before the built-in ones.
    package static func reading(
        _ line: UnsafeRawBufferPointer, except: (any LogFormat)?, scratch: inout [UInt8],
        trying first: [any LogFormat] = []
    ) -> (format: any LogFormat, prefix: RecordPrefix)? {
        for format in first where format.identifier != except?.identifier {
            if case .record(let prefix) = format.parse(line, scratch: &scratch) { return (format, prefix) }
        }
        for format in detectable where format.identifier != except?.identifier {
            if case .record(let prefix) = format.parse(line, scratch: &scratch) { return (format, prefix) }
        }
        return nil
    }

    /// Whether `line` surely continues a record in every format: it starts with a closing `}`,
    /// `)` or `]` (the end of a dumped dictionary or array) and holds no tab. Every format's
    /// record starts with a digit, a letter, `{` or `[`, or is a tab-separated Console.app row,
    /// and no header starts so: the assembler need not offer such a line to every format.
    package static func isSurelyContinuation(_ line: UnsafeRawBufferPointer) -> Bool {
        guard let first = line.first, first == 0x7D || first == 0x29 || first == 0x5D else { return false }
        return memchr(line.baseAddress!, 0x09, line.count) == nil
    }

    /// Why some format (`first`, the user's own, before the built-in ones) says `line` starts
    /// like its record but breaks off, or `nil`.
    package static func brokenPrefix(
        _ line: UnsafeRawBufferPointer, scratch: inout [UInt8], trying first: [any LogFormat] = []
    ) -> String? {
        for format in first {
            if case .malformed(let reason) = format.parse(line, scratch: &scratch) { return reason }
        }
        for format in detectable {
            if case .malformed(let reason) = format.parse(line, scratch: &scratch) { return reason }
        }
        return nil
    }
}

/// The lines the log tools print around the events: `log show`'s `Filtering the log data using
/// …`, the column header (`Timestamp  Thread  Type …`), the dashed rule and the closing counts
/// (`Log      - Default: 12, …`), idevicesyslog's `[connected:…]`. Counted as headers, never
/// as unparseable.
package enum LogHeader {
    /// Whether `line` is one of those. One byte is compared for nearly every line.
    package static func isHeader(_ line: UnsafeRawBufferPointer) -> Bool {
        guard let first = line.first else { return false }
        var cursor = ByteCursor(line)
        switch first {
        case 0x46: return cursor.skip("Filtering the log data")
        case 0x54: return cursor.skip("Timestamp ")
        case 0x53: return cursor.skip("Skipping info and debug messages")
        case 0x4C: return cursor.skip("Log      - ")
        case 0x41: return cursor.skip("Activity - ")
        case 0x5B:
            return cursor.skip("[connected") || cursor.skip("[disconnected") || cursor.skip("[reconnected")
        case 0x2D: return line.count >= 8 && line.allSatisfy { $0 == 0x2D }
        default: return false
        }
    }
}

/// The lines a debugger writes into an app's console: Xcode's `Message from debugger: Terminated
/// due to signal 9` when the process it runs ends, lldb's `(lldb) ` prompt and its `Process 812
/// stopped` / `Process 812 exited with status = 9`. Such a line has no prefix of its own, and as
/// the continuation of the app's last record it would be lost behind that record's event: it is a
/// record of its own (no process, no time), which the trace gives to the run before it.
package enum DebuggerLine {
    /// Whether `line` is one of those. One byte is compared for nearly every line.
    package static func isStart(_ line: UnsafeRawBufferPointer) -> Bool {
        guard let first = line.first else { return false }
        var cursor = ByteCursor(line)
        switch first {
        case 0x4D: return cursor.skip("Message from debugger: ")
        case 0x28: return cursor.skip("(lldb) ")
        case 0x50:
            guard cursor.skip("Process "), cursor.readDecimal() != nil else { return false }
            return cursor.skip(" stopped") || cursor.skip(" exited with status = ")
        default: return false
        }
    }
}
