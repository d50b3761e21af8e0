import FCCore
import FCGenerator
import FCPipeline
import FCStore
import FCTestSupport
import Foundation

/// One refill-worker run against the loopback stub, performed in a child process of `fcgen-bench` (see
/// ``BenchChildRun``).
///
/// Set-up (not measured): a temporary-file store with `topics` topics, each subscribed with a policy that keeps it
/// due until it has `batchesPerTopic` batches. Measured: `RefillWorker.runRound()` called back to back, as a
/// worker that is behind would run them, until a round finds nothing to claim: one round with `topUp`, one round
/// per batch without. Then the child checks that every job is done and every topic has batches 1…n, so a failure
/// can't hide in the wall time.
struct WorkerRun: Codable {
    /// The OpenAI-compatible base URL, e.g. `http://127.0.0.1:PORT/openai/1/v1`.
    var baseURL: String
    var topics: Int
    var batchesPerTopic: Int
    var concurrency: Int
    /// ``RefillOptions/topUp``: whether a round enqueues again as its jobs finish.
    var topUp: Bool

    static let cardsPerBatch = 15

    var jobs: Int { topics * batchesPerTopic }

    /// What the child measured.
    struct Result: Codable {
        /// Wall time, CPU and peak RSS of the measured stretch.
        var measurement: Measurement
        var rounds: Int
        var jobsDone: Int
        var cardsStored: Int
    }

    /// Runs in the child: set-up, the measured rounds, then the correctness checks.
    func perform() async throws -> Result {
        guard let url = URL(string: baseURL) else { throw BenchmarkFailure("bad base URL \(baseURL)") }
        let database = await TemporaryDatabase.make(label: "fcgen-bench-worker")
        let store = try await Store.open(path: database.path, now: .system)
        // refill_below far above what 10 batches hold keeps each topic due until max_batches stops it.
        let policy = TopicPolicy(
            refillBelow: 1_000_000, batchSize: Self.cardsPerBatch, maxBatches: batchesPerTopic)
        var topicIDs: [Int64] = []
        for index in 1...topics {
            let topic = try await Topics.ensure(on: store, named: String(format: "Bench topic %03d", index))
            try await Topics.setPolicy(on: store, policy, topicID: topic.id)
            topicIDs.append(topic.id)
        }
        let worker = makeWorker(store: store, url: url)

        let (summaries, measurement) = try await measure {
            var summaries: [RoundSummary] = []
            while true {
                let summary = try await worker.runRound()
                guard summary.claimed > 0 else { break }
                summaries.append(summary)
            }
            return summaries
        }
        try await check(store: store, topicIDs: topicIDs, summaries: summaries)
        return Result(
            measurement: measurement, rounds: summaries.count,
            jobsDone: summaries.reduce(0) { $0 + $1.done }, cardsStored: summaries.reduce(0) { $0 + $1.cardsStored })
    }

    /// The openai provider over HTTPClientTransport and a worker with `concurrency` slots on a real clock.
    private func makeWorker(store: Store, url: URL) -> RefillWorker {
        let clock = ContinuousClock()
        let settings = ProviderSettings(
            kind: .openai, baseURL: url, model: "stub-model", timeoutSeconds: 30, structuredOutput: .jsonObject,
            retry: RetryPolicy(maxAttempts: 1))  // a retry would hide a failure inside the wall time: fail instead
        let provider = makeProvider(
            settings, transport: TestHTTPClient.transport(), clock: clock,
            random: RandomSource(seed: 7), events: { _ in })
        let pipeline = Pipeline(store: store, provider: provider, templates: .builtIn, clock: clock)
        // One attempt: a failed job is dead at once and shows up in the checks instead of waiting out a backoff.
        let options = RefillOptions(
            workerID: "fcgen-bench:\(ProcessInfo.processInfo.processIdentifier)", concurrency: concurrency,
            maxAttempts: 1, defaultBatchSize: Self.cardsPerBatch, topUp: topUp)
        return RefillWorker(pipeline: pipeline, options: options, clock: clock, random: RandomSource(seed: 11))
    }

    /// Every job done, none failed, and each topic holds batches 1…n with all their cards.
    private func check(store: Store, topicIDs: [Int64], summaries: [RoundSummary]) async throws {
        let failed = summaries.reduce(0) { $0 + $1.retryLater + $1.dead + $1.released + $1.leaseLost }
        guard failed == 0 else { throw BenchmarkFailure("\(failed) jobs did not finish") }
        let done = try await RefillJobs.list(on: store, status: .done).count
        let all = try await RefillJobs.list(on: store).count
        guard done == jobs, all == jobs else {
            throw BenchmarkFailure("\(done) of \(all) jobs done, expected \(jobs) of \(jobs)")
        }
        for topicID in topicIDs {
            let numbers = try await BatchStorage.list(on: store, topicID: topicID).map(\.plan.number)
            guard numbers == Array(1...batchesPerTopic) else {
                throw BenchmarkFailure("topic \(topicID) has batches \(numbers), expected 1…\(batchesPerTopic)")
            }
            let cards = try await Cards.inTopic(on: store, topicID: topicID).count
            guard cards == batchesPerTopic * Self.cardsPerBatch else {
                throw BenchmarkFailure("topic \(topicID) has \(cards) cards")
            }
        }
        guard try await store.integrityCheck() == "ok" else { throw BenchmarkFailure("integrity check failed") }
    }
}

extension WorkerRun: BenchChildRun {
    static let childFlag = "--worker-child"
}
