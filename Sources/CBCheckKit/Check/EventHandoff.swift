import Foundation

/// Carries recognized events, in batches and in log order, from the thread that reads a log
/// (lines, records, recognition) to the thread that follows them (trace, monitors, scenarios).
///
/// Reading and recognizing take about 60% of a check's instructions and following the events the
/// rest, so with a core to spare the two halves overlap. A batch goes over when it holds
/// `batchEvents` events or `batchBytes` bytes of their text, whichever comes first, and the reader
/// waits while `maximumBatches` are waiting: memory stays a few megabytes however long the log,
/// even when its events are 256 KiB dumps.
///
/// `@unchecked Sendable`: every field is read and written under `condition`'s lock; an event
/// handed over is never touched again by the reader (`Event` boxes are copy-on-write).
final class EventHandoff: @unchecked Sendable {
    static let batchEvents = 512
    static let batchBytes = 1 << 20
    static let maximumBatches = 4

    /// Events on their way; a slot is emptied (`take()`) as the follower moves its event out, so
    /// the event's box stays uniquely referenced and the trace builder changes it without a copy.
    typealias Batch = [Event?]

    private let condition = NSCondition()
    private var waiting: [Batch] = []
    private var isClosed = false

    /// Hands `batch` over, waiting while the follower is `maximumBatches` behind.
    func put(_ batch: consuming Batch) {
        condition.lock()
        while waiting.count >= Self.maximumBatches { condition.wait() }
        waiting.append(batch)
        condition.broadcast()
        condition.unlock()
    }

    /// Says no batch will follow (the reader finished or failed).
    func close() {
        condition.lock()
        isClosed = true
        condition.broadcast()
        condition.unlock()
    }

    /// The next batch, waiting for it; `nil` once the reader has closed and every batch is taken.
    func take() -> Batch? {
        condition.lock()
        defer { condition.unlock() }
        while waiting.isEmpty && !isClosed { condition.wait() }
        guard !waiting.isEmpty else { return nil }
        let batch = waiting.removeFirst()
        condition.broadcast()
        return batch
    }

    /// Fills batches on the reading thread and puts each full one.
    struct Filler {
        let handoff: EventHandoff
        private var batch = Batch()
        private var bytes = 0

        init(_ handoff: EventHandoff) {
            self.handoff = handoff
            batch.reserveCapacity(EventHandoff.batchEvents)
        }

        mutating func add(_ event: consuming Event) {
            bytes += event.textByteCount
            batch.append(consume event)
            if batch.count >= EventHandoff.batchEvents || bytes >= EventHandoff.batchBytes { flush() }
        }

        /// Puts what is in the batch (the end of the log: a last, short one).
        mutating func flush() {
            guard !batch.isEmpty else { return }
            var full = Batch()
            full.reserveCapacity(EventHandoff.batchEvents)
            swap(&full, &batch)
            bytes = 0
            handoff.put(full)
        }
    }
}
