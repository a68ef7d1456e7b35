/// One way apps' logs are printed: knows how to read the prefix that starts a record.
///
/// Formats are listed once in `LogFormats.all`, like the reporters; a file's format is detected
/// once, from its first record line, or forced with `--log-format`.
public protocol LogFormat: Sendable {
    /// The stable name users type with `--log-format`.
    static var identifier: String { get }
    /// One line for `--help` and the docs.
    static var description: String { get }
    /// The name of this format: `Self.identifier` for the built-in ones; a format a user wrote in
    /// a `.cbformat` file has the name it was given there.
    var identifier: String { get }
    /// Reads the prefix of `line`, which has no line terminator. Ranges point into `line`.
    func parsePrefix(_ line: UnsafeRawBufferPointer) -> PrefixParse
    /// Reads `line` for the record assembler. Formats whose fields are escaped (JSON strings)
    /// write the decoded fields into `scratch` (emptied first) and return ranges into it with
    /// `RecordPrefix.isDecoded` set; the others read `line` in place (the default).
    func parse(_ line: UnsafeRawBufferPointer, scratch: inout [UInt8]) -> PrefixParse
}

extension LogFormat {
    public func parse(_ line: UnsafeRawBufferPointer, scratch: inout [UInt8]) -> PrefixParse {
        parsePrefix(line)
    }

    public var identifier: String { Self.identifier }
}

/// What a format says of one line.
public enum PrefixParse: Equatable, Sendable {
    /// The line starts a new record.
    case record(RecordPrefix)
    /// The line has no prefix: it continues the record before it.
    case continuation
    /// The line starts like a prefix but breaks off: counted unparseable, with the reason.
    case malformed(String)
}

/// The fields of a record's prefix. Ranges are byte offsets into the line (or into the scratch
/// buffer when `isDecoded`).
public struct RecordPrefix: Equatable, Sendable {
    public var time: Timestamp?
    public var process: Range<Int>
    /// `nil` when the format does not say (an Xcode `print` line).
    public var pid: Int?
    public var thread: Range<Int>?
    /// The thread as a number, when the format writes it in hex (`0x1b2c3`) or as a JSON number:
    /// the trace shows it in decimal, as NSLog writes it, so one thread has one name.
    public var threadNumber: UInt64?
    /// The library that wrote the line, when the format says (`CFNetwork` in
    /// `Downloader: (CFNetwork)` or `Downloader(CFNetwork)[4101]`).
    public var sender: Range<Int>?
    /// Where the message starts (0-based byte offset); it runs to the end of the line.
    public var messageStart: Int
    /// The ranges point into the scratch buffer `parse(_:scratch:)` filled, not into the line.
    public var isDecoded = false
    /// `time` was read without a date (on 2000-01-01): the assembler places it on its day.
    public var isDateless = false
    /// `time` was read without a year (in 2000): the assembler places it in its year.
    public var isYearless = false

    public init(
        time: Timestamp?, process: Range<Int>, pid: Int?, thread: Range<Int>?, threadNumber: UInt64? = nil,
        sender: Range<Int>? = nil, messageStart: Int, isDecoded: Bool = false, isDateless: Bool = false
    ) {
        self.time = time
        self.process = process
        self.pid = pid
        self.thread = thread
        self.threadNumber = threadNumber
        self.sender = sender
        self.messageStart = messageStart
        self.isDecoded = isDecoded
        self.isDateless = isDateless
    }
}
