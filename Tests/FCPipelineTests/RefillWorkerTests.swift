import FCCore
import FCGenerator
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Synchronization
import Testing

// The limit only catches a hang; a full parallel run on a loaded 2-core machine took one test past a minute.
@Suite(.timeLimit(.minutes(10)))
struct RefillWorkerTests {
    @Test func aRoundStoresTheNextBatchOfEveryDueTopicAndFinishesItsJobs() async throws {
        let transport = StubTransport { request, index in RefillHarness.reply(for: request, index: index) }
        let harness = try await RefillHarness(transport: transport)
        let topics = try await harness.subscribe(["Rome", "Greece", "Egypt"])
        _ = try await BatchStorage.store(
            on: harness.store,
            NewBatch(
                topicID: topics[0].id, plan: BatchPlanner.plan(number: 1), provider: "x", model: "x", promptHash: "h",
                outcome: .strict, cards: [CardDraft(kind: .question, question: "Old?", answer: "Yes", origin: .manual)])
        )

        let summary = try await harness.worker.runRound()

        #expect(summary.enqueued == 3)
        #expect(summary.claimed == 3)
        #expect(summary.done == 3)
        #expect(summary.cardsStored == 9)
        #expect(summary.outcome == .succeeded)
        #expect(try await RefillJobs.list(on: harness.store, status: .done).count == 3)
        #expect(try await BatchStorage.list(on: harness.store, topicID: topics[0].id).map(\.plan.number) == [1, 2])
        #expect(try await BatchStorage.list(on: harness.store, topicID: topics[1].id).map(\.plan.number) == [1])
        #expect(transport.requests.count == 3)
        let names = harness.events.names
        #expect(names.filter { $0 == "claimed" }.count == 3)
        #expect(names.filter { $0 == "stored" }.count == 3)
        #expect(names.last == "round")
        #expect(try await harness.worker.runRound().claimed == 3, "still below 10 cards: one more batch each")
    }

