import Foundation
import Testing

@testable import CBCheckKit

/// The batches between the reading thread and the following one: in order, cut by count or by
/// text bytes, and never more than `maximumBatches` waiting (memory bounded however fast the reader).
@Suite struct EventHandoffTests {
    static func event(_ line: Int, textBytes: Int = 10) -> Event {
        let text = [UInt8](repeating: 0x61, count: textBytes)
        return text.withUnsafeBytes {
            Event(
                kind: .taskCreate, values: AttributeValues([:]), line: line, column: 1, time: nil, process: nil,
                pid: nil, thread: nil, textBytes: $0, phrasing: nil, tier: nil)
        }
    }

    /// Takes every batch until the handoff closes: each batch's lines.
    static func drain(_ handoff: EventHandoff) -> [[Int]] {
        var batches: [[Int]] = []
        while var batch = handoff.take() {
            batches.append(batch.indices.map { batch[$0].take()!.line })
        }
        return batches
    }

    @Test func eventsArriveInOrderInFullBatchesThenTheRest() {
        let handoff = EventHandoff()
        let count = EventHandoff.batchEvents * 2 + 5
        let reader = Thread {
            var filler = EventHandoff.Filler(handoff)
            for line in 1...count { filler.add(Self.event(line)) }
            filler.flush()
            handoff.close()
        }
        reader.start()
        let batches = Self.drain(handoff)
        #expect(batches.map(\.count) == [EventHandoff.batchEvents, EventHandoff.batchEvents, 5])
        #expect(batches.flatMap { $0 } == Array(1...count))
    }

    @Test func aBatchOfLargeEventsGoesOverByItsBytes() {
        let handoff = EventHandoff()
        let reader = Thread {
            var filler = EventHandoff.Filler(handoff)
            // 600 KiB each: two pass the 1 MiB bound.
            for line in 1...5 { filler.add(Self.event(line, textBytes: 600 << 10)) }
            filler.flush()
            handoff.close()
        }
        reader.start()
        #expect(Self.drain(handoff) == [[1, 2], [3, 4], [5]])
    }

    @Test func theReaderWaitsWhileTheFollowerIsBehind() throws {
        let handoff = EventHandoff()
        let progress = Progress()
        let reader = Thread {
            var filler = EventHandoff.Filler(handoff)
            for line in 1...(EventHandoff.batchEvents * (EventHandoff.maximumBatches + 3)) {
                filler.add(Self.event(line))
                if line % EventHandoff.batchEvents == 0 { progress.count(line / EventHandoff.batchEvents) }
            }
            filler.flush()
            handoff.close()
        }
        reader.start()
        let deadline = Date().addingTimeInterval(10)
        while progress.batches < EventHandoff.maximumBatches, Date() < deadline { usleep(1000) }
        usleep(50_000)
        // The reader put `maximumBatches` and waits in the next put: its count stops there.
        #expect(progress.batches == EventHandoff.maximumBatches)
        #expect(Self.drain(handoff).count == EventHandoff.maximumBatches + 3)
        #expect(progress.batches == EventHandoff.maximumBatches + 3)
    }

    @Test func takeSaysWhenTheReaderClosedWithNothingLeft() {
        let handoff = EventHandoff()
        handoff.close()
        #expect(handoff.take() == nil)
    }

    /// How many batches the reader has put, read from the test's thread.
    final class Progress: @unchecked Sendable {
        private let lock = NSLock()
        private var done = 0
        var batches: Int { lock.withLock { done } }
        func count(_ batches: Int) { lock.withLock { done = batches } }
    }
}
