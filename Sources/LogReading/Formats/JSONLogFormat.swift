/// The unified log as `log show --style json` and `log stream --style json` print it: a
/// pretty-printed array of the objects `--style ndjson` prints one per line,
///
/// ```
/// [{
///   "traceID" : 37579774151491588,
///   "eventMessage" : "Single line message",
///   …
/// },{
/// ```
///
/// An object spans many lines, so no single line is a record: `RecordAssembler` hands this
/// format's lines to a `JSONArrayReader`, and each whole object is read by `NDJSONLogFormat`.
public struct JSONLogFormat: LogFormat {
    public static let identifier = "json"
    public static let description = "log show --style json: a pretty-printed array, one object per event"

    public init() {}

    /// No line of the array is a record on its own.
    public func parsePrefix(_ line: UnsafeRawBufferPointer) -> PrefixParse { .continuation }
}
