import FCCore
import FCGenerator
import FCPipeline
import FCStore
import FCTestSupport
import Foundation

/// One `Pipeline.generate` run against the loopback stub, performed in a child process of `fcgen-bench`
/// (see ``BenchChildRun`` for why a child).
struct PipelineRun: Codable {
    /// The OpenAI-compatible base URL, e.g. `http://127.0.0.1:PORT/openai/0.5/v1`.
    var baseURL: String
    var batches: Int
    var concurrency: Int

    static let childFlag = "--pipeline-child"
    static let cardsPerBatch = 15

    /// What the child measured.
    struct Result: Codable {
        /// Wall time, CPU and peak RSS of the measured stretch.
        var measurement: Measurement
        var storedBatches: Int
        var storedCards: Int
    }

    /// Runs in the child: a real store on a temporary file, the openai provider on HTTPClientTransport, one topic.
    func perform() async throws -> Result {
        guard let url = URL(string: baseURL) else { throw BenchmarkFailure("bad base URL \(baseURL)") }
        let database = await TemporaryDatabase.make(label: "fcgen-bench-pipeline")
        let store = try await Store.open(path: database.path, now: .system)
        let clock = ContinuousClock()
        let settings = ProviderSettings(
            kind: .openai, baseURL: url, model: "stub-model", timeoutSeconds: 30, structuredOutput: .jsonObject,
            retry: RetryPolicy(maxAttempts: 1))  // a retry would hide a failure inside the wall time: fail instead
        let provider = makeProvider(
            settings, transport: TestHTTPClient.transport(), clock: clock,
            random: RandomSource(seed: 7), events: { _ in })
        let pipeline = Pipeline(store: store, provider: provider, templates: .builtIn, clock: clock)
        let options = GenerationOptions(cardsPerBatch: Self.cardsPerBatch, concurrency: concurrency)

        let (summaries, measurement) = try await measure {
            try await pipeline.generate(topic: "Roman history", batches: batches, options: options)
        }
        let notStrict = summaries.filter { $0.outcome != .strict }.count
        guard notStrict == 0 else { throw BenchmarkFailure("\(notStrict) batches were not strict") }
        // Every card is a distinct fact (the stub's `StubCard`): a drop means a rule or the stub went wrong, and a
        // run that stores less does less work than the figure claims.
        let kept = summaries.reduce(0) { $0 + $1.kept }
        let asked = batches * Self.cardsPerBatch
        guard kept == asked else {
            var dropped: [String: Int] = [:]
            for summary in summaries { dropped.merge(summary.dropped, uniquingKeysWith: +) }
            let reasons = dropped.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            throw BenchmarkFailure("stored \(kept) of the \(asked) cards asked for; dropped: \(reasons)")
        }
        return Result(
            measurement: measurement, storedBatches: summaries.count,
            storedCards: summaries.reduce(0) { $0 + $1.kept })
    }

    /// Runs in the parent: the child run (``BenchChildRun/launchChild()``), then a check that everything was stored.
    func launch() async throws -> Result {
        let result = try await launchChild()
        let expectedCards = batches * Self.cardsPerBatch
        guard result.storedBatches == batches, result.storedCards == expectedCards else {
            throw BenchmarkFailure(
                "stored \(result.storedBatches) batches and \(result.storedCards) cards, expected \(batches) and "
                    + "\(expectedCards)")
        }
        return result
    }
}

extension PipelineRun: BenchChildRun {}
