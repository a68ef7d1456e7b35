import Testing

@testable import CBCheckKit
@testable import LogReading

/// The miner on small hand-made traces: which invariants hold in every slice, with what support.
@Suite struct InvariantMinerTests {
    /// Mines `runs` (each a list of events; each run gets its own pid) as one log.
    static func mine(_ runs: [[Event]]) -> InvariantMiner {
        let miner = InvariantMiner()
        miner.begin(file: "t.log")
        let builder = TraceBuilder { event, _ in miner.add(event) }
        for (index, run) in runs.enumerated() {
            for var event in run {
                event.pid = index + 1
                builder.add(event)
            }
        }
        builder.finish()
        return miner
    }

    /// An event of `kind` at `line` (and `line` seconds), with the attributes its kind carries.
    static func event(_ kind: String, _ line: Int, _ attributes: [Attribute: String] = [:]) -> Event {
        let kind = EventKind(named: kind)!
        var all: [Attribute: String] = [.identifier: "bg"]
        all.merge(attributes) { $1 }
        return Event(
            kind: kind, attributes: all.filter { kind.attributes.contains($0.key) }, line: line,
            time: Timestamp(microseconds: Int64(line) * 1_000_000), process: "App", pid: 1, thread: "1")
    }

    /// The invariants of `form` that held, as `A>B` (or `X`), with `@kind` for a task kind.
    static func held(_ miner: InvariantMiner, _ form: Invariant.Form, in slicing: Slicing) -> Set<String> {
        Set(
            miner.invariants().filter { $0.form == form && $0.slicing == slicing }.map { invariant in
                let pair = [invariant.first.description] + (invariant.second.map { [$0.description] } ?? [])
                return pair.joined(separator: ">") + (invariant.taskKind.map { "@\($0)" } ?? "")
            })
    }

    static let wake = [
        event("app.launch", 1), event("app.handleEvents", 2), event("session.create", 3),
        event("session.finishEvents", 4), event("app.handler.called", 5),
    ]

    @Test func anOrderSeenInEverySliceHoldsWithTheSlicesThatExercisedItAsSupport() {
        let miner = Self.mine([Self.wake, Self.wake])
        let precedes = miner.invariants().first {
            $0.form == .alwaysPrecedes && $0.first.kind.name == "session.finishEvents"
                && $0.second?.kind == .handlerCalled && $0.slicing == .identifier
        }
        #expect(precedes?.support == 2)
        #expect(precedes?.witness.file == "t.log")
        #expect(precedes?.witness.steps.map(\.line) == [4, 5])
        #expect(precedes?.witness.line == 5)
        #expect(Self.held(miner, .alwaysFollowedBy, in: .identifier).contains("app.handleEvents>app.handler.called"))
        #expect(Self.held(miner, .atMostOnce, in: .identifier).contains("app.handler.called"))
    }

    @Test func oneSliceThatBreaksTheOrderRemovesTheInvariant() {
        let early = [
            Self.event("app.launch", 1), Self.event("app.handleEvents", 2), Self.event("session.create", 3),
            Self.event("app.handler.called", 4), Self.event("session.finishEvents", 5),
        ]
        let miner = Self.mine([Self.wake, early])
        #expect(!Self.held(miner, .alwaysPrecedes, in: .identifier).contains("session.finishEvents>app.handler.called"))
        #expect(Self.held(miner, .alwaysPrecedes, in: .identifier).contains("app.handleEvents>app.handler.called"))
        #expect(
            !Self.held(miner, .neverFollowedBy, in: .identifier).contains("app.handler.called>session.finishEvents"))
    }

    @Test func taskSlicesAreAlsoMinedPerTaskKindAndPerOutcome() {
        let download = [
            Self.event("task.create", 1, [.task: "1", .kind: "download"]),
            Self.event("task.finishDownload", 2, [.task: "1"]),
            Self.event("task.complete", 3, [.task: "1", .error: "nil"]),
            Self.event("task.create", 4, [.task: "2", .kind: "download"]),
            Self.event("task.complete", 5, [.task: "2", .error: "-1001"]),
        ]
        let upload = [
            Self.event("task.create", 1, [.task: "1", .kind: "upload"]),
            Self.event("task.complete", 2, [.task: "1", .error: "nil"]),
        ]
        let miner = Self.mine([download, upload])
        let precedes = Self.held(miner, .alwaysPrecedes, in: .task)
        #expect(precedes.contains("task.finishDownload>task.complete where error == nil@download"))
        #expect(!precedes.contains("task.finishDownload>task.complete where error == nil"))
        #expect(!precedes.contains("task.finishDownload>task.complete@download"))
        #expect(miner.slices(of: .task) == 3)
        #expect(miner.slices(of: .task, taskKind: "download") == 2)
    }

    @Test func exactlyOnceGivenHoldsWhenTheOrderBetweenTheTwoVaries() {
        let before = [Self.event("app.launch", 1), Self.event("session.create", 2), Self.event("app.handleEvents", 3)]
        let after = [Self.event("app.launch", 1), Self.event("app.handleEvents", 2), Self.event("session.create", 3)]
        let miner = Self.mine([before, after])
        #expect(Self.held(miner, .exactlyOnceGiven, in: .identifier).contains("app.handleEvents>session.create"))
        #expect(!Self.held(miner, .alwaysPrecedes, in: .identifier).contains("session.create>app.handleEvents"))
        #expect(!Self.held(miner, .alwaysFollowedBy, in: .identifier).contains("app.handleEvents>session.create"))
    }

    @Test func timeBoundsAreTheShortestAndLongestFromTheLastOpenerToTheFirstCloser() {
        let quick = [Self.event("app.handleEvents", 1), Self.event("session.finishEvents", 3)]
        let slow = [
            Self.event("app.handleEvents", 10), Self.event("app.handleEvents", 12),
            Self.event("session.finishEvents", 17), Self.event("session.finishEvents", 30),
        ]
        let bound = Self.mine([quick, slow]).invariants().first {
            $0.form == .lastsAtMost && $0.first.kind == .appHandleEvents && $0.second?.kind == .sessionFinishEvents
        }
        #expect(bound?.bounds == 2...5)
        #expect(bound?.support == 2)
        #expect(bound?.witness.steps.map(\.line) == [12, 17])
    }

    @Test func slicesAreDroppedWhenTheirRunEndsSoMemoryDoesNotGrowWithTheLog() {
        let miner = InvariantMiner()
        miner.begin(file: "t.log")
        var alive: [Int] = []
        let builder = TraceBuilder { event, _ in
            miner.add(event)
            if event.kind == .runEnd { alive.append(miner.openSlices) }
        }
        for run in 1...200 {
            for (offset, kind) in ["app.launch", "task.create", "task.complete"].enumerated() {
                var event = Self.event(kind, run * 10 + offset, [.task: String(run)])
                event.pid = run
                builder.add(event)
            }
        }
        builder.finish()
        #expect(alive.count == 199)
        #expect(alive.allSatisfy { $0 == 0 })
        #expect(miner.slices(of: .task) == 200)
    }
}
