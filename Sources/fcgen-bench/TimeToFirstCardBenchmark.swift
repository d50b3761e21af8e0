import FCCore
import FCGenerator
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Synchronization

/// How soon a streamed batch shows its first card: the stub streams 15 cards evenly over 5 s, and the real
/// OpenAI-compatible provider, the pipeline and a SQLite store run as `fcgen generate --stream` does.
///
/// Per batch, from the batch's request going out: the first `card streamed` event, and the batch being stored (the
/// full reply, sanitized and committed). The figure that matters is their ratio (goal ≤ 0.15); without streaming it
/// would be 1. Three batches run one after another; the worst ratio is reported.
///
/// Pipeline and stub share this process: the figures are times between events, not this process's CPU or memory, and
/// the stub's pacing (a piece every 5 s / 40 or so) leaves the cores idle in between, as the stub in another process
/// did.
enum TimeToFirstCardBenchmark {
    static let name = "time-to-first-card"
    static let batches = 3
    static let replySeconds = 5.0

    static let benchmark = Benchmark(
        name: name, summary: "\(batches) batches, stub streams 15 cards over \(replySeconds) s each"
    ) {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let database = FileManager.default.temporaryDirectory
            .appendingPathComponent("fcgen-bench-ttfc-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: database) }
        let marks = Marks()
        try await HTTPClientTransport.withTransport(maxConnectionsPerHost: 1) { transport in
            let settings = ProviderSettings(
                kind: .openai, baseURL: server.url("/openai-stream/\(replySeconds)/v1"), model: "stub-model",
                timeoutSeconds: 60, structuredOutput: .jsonObject)
            let clock = ContinuousClock()
            let provider = makeProvider(
                settings, transport: transport, clock: clock, random: RandomSource(seed: 1), events: { _ in })
            let pipeline = Pipeline(
                store: try await Store.open(path: database, now: .system), provider: provider, templates: .builtIn,
                clock: clock, events: { marks.record($0) })
            progress("\(name): \(batches) batches…")
            _ = try await pipeline.generate(
                topic: "Roman history", batches: batches, options: GenerationOptions(concurrency: 1, stream: true))
        }
        var worst = 0.0
        var firsts: [Double] = []
        var fulls: [Double] = []
        for number in 1...batches {
            guard let started = marks.started[number], let first = marks.firstCard[number],
                let stored = marks.stored[number], marks.streamedCount[number] == 15
            else { throw BenchmarkFailure("batch \(number) did not stream 15 cards") }
            let firstSeconds = seconds(first - started)
            let fullSeconds = seconds(stored - started)
            progress("\(name): batch \(number): first card \(format(firstSeconds)) s, stored \(format(fullSeconds)) s")
            firsts.append(firstSeconds)
            fulls.append(fullSeconds)
            worst = max(worst, firstSeconds / fullSeconds)
        }
        report(.init(benchmark: name, metric: "first_card", value: firsts.max() ?? 0, unit: "seconds"))
        report(.init(benchmark: name, metric: "full_reply", value: fulls.min() ?? 0, unit: "seconds"))
        report(.init(benchmark: name, metric: "first_card_share", value: worst, unit: "ratio", goal: .atMost(0.15)))
    }

    /// When each batch started, showed its first card and was stored.
    final class Marks: Sendable {
        private struct State {
            var started: [Int: ContinuousClock.Instant] = [:]
            var firstCard: [Int: ContinuousClock.Instant] = [:]
            var stored: [Int: ContinuousClock.Instant] = [:]
            var streamedCount: [Int: Int] = [:]
        }

        private let state = Mutex(State())

        var started: [Int: ContinuousClock.Instant] { state.withLock { $0.started } }
        var firstCard: [Int: ContinuousClock.Instant] { state.withLock { $0.firstCard } }
        var stored: [Int: ContinuousClock.Instant] { state.withLock { $0.stored } }
        var streamedCount: [Int: Int] { state.withLock { $0.streamedCount } }

        func record(_ event: PipelineEvent) {
            let now = ContinuousClock.now
            state.withLock { state in
                switch event {
                case .batchStarted(_, let plan): state.started[plan.number] = now
                case .cardStreamed(_, let number, _, _):
                    if state.firstCard[number] == nil { state.firstCard[number] = now }
                    state.streamedCount[number, default: 0] += 1
                case .batchStored(_, let summary): state.stored[summary.number] = now
                default: break
                }
            }
        }
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    private static func format(_ value: Double) -> String { String(format: "%.3f", value) }
}
