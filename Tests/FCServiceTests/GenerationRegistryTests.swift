import FCCore
import FCPipeline
import FCService
import FCStore
import FCTestSupport
import Foundation
import HTTPTypes
import Testing

/// The generations in the database, as each instance's registry sees them: replay then live without a gap, the
/// queue's limits, one run per topic over every instance, cancelling, stopping, a dead runner's lease taken over,
/// pruning. Each case runs on one SQLite file and on a PostgreSQL database, with two registries (two instances)
/// where it is about them.
@Suite("Generation registry")
struct GenerationRegistryTests {
    /// A stored batch as the runner records it.
    static func batch(_ number: Int, topicID: Int64) -> BatchRecord {
        BatchRecord(
            id: Int64(number), topicID: topicID,
            plan: BatchPlan(number: number, aspect: "basics", depth: .foundational), provider: "fixture",
            model: "fixture", promptHash: "", outcome: .strict, cardsKept: 2, dropped: [:], usage: TokenUsage(),
            latencyMilliseconds: 5, createdAt: Date(timeIntervalSince1970: 0))
    }

    /// Records batch `number` of the generation as the runner does, in a transaction of its own.
    static func record(
        _ registry: GenerationRegistry, id: String, number: Int, topicID: Int64, cards: Int
    ) async throws {
        try await registry.store.write("test batch") { db in
            try await registry.recordBatch(id: id, batch(number, topicID: topicID), cards: cards, in: db) {
                "b\($0.batchesDone)"
            }
        }
        registry.batchCommitted(id: id)
    }

    /// Two stores on one database (two instances), each with a registry, on the same clock.
    struct Instances {
        let a: GenerationRegistry
        let b: GenerationRegistry
        let clock: ManualNow
        let topics: [Topic]
    }

    /// Runs `body` on one SQLite file (two store handles) or one PostgreSQL scratch database.
    static func withInstances(
        postgres: Bool, limits: GenerationLimits = GenerationLimits(running: 2),
        _ body: (Instances) async throws -> Void
    ) async throws {
        let clock = ManualNow()
        let scratch = postgres ? try await TestPostgresServer.scratchDatabase(label: "generations") : nil
        let file = postgres ? nil : await TemporaryDatabase.make()
        let path = scratch?.url ?? file?.path ?? ""
        do {
            let first = try await Store.open(path: path, now: clock.now)
            let second = try await Store.open(path: path, now: clock.now)
            var topics: [Topic] = []
            for index in 1...4 { topics.append(try await Topics.ensure(on: first, named: "topic \(index)")) }
            try await body(
                Instances(
                    a: GenerationRegistry(store: first, limits: limits, now: clock.now, owner: "a"),
                    b: GenerationRegistry(store: second, limits: limits, now: clock.now, owner: "b"), clock: clock,
                    topics: topics))
            await first.close()
            await second.close()
        } catch {
            await scratch?.drop()
            throw error
        }
        await scratch?.drop()
    }

