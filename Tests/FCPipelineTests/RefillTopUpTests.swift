import FCCore
import FCGenerator
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Testing

/// `RefillOptions.topUp`: a round enqueues again as jobs finish, so freed slots never wait for the slowest job.
// The limit only catches a hang; a full parallel run on a loaded 2-core machine took one test past a minute.
@Suite(.timeLimit(.minutes(10)))
struct RefillTopUpTests {
    @Test func aTopUpRoundStocksEveryTopicAndLeavesTheNextRoundNothingToDo() async throws {
        let transport = StubTransport { request, index in RefillHarness.reply(for: request, index: index) }
        let options = RefillOptions(workerID: "test:1", concurrency: 2, topUp: true)
        let harness = try await RefillHarness(transport: transport, options: options)
        let topics = try await harness.subscribe(["Rome", "Greece"])
        try await Topics.setPolicy(
            on: harness.store,
            TopicPolicy(refillBelow: 100, batchSize: 3, maxBatches: 2), topicID: topics[1].id)

        let summary = try await harness.worker.runRound()

        // Rome: 3 cards a batch until it holds 10 or more; Greece: stopped by max batches.
        #expect(
            try await BatchStorage.list(on: harness.store, topicID: topics[0].id).map(\.plan.number) == [1, 2, 3, 4])
        #expect(try await BatchStorage.list(on: harness.store, topicID: topics[1].id).map(\.plan.number) == [1, 2])
        #expect(summary.enqueued == 6)
        #expect(summary.done == 6)
        #expect(summary.outcome == .succeeded)
        #expect(try await harness.worker.runRound().claimed == 0)
    }

    @Test func aFreedSlotTakesTheNextJobWhileASlowJobIsStillInFlight() async throws {
        let gate = AsyncGate()
        let transport = StubTransport { request, index in
            if String(decoding: request.body, as: UTF8.self).contains("Slow") { await gate.wait() }
            return RefillHarness.reply(for: request, index: index)
        }
        let options = RefillOptions(workerID: "test:1", concurrency: 2, topUp: true)
        let harness = try await RefillHarness(transport: transport, options: options)
        try await harness.subscribe(
            ["Slow", "Fast"], policy: TopicPolicy(refillBelow: 100, batchSize: 3, maxBatches: 3))

        let round = Task { try await harness.worker.runRound() }
        // Slow's first request is held; Fast's three batches go through the other slot meanwhile.
        await transport.waitForRequests(4)
        let fast = try #require(try await Topics.named(on: harness.store, "Fast"))
        let slow = try #require(try await Topics.named(on: harness.store, "Slow"))
        #expect(try await BatchStorage.list(on: harness.store, topicID: slow.id).isEmpty)
        gate.open()
        let summary = try await round.value

        #expect(try await BatchStorage.list(on: harness.store, topicID: fast.id).map(\.plan.number) == [1, 2, 3])
        #expect(try await BatchStorage.list(on: harness.store, topicID: slow.id).map(\.plan.number) == [1, 2, 3])
        #expect(summary.done == 6)
    }

    @Test func aBatchThatStoresNoCardsDoesNotReopenTheQueue() async throws {
        // The same three questions every time: the second batch keeps none of them.
        let transport = StubTransport { request, _ in RefillHarness.reply(for: request, index: 0) }
        let options = RefillOptions(workerID: "test:1", topUp: true)
        let harness = try await RefillHarness(transport: transport, options: options)
        let topics = try await harness.subscribe(["Rome"])

        let summary = try await harness.worker.runRound()

        #expect(summary.claimed == 2)
        #expect(summary.done == 2)
        #expect(summary.cardsStored == 3)
        #expect(try await BatchStorage.list(on: harness.store, topicID: topics[0].id).count == 2)
        #expect(transport.requests.count == 2)
    }
}
