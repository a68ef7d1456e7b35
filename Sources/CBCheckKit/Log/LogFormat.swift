/// One way apps' logs are printed: knows how to read the prefix that starts a record.
///
/// Formats are listed once in `LogFormats.all`; later formats (unified log, syslog, Xcode's
/// console) add a conformer each, like the reporters do.
public protocol LogFormat: Sendable {
    /// The stable name users type with `--log-format`.
    static var identifier: String { get }
    /// One line for `--help` and the docs.
    static var description: String { get }
    /// Reads the prefix of `line`, which has no line terminator.
    func parsePrefix(_ line: UnsafeRawBufferPointer) -> PrefixParse
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

/// The fields of a record's prefix. Ranges are byte offsets into the line.
public struct RecordPrefix: Equatable, Sendable {
    public var time: Timestamp?
    public var process: Range<Int>
    public var pid: Int
    public var thread: Range<Int>?
    /// Where the message starts (0-based byte offset).
    public var messageStart: Int
}