    @Test(
        "a subscriber on either instance gets the events it missed, then the live ones, each once; the stream ends after the last",
        arguments: [false, true])
    func replayThenLive(postgres: Bool) async throws {
        try await Self.withInstances(postgres: postgres) { instances in
            let (a, b, topic) = (instances.a, instances.b, instances.topics[0])
            let record = try await a.submit(topic: topic, batches: 3, language: nil)
            #expect(try await a.claimNext()?.id == record.id)
            try await Self.record(a, id: record.id, number: 1, topicID: topic.id, cards: 2)
            // On the instance running it (woken in process) and on the other (reading the database).
            let here = try #require(try await a.subscribe(id: record.id, after: 0))
            let there = try #require(try await b.subscribe(id: record.id, after: 0))
            #expect(here.missed.map(\.data) == ["b1"])
            #expect(there.missed.map(\.data) == ["b1"])
            let (liveHere, liveThere) = (try #require(here.live), try #require(there.live))
            try await Self.record(a, id: record.id, number: 2, topicID: topic.id, cards: 3)
            try await a.finish(id: record.id, error: nil)
            var received: [ServerSentEvent] = []
            for await event in liveHere { received.append(event) }
            #expect(received.map(\.id) == [2, 3])
            #expect(received.map(\.name) == ["batch", "done"])
            #expect(received.first?.text == "id: 2\nevent: batch\ndata: b2\n\n")
            var elsewhere: [ServerSentEvent] = []
            for await event in liveThere { elsewhere.append(event) }
            #expect(elsewhere == received)
            let done = try #require(received.last)
            #expect(done.data.contains(#""status":"succeeded""#), "\(done.data)")
            #expect(done.data.contains(#""cardsStored":5"#), "\(done.data)")
            // After the end: the replay only, from the event after Last-Event-ID, on either instance.
            let late = try #require(try await b.subscribe(id: record.id, after: 1))
            #expect(late.live == nil)
            #expect(late.missed.map(\.id) == [2, 3])
            #expect(try await a.subscribe(id: "unknown", after: 0) == nil)
            #expect(try await a.subscribe(id: UUID().uuidString.lowercased(), after: 0) == nil)
            // Any text may come in a path: one no generation id has is unknown without a query (U+0000 included,
            // which PostgreSQL text refuses).
            #expect(try await b.record(id: "a\u{0}b") == nil)
            #expect(try await b.record(id: record.id.uppercased()) == nil)
            let read = try #require(try await b.record(id: record.id))
            #expect(read.status == .succeeded && read.batchesDone == 2 && read.cardsStored == 5)
        }
    }

    @Test(
        "slots per instance and one run per topic over both; the queue's limit; stopping leaves the queued for the other",
        arguments: [false, true])
    func queueAndStop(postgres: Bool) async throws {
        try await Self.withInstances(postgres: postgres, limits: GenerationLimits(running: 1, queued: 3)) {
            instances in
            let (a, b, topics) = (instances.a, instances.b, instances.topics)
            let first = try await a.submit(topic: topics[0], batches: 1, language: nil)
            let second = try await b.submit(topic: topics[0], batches: 1, language: nil)
            let third = try await a.submit(topic: topics[1], batches: 1, language: nil)
            // The queue holds 3 over both instances: the fourth is refused (429, retry later) and nothing is queued.
            let full = await #expect(throws: Problem.self) {
                try await b.submit(topic: topics[2], batches: 1, language: nil)
            }
            #expect(full?.status == .tooManyRequests && full?.headers[.retryAfter] == "30")
            #expect(full?.detail == "3 generations are queued already; retry when some have run")
            #expect(try await a.records().count == 3)
            #expect(try await a.claimNext()?.id == first.id)
            #expect(try await a.claimNext() == nil, "a's one slot is taken")
            #expect(try await b.claimNext()?.id == third.id, "second waits: its topic runs on a")
            try await a.finish(id: first.id, error: nil)
            #expect(try await a.claimNext()?.id == second.id)
            #expect(try await b.records().map(\.id) == [third.id, second.id, first.id], "newest first")

            // Stopping a: it takes no more work and accepts none; what is queued stays queued for b.
            let fourth = try await b.submit(topic: topics[3], batches: 1, language: nil)
            a.stop()
            #expect(a.isStopping)
            await #expect(throws: Problem.self) { try await a.submit(topic: topics[2], batches: 1, language: nil) }
            #expect(try await a.checkpoint(id: second.id) == .shutdown)
            #expect(try await b.record(id: fourth.id)?.status == .queued)
            try await b.finish(id: third.id, error: nil)
            #expect(try await b.claimNext()?.id == fourth.id)
        }
    }

