import FCCore
import FCGenerator
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Testing

/// The usage ledger as the pipeline writes it, `--max-cost` and the worker's daily budgets.
struct BudgetPipelineTests {
    /// $1 per million input tokens, $2 per million output tokens; replies may be at most 1,000 tokens.
    static let pricing = Pricing(
        prices: PriceTable(["stub-model": ModelPrice(inputPerMillion: 1, outputPerMillion: 2)]), model: "stub-model",
        maxOutputTokens: 1000)

    /// Reply `index` (from 1): three new questions, and usage no other reply reports.
    static func reply(_ index: Int) -> StubTransport.Reply {
        .json(
            PipelineFixtures.openAIBody(
                content: PipelineFixtures.cardsJSON((1...3).map { "Question \($0) of reply \(index)?" }),
                promptTokens: 100 + index, completionTokens: 200 + 10 * index))
    }

    static func cost(_ index: Int) -> Double { (Double(100 + index) + 2 * Double(200 + 10 * index)) / 1_000_000 }

    /// A pipeline on `database` whose provider is `transport`, priced by `pricing`.
    static func pipeline(_ transport: StubTransport, _ database: TemporaryDatabase, pricing: Pricing = pricing)
        async throws -> Pipeline
    {
        let settings = ProviderSettings(
            kind: .openai, baseURL: URL(string: "http://127.0.0.1:9/v1"), model: "stub-model",
            structuredOutput: .jsonObject, retry: RetryPolicy(maxAttempts: 1))
        let provider = makeProvider(
            settings, transport: transport, clock: ImmediateClock(), random: RandomSource(seed: 7), events: { _ in })
        let store = try await Store.open(
            path: database.path, now: .constant(Date(timeIntervalSince1970: 1_700_000_000)))
        return Pipeline(
            store: store, provider: provider, templates: .builtIn, clock: ImmediateClock(), pricing: pricing)
    }

    @Test func theLedgerHoldsExactlyWhatTheProviderReportedAndWhatItCost() async throws {
        let database = await TemporaryDatabase.make()
        let transport = StubTransport(replies: (1...5).map(Self.reply))
        let pipeline = try await Self.pipeline(transport, database)
        let stored = try await pipeline.generate(
            topic: "Rome", batches: 5, options: GenerationOptions(concurrency: 3))
        #expect(stored.count == 5)

        let lines = try await UsageLedger.report(on: pipeline.store, since: 0)
        let line = try #require(lines.first)
        #expect(lines.count == 1)
        #expect(line.requests == 5)
        #expect(line.inputTokens == (1...5).map { 100 + $0 }.reduce(0, +))
        #expect(line.outputTokens == (1...5).map { 200 + 10 * $0 }.reduce(0, +))
        let expected = (1...5).map(Self.cost).reduce(0, +)
        #expect(abs((line.costUSD ?? 0) - expected) < 1e-12)
        #expect(line.unpricedRequests == 0)
    }

