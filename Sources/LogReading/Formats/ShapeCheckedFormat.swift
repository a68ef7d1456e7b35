/// A format whose common record line the assembler checks for its shape instead of parsing it
/// (`NSLogFormat.recordShape`, `UnifiedLogFormat.recordShape`, `CompactLogFormat.recordShape`,
/// `DeviceSyslogFormat.recordShape`): a chatter record's time, pid and thread are never used, so
/// they are decoded only once the record proves to be an event.
///
/// An enum, not the format's existential: calling a format through `any LogFormat` copies it on
/// every line.
package enum ShapeCheckedFormat {
    case nslog
    case unified
    case compact
    case deviceSyslog

    /// The shape check of `format`, or `nil` for formats without one.
    package init?(_ format: (any LogFormat)?) {
        switch format {
        case is NSLogFormat: self = .nslog
        case is UnifiedLogFormat: self = .unified
        case is CompactLogFormat: self = .compact
        case is DeviceSyslogFormat: self = .deviceSyslog
        default: return nil
        }
    }

    /// The process range and message start of a record line of the common shape; `nil` leaves the
    /// line to the format's `parsePrefix`. Inlined into the assembler's per-line path: a call per
    /// line cost more than the NSLog check itself.
    /// - Parameter recent: the start of the last record line a shape check took.
    @inline(__always)
    package func recordShape(
        _ line: UnsafeRawBufferPointer, recent: inout CheckedLineStart
    ) -> (process: Range<Int>, messageStart: Int)? {
        switch self {
        case .nslog: NSLogFormat.recordShape(line, recent: &recent)
        case .unified: UnifiedLogFormat.recordShape(line, recent: &recent)
        case .compact: CompactLogFormat.recordShape(line, recent: &recent)
        case .deviceSyslog: DeviceSyslogFormat.recordShape(line)
        }
    }

    /// The prefix of a line `recordShape` accepted, as `parsePrefix` reads it (NSLog's without
    /// reading the fields the shape check checked again, nor the minute of the event before).
    @inline(__always)
    package func shapedPrefix(_ line: UnsafeRawBufferPointer, recent: inout RecentFields) -> RecordPrefix? {
        if case .nslog = self { return NSLogFormat.shapedPrefix(line, recent: &recent) }
        guard case .record(let prefix) = parsePrefix(line) else { return nil }
        return prefix
    }

    /// The full parse of a line `recordShape` accepted.
    func parsePrefix(_ line: UnsafeRawBufferPointer) -> PrefixParse {
        switch self {
        case .nslog: NSLogFormat().parsePrefix(line)
        case .unified: UnifiedLogFormat().parsePrefix(line)
        case .compact: CompactLogFormat().parsePrefix(line)
        case .deviceSyslog: DeviceSyslogFormat().parsePrefix(line)
        }
    }
}
