import LogReading

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension PendingRecord {
    /// The prefix of a record a shape check started (`ShapeCheckedFormat.recordShape`), read from
    /// its first line now that it is an event; `time`: its time, when placed at the shape check;
    /// `recent`: what the event before decoded (its minute).
    @inline(__always)
    func undecodedPrefix(_ format: ShapeCheckedFormat, time: Timestamp?, recent: inout RecentFields) -> RecordPrefix {
        guard var full = withFirstLine({ format.shapedPrefix($0, recent: &recent) }) else {
            // Cannot happen (`recordShape` takes only lines `parsePrefix` reads): an event without fields.
            return RecordPrefix(time: nil, process: 0..<0, pid: nil, thread: nil, messageStart: messageStart)
        }
        full.messageStart = messageStart
        if let time { full.time = time }
        return full
    }

    /// Makes the events of a record the recognizer found callbacks in, counts them in `stats`, and
    /// hands them to `sink`. A system daemon's record counts as excluded; only its system kinds
    /// (CFNetwork's task lines, which the trace builder may join to the app's task) are kept.
    /// - Parameters:
    ///   - prefix: the record's prefix, decoded (ranges into the first line).
    ///   - columnShift: the bytes of a paste's decoration taken off the first line, which the
    ///     events' columns count.
    ///   - countsLine: 1 when the record owns its first line (a JSON object sharing one does not).
    ///   - recognized: what the recognizer found; the values are moved out into the events.
    ///   - recent: the process and thread made into text for the event before.
    func emit(
        _ recognized: inout [EventRecognizer.Recognized], prefix: RecordPrefix, line: Int,
        columnShift: Int = 0, countsLine: Int, stats: inout LineStats, recent: inout RecentFields,
        to sink: (consuming Event) -> Void
    ) {
        let (named, thread) = withFirstLine { bytes in
            (
                prefix.process.isEmpty ? nil : recent.process(UnsafeRawBufferPointer(rebasing: bytes[prefix.process])),
                prefix.threadNumber.map { recent.thread($0) }
                    ?? prefix.thread.map { recent.thread(UnsafeRawBufferPointer(rebasing: bytes[$0])) }
            )
        }
        let isDaemon = named?.isDaemon ?? false
        if isDaemon {
            stats.excluded += countsLine
            // A daemon's CFNetwork task lines may be the app's own task seen from nsurlsessiond: the
            // trace builder joins them to the app's run by the task's UUID, or drops them.
            guard recognized.allSatisfy({ $0.0.isSystemKind }) else { return }
        } else {
            stats.events += countsLine
        }
        let knownProcess = named.flatMap { $0.isRedaction ? nil : $0.name }
        for (kind, _, _, tier, _) in recognized where !isDaemon {
            stats.countEvent(kind, tier)
            if prefix.time != nil { stats.eventsWithTime += 1 }
            if thread != nil { stats.eventsWithThread += 1 }
        }
        // Each event's values are moved out of `recognized` before it is handed on: the event then
        // holds the only reference, and the trace builder fills in a session or kind without a copy.
        for index in recognized.indices {
            let (kind, phrasing, tier) = (recognized[index].0, recognized[index].phrasing, recognized[index].tier)
            let attributes = recognized[index].1
            recognized[index].1 = AttributeValues()
            // An event matched in a continuation line (a console line printed into a backtrace) is
            // placed at that line, at its match, with that line for evidence.
            let at = recognized[index].at
            // The event keeps its text's bytes (`Event.text` makes the string if asked).
            let event = withMessage { bytes in
                let joined = joinedLine(containing: at, in: bytes)
                return Event(
                    kind: kind, values: attributes, line: joined?.number ?? line,
                    column: joined.map { at - $0.offset + 1 + $0.columnShift }
                        ?? (prefix.isDecoded ? 1 : prefix.messageStart + 1) + columnShift,
                    time: prefix.time, process: knownProcess, pid: prefix.pid, thread: thread,
                    textBytes: Self.firstLine(of: UnsafeRawBufferPointer(rebasing: bytes[(joined?.offset ?? 0)...])),
                    phrasing: phrasing, tier: tier)
            }
            sink(event)
        }
    }

    /// The continuation line a match at `offset` of `message` starts in, with its own start and
    /// number; `nil` for the first line. The run it belongs to is found, then its newlines counted.
    private func joinedLine(containing offset: Int, in message: UnsafeRawBufferPointer) -> JoinedLine? {
        guard hasContinuation, let first = joinedLines.first, offset >= first.offset,
            let run = joinedLines.last(where: { $0.offset <= offset })
        else { return nil }
        var (start, number) = (run.offset, run.number)
        while let base = message.baseAddress, start < offset,
            let newline = memchr(base + start, 0x0A, offset - start)
        {
            start = base.distance(to: UnsafeRawPointer(newline)) + 1
            number += 1
        }
        return JoinedLine(offset: start, number: number, columnShift: run.columnShift)
    }

    /// The message's first line (`memchr`: a byte-by-byte `firstIndex` walked every message whole).
    private static func firstLine(of bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        guard let base = bytes.baseAddress, let newline = memchr(base, 0x0A, bytes.count) else { return bytes }
        return UnsafeRawBufferPointer(start: base, count: base.distance(to: UnsafeRawPointer(newline)))
    }
}