    @Test(
        "cancel through the other instance: a queued one fails at once, a running one is flagged (once), a finished one stays",
        arguments: [false, true])
    func cancel(postgres: Bool) async throws {
        try await Self.withInstances(postgres: postgres, limits: GenerationLimits(running: 1)) { instances in
            let (a, b, topics) = (instances.a, instances.b, instances.topics)
            let running = try await a.submit(topic: topics[0], batches: 3, language: nil)
            let queued = try await a.submit(topic: topics[1], batches: 2, language: nil)
            #expect(try await a.claimNext()?.id == running.id)
            let live = try #require(try await a.subscribe(id: queued.id, after: 0)?.live)

            guard case .cancelledQueued(let cancelled)? = try await b.cancel(id: queued.id) else {
                throw CancellationError()
            }
            #expect(cancelled.status == .failed)
            #expect(cancelled.error?.code == "cancelled")
            #expect(cancelled.error?.detail == "cancelled by a request before this generation started")
            var received: [String] = []
            for await event in live { received.append(event.name) }
            #expect(received == ["failed"], "the stream on a ends with the failed event b stored")
            #expect(try await b.claimNext() == nil, "a cancelled generation never runs")

            #expect(try await a.checkpoint(id: running.id) == nil)
            guard case .stopping(let stopping, let first)? = try await b.cancel(id: running.id) else {
                throw CancellationError()
            }
            #expect(first && stopping.status == .running)
            guard case .stopping(_, let again)? = try await b.cancel(id: running.id) else {
                throw CancellationError()
            }
            #expect(!again)
            #expect(try await a.checkpoint(id: running.id) == .request, "a reads b's cancel before its next batch")
            #expect(!a.isStopping, "cancelling one generation does not stop the instance's others")

            guard case .finished(let unchanged)? = try await a.cancel(id: queued.id) else {
                throw CancellationError()
            }
            #expect(unchanged.error?.detail == cancelled.error?.detail)
            #expect(try await b.cancel(id: "unknown") == nil)
            #expect(try await b.cancel(id: UUID().uuidString.lowercased()) == nil)
        }
    }

    @Test(
        "a dead runner's lease expires: the other instance takes the generation over at its next batch; the dead one's writes are refused",
        arguments: [false, true])
    func takeover(postgres: Bool) async throws {
        try await Self.withInstances(postgres: postgres, limits: GenerationLimits(lease: .seconds(60))) { instances in
            let (a, b, topic, clock) = (instances.a, instances.b, instances.topics[0], instances.clock)
            let record = try await a.submit(topic: topic, batches: 3, language: nil)
            #expect(try await a.claimNext()?.id == record.id)
            try await Self.record(a, id: record.id, number: 1, topicID: topic.id, cards: 2)
            #expect(try await b.claimNext() == nil, "a's lease is live")
            clock.advance(by: 61)
            let resumed = try #require(try await b.claimNext())
            #expect(resumed.id == record.id)
            #expect(resumed.batchesDone == 1, "b continues after the batch a stored")
            // a wakes up late: its batch, renewal and end are refused, and none of them is kept.
            await #expect(throws: GenerationLeaseLost.self) {
                try await Self.record(a, id: record.id, number: 2, topicID: topic.id, cards: 9)
            }
            await #expect(throws: GenerationLeaseLost.self) { try await a.checkpoint(id: record.id) }
            await #expect(throws: GenerationLeaseLost.self) { try await a.finish(id: record.id, error: nil) }
            try await Self.record(b, id: record.id, number: 2, topicID: topic.id, cards: 3)
            try await Self.record(b, id: record.id, number: 3, topicID: topic.id, cards: 3)
            try await b.finish(id: record.id, error: nil)
            let ended = try #require(try await a.record(id: record.id))
            #expect(ended.status == .succeeded && ended.batchesDone == 3 && ended.cardsStored == 8)
            let events = try #require(try await a.subscribe(id: record.id, after: 0))
            #expect(events.missed.map(\.data).prefix(3) == ["b1", "b2", "b3"])
            #expect(events.missed.map(\.id) == [1, 2, 3, 4])
        }
    }

    @Test("finished generations and their events are deleted past the retention", arguments: [false, true])
    func prune(postgres: Bool) async throws {
        try await Self.withInstances(postgres: postgres, limits: GenerationLimits(retention: .seconds(3_600))) {
            instances in
            let (a, b, topics, clock) = (instances.a, instances.b, instances.topics, instances.clock)
            let old = try await a.submit(topic: topics[0], batches: 1, language: nil)
            #expect(try await a.claimNext()?.id == old.id)
            try await Self.record(a, id: old.id, number: 1, topicID: topics[0].id, cards: 1)
            try await a.finish(id: old.id, error: nil)
            clock.advance(by: 1_800)
            let recent = try await a.submit(topic: topics[1], batches: 1, language: nil)
            _ = try await b.cancel(id: recent.id)
            let waiting = try await a.submit(topic: topics[2], batches: 1, language: nil)
            clock.advance(by: 1_801)
            #expect(try await b.prune() == 1)
            #expect(try await a.record(id: old.id) == nil)
            #expect(try await a.subscribe(id: old.id, after: 0) == nil)
            #expect(try await a.records().map(\.id) == [waiting.id, recent.id])
        }
    }
}