    @Test func transientFailuresBackOffOnTheSeededScheduleThenTheJobIsDead() async throws {
        let transport = StubTransport(fallback: .json(status: 503, #"{"error":{"message":"overloaded"}}"#))
        let options = RefillOptions(workerID: "test:1", maxAttempts: 3)
        let harness = try await RefillHarness(transport: transport, options: options, seed: 99)
        try await harness.subscribe(["Rome"])
        // The same seed replays the jitter the worker draws: attempt 1, then attempt 2.
        let replay = RandomSource(seed: 99)
        let expected = (1...2).map { options.backoff.backoff(beforeRetry: $0, random: replay) }
        #expect(expected[0] >= .seconds(30) && expected[0] <= .seconds(60))
        #expect(expected[1] >= .seconds(60) && expected[1] <= .seconds(120))

        let first = try await harness.worker.runRound()
        let job = try #require(try await RefillJobs.list(on: harness.store).first)
        #expect(first.retryLater == 1)
        #expect(first.providerUnreachable == 1)
        #expect(first.outcome == .providerUnreachable)
        #expect(job.status == .failed)
        #expect(milliseconds(from: harness.time.date, to: job.runAfter) == expected[0] / .milliseconds(1))
        #expect(try await harness.worker.runRound().claimed == 0, "not due before its backoff ends")

        harness.time.advance(by: 3600)
        #expect(try await harness.worker.runRound().retryLater == 1)
        let second = try #require(try await RefillJobs.job(on: harness.store, id: job.id))
        #expect(milliseconds(from: harness.time.date, to: second.runAfter) == expected[1] / .milliseconds(1))

        harness.time.advance(by: 3600)
        let last = try await harness.worker.runRound()
        #expect(last.dead == 1)
        #expect(try await RefillJobs.job(on: harness.store, id: job.id)?.status == .dead)
        #expect(try await RefillJobs.job(on: harness.store, id: job.id)?.lastError?.contains("HTTP 503") == true)
        #expect(try await BatchStorage.list(on: harness.store, topicID: job.topicID).isEmpty)
    }

    @Test func aRejectedRequestIsDeadAtOnce() async throws {
        let transport = StubTransport(fallback: .json(status: 401, #"{"error":{"message":"bad key"}}"#))
        let harness = try await RefillHarness(transport: transport)
        try await harness.subscribe(["Rome"])

        let summary = try await harness.worker.runRound()

        #expect(summary.dead == 1)
        #expect(summary.outcome == .failed)
        #expect(try await RefillJobs.list(on: harness.store, status: .dead).first?.attempts == 1)
        #expect(transport.requests.count == 1)
    }

    @Test func theLeaseIsRenewedWhileTheRequestIsInFlightAndALostLeaseStoresNothing() async throws {
        let clock = TestClock()
        let gate = AsyncGate()
        let transport = StubTransport { request, index in
            await gate.wait()
            return RefillHarness.reply(for: request, index: index)
        }
        let options = RefillOptions(workerID: "test:1", lease: .seconds(30))
        let harness = try await RefillHarness(transport: transport, clock: clock, options: options)
        try await harness.subscribe(["Rome"])

        let round = Task { try await harness.worker.runRound() }
        await transport.waitForRequests(1)
        await clock.waitForSleepers(1)
        let job = try #require(try await RefillJobs.list(on: harness.store, status: .running).first)
        #expect(job.leaseExpiresAt == harness.time.date.addingTimeInterval(30))
        harness.time.advance(by: 10)
        clock.advance(by: .seconds(10))
        await clock.waitForSleepers(1)
        #expect(
            try await RefillJobs.job(on: harness.store, id: job.id)?.leaseExpiresAt
                == harness.time.date.addingTimeInterval(30))

        try await RefillJobs.cancel(on: harness.store, id: job.id)
        clock.advance(by: .seconds(10))
        gate.open()
        let summary = try await round.value

        #expect(summary.leaseLost == 1)
        #expect(summary.done == 0)
        #expect(try await harness.store.scalarInteger("SELECT COUNT(*) FROM cards") == 0)
        #expect(harness.events.names.contains("lost"))
    }

    @Test func aRetryAfterFromOneJobHoldsEveryJobOfTheWorker() async throws {
        let clock = TestClock()
        let sent = SendLog()
        let transport = StubTransport { request, index in
            let topic = String(decoding: request.body, as: UTF8.self).contains("Alpha") ? "Alpha" : "Beta"
            sent.record(topic, at: clock.now.offset)
            if index == 0 {
                return LLMHTTPResponse(status: 429, headers: ["retry-after": "30"], body: Data("{}".utf8))
            }
            return RefillHarness.reply(for: request, index: index)
        }
        let options = RefillOptions(workerID: "test:1", concurrency: 2)
        // 60 requests a minute: the second job's slot is at 1 s, inside the 30 s pause the first job's 429 starts.
        let harness = try await RefillHarness(
            transport: transport, clock: clock, options: options, retries: 1, requestsPerMinute: 60)
        try await harness.subscribe(["Alpha", "Beta"])

        let round = Task { try await harness.worker.runRound() }
        await transport.waitForRequests(1)
        // The 429'd job's retry sleep, the other job's slot wait, two lease renewals.
        await clock.waitForSleepers(4)
        clock.advance(by: .seconds(1))
        await clock.waitForSleepers(4)
        #expect(transport.requests.count == 1, "the other job waits for the pause, not just its own slot")
        clock.advance(by: .seconds(29))
        await transport.waitForRequests(2)
        clock.advance(by: .seconds(1))
        let summary = try await round.value

        #expect(summary.done == 2)
        let times = sent.entries
        #expect(times.count == 3)
        #expect(times.dropFirst().allSatisfy { $0.at >= .seconds(30) })
        #expect(harness.events.rateLimitWaits.contains { $0 >= .seconds(29) })
    }

    @Test func aStopBeforeTheRoundClaimsNothingAndCancellationReleasesInFlightJobs() async throws {
        let gate = AsyncGate()
        let transport = StubTransport { request, index in
            await gate.wait()
            try Task.checkCancellation()
            return RefillHarness.reply(for: request, index: index)
        }
        let harness = try await RefillHarness(transport: transport, clock: TestClock())
        try await harness.subscribe(["Rome", "Greece"])

        let round = Task { try await harness.worker.runRound() }
        await transport.waitForRequests(2)
        round.cancel()
        gate.open()
        let summary = try await round.value

        #expect(summary.released == 2)
        #expect(try await RefillJobs.list(on: harness.store, status: .queued).map(\.attempts) == [0, 0])
        harness.worker.stop.request()
        #expect(try await harness.worker.runRound().claimed == 0)
    }
}

/// Whole milliseconds between two dates, as the store keeps them.
private func milliseconds(from start: Date, to end: Date) -> Double {
    (end.timeIntervalSince(start) * 1000).rounded()
}

/// Requests' topics and clock times, in arrival order.
final class SendLog: Sendable {
    private let storage = Mutex<[(topic: String, at: Duration)]>([])

    var entries: [(topic: String, at: Duration)] { storage.withLock { $0 } }

    func record(_ topic: String, at time: Duration) { storage.withLock { $0.append((topic, time)) } }
}
