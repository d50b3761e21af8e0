import FCCore
import FCPipeline
import FCStore
import FCTestSupport
import Foundation

/// Cards per second through `Store.storeBatch`, the path every generated batch takes.
///
/// 20,000 batches of 15 distinct cards (300,000 cards) across 10 topics, into a fresh WAL database in a temporary
/// file. Batches are built in chunks outside the timed stretch, so the figure is the store's own cost (dedup keys,
/// the transaction, the inserts) and the generator's memory stays small. Afterwards the database must hold every
/// card at contiguous positions.
enum StoreBenchmark {
    static let name = "store"
    static let topics = 10
    static let batchesPerTopic = 2_000
    static let cardsPerBatch = 15
    static let chunk = 250

    static let benchmark = Benchmark(
        name: name,
        summary: "\(topics * batchesPerTopic) batches × \(cardsPerBatch) cards into a temp-file WAL database"
    ) {
        let database = await TemporaryDatabase.make(label: "fcgen-bench-store")
        let store = try await Store.open(
            path: database.path, now: .constant(Date(timeIntervalSince1970: 1_700_000_000)))
        var generator = CardTextGenerator(seed: 3)
        var storedCards = 0
        var elapsed = Duration.zero
        var (userCPU, systemCPU) = (0.0, 0.0)
        let clock = ContinuousClock()
        for topicIndex in 0..<topics {
            let topic = try await Topics.ensure(on: store, named: "Topic \(topicIndex + 1)")
            for chunkStart in stride(from: 1, through: batchesPerTopic, by: chunk) {
                let numbers = chunkStart..<min(chunkStart + chunk, batchesPerTopic + 1)
                let batches = numbers.map { makeBatch(topicID: topic.id, number: $0, generator: &generator) }
                let (cpuBefore, start) = (ResourceUsage.cpu(), clock.now)
                for batch in batches {
                    storedCards += try await BatchStorage.store(on: store, batch).cards.count
                }
                elapsed += clock.now - start
                let cpuAfter = ResourceUsage.cpu()
                userCPU += cpuAfter.user - cpuBefore.user
                systemCPU += cpuAfter.system - cpuBefore.system
            }
        }

        let expected = topics * batchesPerTopic * cardsPerBatch
        guard storedCards == expected else {
            throw BenchmarkFailure("stored \(storedCards) of \(expected) cards: duplicates in the generated text?")
        }
        try await verify(store, expectedCards: expected)
        let rate = Double(storedCards) / elapsed.seconds
        progress(
            "\(name): \(storedCards) cards in \(String(format: "%.3f", elapsed.seconds)) s of storeBatch, CPU "
                + "\(String(format: "%.2f", userCPU)) s user + \(String(format: "%.2f", systemCPU)) s system")
        report(
            .init(benchmark: name, metric: "cards_per_second", value: rate, unit: "cards/s", goal: .atLeast(200_000)))
        report(
            .init(
                benchmark: name, metric: "batch_latency",
                value: elapsed.seconds / Double(topics * batchesPerTopic) * 1e6,
                unit: "µs"))
    }

    /// The batch with number `number`: 15 distinct cards, as the sanitizer would hand them over.
    static func makeBatch(topicID: Int64, number: Int, generator: inout CardTextGenerator) -> NewBatch {
        let cards = (0..<cardsPerBatch).map { index in
            let card = generator.card((number - 1) * cardsPerBatch + index)
            return CardDraft(
                kind: card.kind, question: card.question, answer: card.answer, explanation: card.explanation,
                origin: .generated)
        }
        return NewBatch(
            topicID: topicID,
            plan: BatchPlan(number: number, aspect: "aspect \(number % 12)", depth: .intermediate),
            provider: "openai", model: "gpt-4o-mini", promptHash: "9f86d081884c7d65", outcome: .strict,
            usage: TokenUsage(input: 412, output: 1_630), latencyMilliseconds: 8_120, cards: cards)
    }

    /// Every card is there, each topic's positions run 1…n without a gap, and SQLite finds nothing wrong.
    private static func verify(_ store: Store, expectedCards: Int) async throws {
        let count = try await store.scalarInteger("SELECT COUNT(*) FROM cards") ?? -1
        let gaps =
            try await store.scalarInteger(
                "SELECT COUNT(*) FROM (SELECT topic_id FROM cards GROUP BY topic_id HAVING MIN(position) != 1"
                    + " OR MAX(position) != COUNT(*) OR COUNT(DISTINCT position) != COUNT(*))") ?? -1
        let integrity = try await store.integrityCheck()
        guard count == Int64(expectedCards), gaps == 0, integrity == "ok" else {
            throw BenchmarkFailure(
                "store check failed: \(count) cards, \(gaps) topics with gaps, integrity \(integrity)")
        }
    }
}
