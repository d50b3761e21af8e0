import FCCore
import FCPipeline
import FCScheduler
import FCStore
import Foundation

/// Recording reviews through the real store path, gamification included: ``ReviewRecorder`` with a ``Gamifier`` →
/// `Store.recordReview` (read the card, its state and the recall window, schedule, write the review row and the
/// state, then the gamification step: awards, counters, the learner's state) on a temp-file WAL database with
/// `synchronous=NORMAL`, one review after another.
///
/// Measured two ways for the default algorithm (badger, recall targeting on): one `BEGIN IMMEDIATE` transaction per
/// review (`reviews_per_s_single`, what an interactive answer does; informational) and 100 reviews per transaction
/// (`reviews_per_s_batched_100`, `record(_:)`, what a front end syncing answers or a history import does). The
/// ≥ 20,000 reviews/s target applies to the batched figure. FSRS is reported for the single path. 2,000 cards are
/// reviewed in 10 rounds, one second apart, with a fixed rating pattern.
enum ReviewRecordingBenchmark {
    static let name = "review-recording"
    static let target = 20_000.0
    static let cards = 2_000
    static let rounds = 10

    static let benchmark = Benchmark(
        name: name,
        summary: "gamified reviews/s recorded through ReviewRecorder on a WAL file (target ≥ 20k/s batched by 100)"
    ) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fcgen-bench-reviews-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // The cards exist before the first review (dated from 2023-11-15 on): a review before its card is refused.
        let store = try await Store.open(
            path: directory.appendingPathComponent("reviews.sqlite").path,
            now: .constant(Date(timeIntervalSince1970: 1_699_000_000)))
        let user = try await Learners.ensure(on: store, named: User.defaultName)
        let recorder = ReviewRecorder(store: store, gamifier: Gamifier(random: RandomSource(seed: 42)), now: .system)
        // Each topic is studied in its own stretch of time, as a learner does (one topic per session).
        var start = Date(timeIntervalSince1970: 1_700_000_000)
        for (algorithm, batch) in [(SchedulingAlgorithm.badger, 1), (.badger, 100), (.fsrs, 1)] {
            start += 86_400
            let label = algorithm.rawValue + (batch > 1 ? ".batched_\(batch)" : ".single")
            let cardIDs = try await makeTopic("Reviews \(label)", algorithm: algorithm, in: store)
            let first = start
            let (count, measurement) = try await measure {
                var answers: [ReviewInput] = []
                for round in 0..<rounds {
                    for (index, cardID) in cardIDs.enumerated() {
                        let time = first.addingTimeInterval(Double(answers.count))
                        let rating = SchedulerThroughputBenchmark.rating(card: index, round: round)
                        answers.append(ReviewInput(userID: user.id, cardID: cardID, rating: rating, at: time))
                    }
                }
                if batch == 1 {
                    for answer in answers {
                        try await recorder.record(
                            userID: answer.userID, cardID: answer.cardID, rating: answer.rating, at: answer.time)
                    }
                } else {
                    for first in stride(from: 0, to: answers.count, by: batch) {
                        try await recorder.record(Array(answers[first..<min(first + batch, answers.count)]))
                    }
                }
                return answers.count
            }
            let rate = Double(count) / measurement.wallSeconds
            progress("\(name): \(label) \(count) reviews in \(measurement.wallSeconds) s")
            report(
                BenchmarkResult(
                    benchmark: name,
                    metric: "\(algorithm.rawValue).reviews_per_s_\(batch > 1 ? "batched_\(batch)" : "single")",
                    value: rate, unit: "reviews/s", goal: batch > 1 ? .atLeast(target) : .none))
            report(
                BenchmarkResult(
                    benchmark: name, metric: "\(label).cpu_microseconds_per_review",
                    value: measurement.cpuSeconds / Double(count) * 1e6, unit: "µs"))
            report(
                BenchmarkResult(
                    benchmark: name, metric: "\(label).cpu_per_wall", value: measurement.cpuPerWall, unit: "ratio"))
        }
    }

    /// A topic with ``cards`` cards under `algorithm`; returns their ids.
    static func makeTopic(_ name: String, algorithm: SchedulingAlgorithm, in store: Store) async throws -> [Int64] {
        let topic = try await Topics.ensure(on: store, named: name)
        try await AlgorithmSwitch.setAlgorithm(on: store, algorithm, topicID: topic.id)
        let drafts = (1...cards).map {
            CardDraft(question: "\(name) question \($0)?", answer: "Answer \($0)", origin: .manual)
        }
        let batch = NewBatch(
            topicID: topic.id, plan: BatchPlan(number: 1, aspect: "bench", depth: .intermediate), provider: "bench",
            model: "bench", promptHash: "bench", outcome: .strict, dropped: [:], usage: TokenUsage(input: 0, output: 0),
            latencyMilliseconds: 0, cards: drafts)
        return try await BatchStorage.store(on: store, batch).cards.map(\.id)
    }
}
