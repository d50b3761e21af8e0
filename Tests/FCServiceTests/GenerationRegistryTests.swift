import FCCore
import FCPipeline
import FCService
import FCTestSupport
import Foundation
import Testing

/// The server's in-memory generations: replay then live without a gap, the queue's limits, stopping, expiry.
@Suite("Generation registry")
struct GenerationRegistryTests {
    static func summary(_ number: Int) throws -> BatchSummary {
        let json = """
            {"number": \(number), "aspect": "basics", "depth": "foundational", "outcome": "strict", "kept": 2,
             "dropped": {}, "repairs": [], "latencyMs": 5, "truncated": false}
            """
        return try JSONDecoder().decode(BatchSummary.self, from: Data(json.utf8))
    }

    static func topic(_ id: Int64) -> Topic { Topic(id: id, name: "topic \(id)", createdAt: Date()) }

    @Test("a subscriber gets the events it missed, then the live ones, each once; the stream ends after the last")
    func replayThenLive() async throws {
        let clock = ManualNow()
        let registry = GenerationRegistry(limits: GenerationLimits(running: 1), now: clock.now)
        let record = try registry.submit(topic: Self.topic(1), batches: 3, language: nil)
        #expect(registry.claimNext()?.id == record.id)
        registry.recordBatch(id: record.id, try Self.summary(1), cards: 2) { "b\($0.batches.count)" }
        let subscription = try #require(registry.subscribe(id: record.id, after: 0))
        #expect(subscription.missed.map(\.data) == ["b1"])
        let live = try #require(subscription.live)
        registry.recordBatch(id: record.id, try Self.summary(2), cards: 3) { "b\($0.batches.count)" }
        registry.finish(id: record.id, error: nil) { "done \($0.status.rawValue) \($0.cardsStored)" }
        var received: [ServerSentEvent] = []
        for await event in live { received.append(event) }
        #expect(received.map(\.id) == [2, 3])
        #expect(received.map(\.name) == ["batch", "done"])
        #expect(received.last?.data == "done succeeded 5")
        #expect(received.first?.text == "id: 2\nevent: batch\ndata: b2\n\n")
        // After the end: the replay only, from the event after Last-Event-ID.
        let late = try #require(registry.subscribe(id: record.id, after: 1))
        #expect(late.live == nil)
        #expect(late.missed.map(\.id) == [2, 3])
        #expect(registry.subscribe(id: "unknown", after: 0) == nil)
    }

    @Test("slots and one run per topic; stopping fails the queued and refuses new work; finished ones are forgotten")
    func queueStopAndExpiry() throws {
        let clock = ManualNow()
        let limits = GenerationLimits(running: 2, keepFinished: 1, retention: .seconds(60))
        let registry = GenerationRegistry(limits: limits, now: clock.now)
        let a = try registry.submit(topic: Self.topic(1), batches: 1, language: nil)
        let b = try registry.submit(topic: Self.topic(1), batches: 1, language: nil)
        let c = try registry.submit(topic: Self.topic(2), batches: 1, language: nil)
        #expect(registry.claimNext()?.id == a.id)
        #expect(registry.claimNext()?.id == c.id, "b waits: its topic is running")
        #expect(registry.claimNext() == nil)
        registry.finish(id: a.id, error: nil) { _ in "done" }
        #expect(registry.claimNext()?.id == b.id)
        let d = try registry.submit(topic: Self.topic(3), batches: 1, language: nil)
        #expect(registry.claimNext() == nil, "both slots are taken")

        registry.stop { _ in "failed" }
        #expect(registry.isStopping)
        #expect(registry.record(id: d.id)?.status == .failed)
        #expect(registry.record(id: d.id)?.error?.code == "cancelled")
        #expect(registry.record(id: d.id)?.error?.detail == "the server shut down before this generation started")
        #expect(registry.stopRequest(id: b.id) == .shutdown)
        #expect(registry.record(id: b.id)?.status == .running, "a running generation finishes its batches")
        #expect(throws: Problem.self) { try registry.submit(topic: Self.topic(4), batches: 1, language: nil) }
        #expect(registry.claimNext() == nil)

        // Only the newest finished generation is kept (keepFinished 1), and only for the retention.
        #expect(registry.record(id: a.id) == nil)
        #expect(registry.record(id: d.id) != nil)
        clock.advance(by: 61)
        #expect(registry.record(id: d.id) == nil)
        #expect(registry.records().map(\.id).sorted() == [b.id, c.id].sorted())
    }

    @Test("cancel: a queued one fails at once, a running one is told to stop (once), a finished one stays")
    func cancel() async throws {
        let clock = ManualNow()
        let registry = GenerationRegistry(limits: GenerationLimits(running: 1), now: clock.now)
        let running = try registry.submit(topic: Self.topic(1), batches: 3, language: nil)
        let queued = try registry.submit(topic: Self.topic(2), batches: 2, language: nil)
        #expect(registry.claimNext()?.id == running.id)
        let live = try #require(registry.subscribe(id: queued.id, after: 0)?.live)

        guard case .cancelledQueued(let cancelled)? = registry.cancel(id: queued.id, event: { "failed \($0.id)" })
        else { throw CancellationError() }
        #expect(cancelled.status == .failed)
        #expect(cancelled.error?.code == "cancelled")
        #expect(cancelled.error?.detail == "cancelled by a request before this generation started")
        var received: [String] = []
        for await event in live { received.append(event.name) }
        #expect(received == ["failed"], "the stream ends with the failed event")
        #expect(registry.claimNext() == nil, "a cancelled generation never runs")

        #expect(registry.stopRequest(id: running.id) == nil)
        guard case .stopping(let stopping, let first)? = registry.cancel(id: running.id, event: { _ in "" }) else {
            throw CancellationError()
        }
        #expect(first && stopping.status == .running)
        guard case .stopping(_, let again)? = registry.cancel(id: running.id, event: { _ in "" }) else {
            throw CancellationError()
        }
        #expect(!again)
        #expect(registry.stopRequest(id: running.id) == .request)
        #expect(!registry.isStopping, "cancelling one generation does not stop the server's others")

        guard case .finished(let unchanged)? = registry.cancel(id: queued.id, event: { _ in "" }) else {
            throw CancellationError()
        }
        #expect(unchanged.error?.detail == cancelled.error?.detail)
        #expect(registry.cancel(id: "unknown", event: { _ in "" }) == nil)
    }
}