    @Test func aRunBudgetStopsBeforeTheRequestThatWouldCrossItAndKeepsWhatWasStored() async throws {
        let database = await TemporaryDatabase.make()
        let transport = StubTransport(replies: (1...10).map(Self.reply))
        let pipeline = try await Self.pipeline(transport, database)
        // The worst case of one request is ≈ $0.0027 (its prompt, plus 1,000 output tokens at $2); each reply
        // costs ≈ $0.0005. $0.004 lets a few batches through and stops the run well before the tenth.
        let budget = RunBudget(limit: 0.004)
        var options = GenerationOptions(concurrency: 1)
        options.budget = budget

        let error = await #expect(throws: PipelineError.self) {
            _ = try await pipeline.generate(topic: "Rome", batches: 10, options: options)
        }
        guard case .batchFailed(_, let batch, let storedBefore, let underlying) = error,
            let refusal = underlying as? BudgetExceeded
        else {
            Issue.record("expected a batch refused by the budget, got \(String(describing: error))")
            return
        }
        #expect(storedBefore >= 1 && storedBefore < 9)
        #expect(batch == storedBefore + 1)
        #expect(refusal.batch == batch)
        #expect(refusal.scope == .run)
        // No request went out for the refused batch, and every earlier one was stored.
        #expect(transport.requests.count == storedBefore)
        let topic = try #require(try await Topics.named(on: pipeline.store, "Rome"))
        #expect(try await BatchStorage.list(on: pipeline.store, topicID: topic.id).count == storedBefore)
        let spent = (1...storedBefore).map(Self.cost).reduce(0, +)
        #expect(abs(budget.spent - spent) < 1e-12)
        #expect(abs(refusal.spent - spent) < 1e-12)
        #expect(refusal.spent + refusal.estimate > 0.004)
        #expect(refusal.description.contains("stopped before its request was sent"))
    }

    @Test func aBudgetOnAModelWithoutAPriceSendsNothingAndNamesTheModel() async throws {
        let database = await TemporaryDatabase.make()
        let transport = StubTransport(replies: [Self.reply(1)])
        let pipeline = try await Self.pipeline(transport, database, pricing: Pricing(model: "stub-model"))
        var options = GenerationOptions()
        options.budget = RunBudget(limit: 1)
        await #expect {
            _ = try await pipeline.generate(topic: "Rome", batches: 1, options: options)
        } throws: { error in
            guard case PipelineError.batchFailed(_, _, _, let underlying) = error,
                case PipelineError.priceMissing(let model) = underlying
            else { return false }
            return model == "stub-model" && "\(underlying)".contains("\"prices\"")
        }
        #expect(transport.requests.isEmpty)
    }

    @Test func aReplyRefusedUnderStrictIsStillCountedAsPaid() async throws {
        let database = await TemporaryDatabase.make()
        let transport = StubTransport(replies: [
            .json(PipelineFixtures.openAIBody(content: "nothing useful", promptTokens: 77, completionTokens: 33))
        ])
        let pipeline = try await Self.pipeline(transport, database)
        await #expect(throws: PipelineError.self) {
            _ = try await pipeline.generate(topic: "Rome", batches: 1, options: GenerationOptions(strict: true))
        }
        #expect(try await Topics.named(on: pipeline.store, "Rome") == nil, "nothing stored")
        let lines = try await UsageLedger.report(on: pipeline.store, since: 0)
        #expect(lines.map(\.topic) == ["Rome"])
        #expect(lines.map(\.inputTokens) == [77])
        #expect(lines.map(\.outputTokens) == [33])
    }

    @Test func aReplyThatArrivedAfterAnEarlierBatchFailedIsStillCountedAsPaid() async throws {
        let database = await TemporaryDatabase.make()
        let arrived = AsyncStream<Void>.makeStream()
        // Batch 1's request fails, but only once batch 2's reply has been sent: batch 2 is paid and never stored.
        let transport = StubTransport { request, _ in
            // Batch 2 asks for the second aspect of the fixed list.
            guard !String(decoding: request.body, as: UTF8.self).contains("key figures") else {
                arrived.continuation.yield()
                let body = PipelineFixtures.openAIBody(
                    content: PipelineFixtures.cardsJSON(["A later question?"]), promptTokens: 55,
                    completionTokens: 66)
                return LLMHTTPResponse(status: 200, headers: [:], body: Data(body.utf8))
            }
            // Whether batch 2's task has handed its reply over by now or not, the reply was paid for.
            for await _ in arrived.stream { break }
            return LLMHTTPResponse(status: 401, headers: [:], body: Data(#"{"error":{"message":"bad key"}}"#.utf8))
        }
        let pipeline = try await Self.pipeline(transport, database)
        await #expect(throws: PipelineError.self) {
            _ = try await pipeline.generate(topic: "Rome", batches: 2, options: GenerationOptions(concurrency: 2))
        }
        #expect(try await Topics.named(on: pipeline.store, "Rome") == nil)
        let lines = try await UsageLedger.report(on: pipeline.store, since: 0)
        #expect(lines.map(\.inputTokens) == [55])
        #expect(lines.map(\.outputTokens) == [66])
        #expect(lines.map(\.requests) == [1])
    }

    @Test func aReplyThatArrivesWhileAFailureCancelsItsBatchIsStillCountedAsPaid() async throws {
        let database = await TemporaryDatabase.make()
        // Batch 1 fails at once; batch 2's reply comes in only as the failure cancels its task.
        let transport = StubTransport { request, _ in
            guard String(decoding: request.body, as: UTF8.self).contains("key figures") else {
                return LLMHTTPResponse(status: 401, headers: [:], body: Data(#"{"error":{"message":"bad key"}}"#.utf8))
            }
            while !Task.isCancelled { await Task.yield() }
            let body = PipelineFixtures.openAIBody(
                content: PipelineFixtures.cardsJSON(["A later question?"]), promptTokens: 44, completionTokens: 88)
            return LLMHTTPResponse(status: 200, headers: [:], body: Data(body.utf8))
        }
        let pipeline = try await Self.pipeline(transport, database)
        await #expect(throws: PipelineError.self) {
            _ = try await pipeline.generate(topic: "Rome", batches: 2, options: GenerationOptions(concurrency: 2))
        }
        #expect(try await Topics.named(on: pipeline.store, "Rome") == nil, "nothing stored")
        let lines = try await UsageLedger.report(on: pipeline.store, since: 0)
        #expect(lines.map(\.inputTokens) == [44])
        #expect(lines.map(\.outputTokens) == [88])
    }

    @Test func aWorkerSkipsATopicWhoseDailyBudgetIsSpentAndTheJobStaysQueued() async throws {
        let transport = StubTransport(replies: (1...3).map(Self.reply))
        let harness = try await RefillHarness(transport: transport, pricing: Self.pricing)
        let (topic, other) = try await {
            let topics = try await harness.subscribe(["Rome", "Greece"])
            return (topics[0], topics[1])
        }()
        // Less than any request's worst case.
        try await UsageLedger.setDailyBudget(on: harness.store, 0.0001, topicID: topic.id)

        let summary = try await harness.worker.runRound()
        #expect(summary.deferred == 1)
        #expect(summary.done == 1, "the other topic is refilled")
        #expect(summary.outcome == .succeeded, "skipped, not failed")
        #expect(transport.requests.count == 1)
        let job = try #require(try await RefillJobs.list(on: harness.store, topicID: topic.id).first)
        #expect(job.status == .queued)
        #expect(job.attempts == 0)
        #expect(job.lastError?.hasPrefix("budget: $0.0000 spent of topic \"Rome\"'s $0.0001 daily budget") == true)
        let midnight = (harness.time.date.timeIntervalSince1970 / 86_400).rounded(.down) * 86_400 + 86_400
        #expect(job.runAfter.timeIntervalSince1970 == midnight)
        #expect(try await RefillJobs.list(on: harness.store, topicID: other.id).first?.status == .done)
        #expect(harness.events.names.contains("deferred"))
    }

    @Test func theOverallDailyBudgetStopsEveryClaimForTheDay() async throws {
        let transport = StubTransport(replies: (1...3).map(Self.reply))
        let harness = try await RefillHarness(
            transport: transport, options: RefillOptions(workerID: "test:1", concurrency: 1, dailyBudget: 0.0001),
            pricing: Self.pricing)
        try await harness.subscribe(["Rome", "Greece", "Egypt"])

        let summary = try await harness.worker.runRound()
        #expect(summary.enqueued == 3)
        #expect(summary.claimed == 1, "the first refusal ends the day's claims")
        #expect(summary.deferred == 1)
        #expect(transport.requests.isEmpty)
        let statuses = try await RefillJobs.list(on: harness.store).map(\.status)
        #expect(statuses == [.queued, .queued, .queued])
    }

    @Test func aTopicBudgetOnAModelWithoutAPriceKillsTheJobWithTheModelsName() async throws {
        let transport = StubTransport(replies: [Self.reply(1)])
        let harness = try await RefillHarness(transport: transport, pricing: Pricing(model: "stub-model"))
        let topic = try #require(try await harness.subscribe(["Rome"]).first)
        try await UsageLedger.setDailyBudget(on: harness.store, 1, topicID: topic.id)

        let summary = try await harness.worker.runRound()
        #expect(summary.dead == 1)
        #expect(transport.requests.isEmpty)
        let job = try #require(try await RefillJobs.list(on: harness.store, topicID: topic.id).first)
        #expect(job.lastError?.hasPrefix("no price for model \"stub-model\"") == true)
    }
}
