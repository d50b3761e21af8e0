import FCCore
import FCScheduler
import Foundation

/// Scheduling throughput in memory: reviews per second through ``Scheduler`` (the type the store path uses) for
/// each algorithm, no I/O.
///
/// Target: ≥ 5,000,000 FSRS reviews/s (the issue; py-fsrs does about 150,000/s on these machines). badger and
/// leitner are reported for comparison. 10,000 cards are reviewed in rounds, each on its due date, with a fixed
/// rating pattern (mostly Good, some Fail, Difficult and Easy) so every phase and branch is exercised; fuzz is
/// off for FSRS (its default) and on for badger (its default), drawn from one `SplitMix64`.
enum SchedulerThroughputBenchmark {
    static let name = "scheduler-throughput"
    static let targetFSRS = 5_000_000.0
    static let cards = 10_000
    static let rounds = 200

    static let benchmark = Benchmark(
        name: name, summary: "in-memory reviews/s for fsrs (target ≥ 5M/s), badger and leitner"
    ) {
        for algorithm in [SchedulingAlgorithm.fsrs, .badger, .leitner] {
            let scheduler = Scheduler(algorithm: algorithm)
            _ = run(scheduler, rounds: 5)  // warm-up: page in code and data
            let (checksum, measurement) = await measure { run(scheduler, rounds: rounds) }
            let rate = Double(cards * rounds) / measurement.wallSeconds
            progress("\(name): \(algorithm.rawValue) \(Int(rate)) reviews/s (checksum \(checksum))")
            report(
                BenchmarkResult(
                    benchmark: name, metric: "\(algorithm.rawValue).reviews_per_second", value: rate,
                    unit: "reviews/s", goal: algorithm == .fsrs ? .atLeast(targetFSRS) : .none))
        }
    }

    /// Reviews every card `rounds` times, each review at the card's due time; returns a checksum of the due
    /// dates so the optimiser cannot drop the work.
    static func run(_ scheduler: Scheduler, rounds: Int) -> Int64 {
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        var states = [CardState](repeating: CardState(newAt: start), count: cards)
        var generator = SplitMix64(seed: 42)
        var checksum: Int64 = 0
        for round in 0..<rounds {
            for index in states.indices {
                let card = states[index]
                let outcome = scheduler.review(
                    card, rating: rating(card: index, round: round), at: card.due, using: &generator)
                states[index] = outcome.card
                checksum &+= Int64(outcome.interval)
            }
        }
        return checksum
    }

    /// A fixed pattern: 1 in 11 Fail, 1 in 7 Difficult, 1 in 13 Easy, the rest Good.
    static func rating(card: Int, round: Int) -> Rating {
        let key = card &* 31 &+ round
        if key % 11 == 0 { return .fail }
        if key % 7 == 0 { return .difficult }
        if key % 13 == 0 { return .easy }
        return .good
    }
}
