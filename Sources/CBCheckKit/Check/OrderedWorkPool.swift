import Foundation

/// Runs numbered jobs on several threads and hands the results back on the calling thread in job
/// order, so output is the same whichever job finishes first.
///
/// Each thread owns a `State` made on that thread and never shared: a `RuleLibrary`'s patterns
/// keep their PCRE2 match data and are not thread-safe, so every worker compiles its own. The
/// calling thread is one of the workers, with the state it passes in.
enum OrderedWorkPool {
    /// - Parameters:
    ///   - count: how many jobs, numbered from 0.
    ///   - workers: how many threads work at once, the calling thread included.
    ///   - localState: the calling thread's state (already made, so one worker starts at once).
    ///   - makeState: makes a spawned thread's state, on that thread.
    ///   - work: does job `index` with the thread's state.
    ///   - deliver: receives each result on the calling thread, in order of `index`.
    static func run<State, Result: Sendable>(
        count: Int, workers: Int, localState: inout State, makeState: @escaping @Sendable () -> State,
        work: @escaping @Sendable (inout State, Int) -> Result, deliver: (Int, Result) -> Void
    ) {
        let board = ResultBoard<Result>(count: count)
        for _ in 0..<max(0, min(workers, count) - 1) {
            let thread = Thread {
                var state = makeState()
                while let index = board.claimJob() { board.post(work(&state, index), at: index) }
            }
            // Rule compilation and the PCRE2 JIT want more than the 512 KiB a Thread gets by default.
            thread.stackSize = 8 << 20
            thread.start()
        }
        var delivered = 0
        while let index = board.claimJob() {
            board.post(work(&localState, index), at: index)
            while let result = board.takeIfReady(delivered) {
                deliver(delivered, result)
                delivered += 1
            }
        }
        while delivered < count {
            deliver(delivered, board.waitAndTake(delivered))
            delivered += 1
        }
    }
}

// MARK: - Private

/// The jobs not yet claimed and the results not yet delivered, behind one lock.
private final class ResultBoard<Result: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var results: [Result?]
    private var nextJob = 0

    init(count: Int) { results = Array(repeating: nil, count: count) }

    func claimJob() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        guard nextJob < results.count else { return nil }
        nextJob += 1
        return nextJob - 1
    }

    func post(_ result: Result, at index: Int) {
        condition.lock()
        results[index] = result
        condition.broadcast()
        condition.unlock()
    }

    func takeIfReady(_ index: Int) -> Result? {
        condition.lock()
        defer { condition.unlock() }
        guard index < results.count, let result = results[index] else { return nil }
        results[index] = nil
        return result
    }

    func waitAndTake(_ index: Int) -> Result {
        condition.lock()
        defer { condition.unlock() }
        while results[index] == nil { condition.wait() }
        let result = results[index]!
        results[index] = nil
        return result
    }
}
