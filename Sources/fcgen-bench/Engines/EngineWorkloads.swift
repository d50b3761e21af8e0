import FCCore
import FCPipeline
import FCScheduler
import FCStore
import Foundation

/// The workloads of the `engines` benchmark, each on a fresh database of one engine, the same on both.
///
/// Smaller than the single-engine benchmarks (`store`, `review-recording`) so that a PostgreSQL run, a network round
/// trip per statement, ends in minutes; the figures are rates, so sizes only need to be large enough to be steady.
enum EngineWorkloads {
    static let storeBatches = 1_000
    static let reviewCards = 500
    static let reviewRounds = 4
    static let batchedReviewCards = 1_000
    static let batchedReviewRounds = 5
    static let reviewsPerTransaction = 100
    static let dueCards = 1_000_000
    static let claimJobs = 3_000
    static let claimers = 3

    /// Median milliseconds of the smallest read: `store.read` with one `SELECT 1` (on PostgreSQL three round trips:
    /// `BEGIN`, the query, `COMMIT`). What every statement of the other workloads pays at least once.
    static func smallestRead(in database: EngineTarget.Database) async throws -> Double {
        let store = try await Store.open(path: database.location, now: .system)
        return try await NextDueBenchmark.medianMilliseconds {
            guard try await store.read({ try await $0.scalarInteger("SELECT 1") }) == 1 else {
                throw BenchmarkFailure("SELECT 1 did not return 1")
            }
        }
    }

    /// Cards per second stored through `storeBatch`, in 15-card batches (one transaction each), over 10 topics.
    static func storeCards(in database: EngineTarget.Database) async throws -> Double {
        let store = try await Store.open(
            path: database.location, now: .constant(Date(timeIntervalSince1970: 1_700_000_000)))
        var generator = CardTextGenerator(seed: 3)
        var batches: [NewBatch] = []
        for topicIndex in 0..<10 {
            let topic = try await Topics.ensure(on: store, named: "Topic \(topicIndex + 1)")
            for number in 1...(storeBatches / 10) {
                batches.append(StoreBenchmark.makeBatch(topicID: topic.id, number: number, generator: &generator))
            }
        }
        let (stored, measurement) = try await measure {
            var stored = 0
            for batch in batches { stored += try await BatchStorage.store(on: store, batch).cards.count }
            return stored
        }
        let expected = batches.count * StoreBenchmark.cardsPerBatch
        guard stored == expected else { throw BenchmarkFailure("stored \(stored) of \(expected) cards") }
        return Double(stored) / measurement.wallSeconds
    }

    /// Reviews per second through ``ReviewRecorder`` with gamification (badger), one per transaction or
    /// ``reviewsPerTransaction`` per transaction, as `review-recording` measures them.
    static func reviews(in database: EngineTarget.Database, batched: Bool) async throws -> Double {
        // The cards exist before the first review: a review dated before its card is refused.
        let store = try await Store.open(
            path: database.location, now: .constant(Date(timeIntervalSince1970: 1_699_000_000)))
        let user = try await Learners.ensure(on: store, named: User.defaultName)
        let recorder = ReviewRecorder(store: store, gamifier: Gamifier(random: RandomSource(seed: 42)), now: .system)
        let (cards, rounds) = batched ? (batchedReviewCards, batchedReviewRounds) : (reviewCards, reviewRounds)
        let cardIDs = try await makeTopic(cards: cards, in: store)
        let answers = answers(userID: user.id, cardIDs: cardIDs, rounds: rounds)
        let before = try await store.write("bench round trips") { $0.roundTrips }
        let (_, measurement) = try await measure {
            if batched {
                for start in stride(from: 0, to: answers.count, by: reviewsPerTransaction) {
                    try await recorder.record(Array(answers[start..<min(start + reviewsPerTransaction, answers.count)]))
                }
            } else {
                for answer in answers { try await record(answer, with: recorder) }
            }
        }
        let after = try await store.write("bench round trips") { $0.roundTrips }
        // Between the two reads: the first one's commit (a statement and a wait) and the second one's BEGIN.
        let perReview = { (total: Int, reading: Int) in Double(max(0, total - reading)) / Double(answers.count) }
        let engine = database.location.hasPrefix("postgres") ? "postgres" : "sqlite"
        let waits = String(format: "%.2f", perReview(after.waits - before.waits, 1))
        let statements = String(format: "%.2f", perReview(after.statements - before.statements, 2))
        progress(
            "engines: \(batched ? "batched" : "single") reviews on \(engine): \(waits) waits and \(statements) "
                + "statements a review")
        try await expectReviews(answers.count, in: store)
        return Double(answers.count) / measurement.wallSeconds
    }

    /// Writers of ``concurrentReviews(in:)``, and rounds over ``reviewCards`` each one records.
    static let reviewWriters = 8
    static let concurrentReviewRounds = 1

    /// Reviews per second through ``ReviewRecorder`` with gamification, one per transaction, from
    /// ``reviewWriters`` tasks at once: each a learner of its own with a store of its own (its own write
    /// connection, as the service's hosts or processes have), reviewing the same badger topic. PostgreSQL runs
    /// their transactions side by side; SQLite queues them on its one write lock.
    static func concurrentReviews(in database: EngineTarget.Database) async throws -> Double {
        let setup = try await Store.open(
            path: database.location, now: .constant(Date(timeIntervalSince1970: 1_699_000_000)))
        let cardIDs = try await makeTopic(cards: reviewCards, in: setup)
        var writers: [(recorder: ReviewRecorder, answers: [ReviewInput])] = []
        for index in 0..<reviewWriters {
            let store = try await Store.open(path: database.location, now: .system)
            let user = try await Learners.ensure(on: store, named: "writer-\(index + 1)")
            let gamifier = Gamifier(random: RandomSource(seed: 42 + UInt64(index)))
            writers.append(
                (
                    ReviewRecorder(store: store, gamifier: gamifier, now: .system),
                    answers(userID: user.id, cardIDs: cardIDs, rounds: concurrentReviewRounds)
                ))
        }
        let total = writers.reduce(0) { $0 + $1.answers.count }
        let (_, measurement) = try await measure {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for writer in writers {
                    group.addTask {
                        for answer in writer.answers { try await record(answer, with: writer.recorder) }
                    }
                }
                try await group.waitForAll()
            }
        }
        try await expectReviews(total, in: setup)
        return Double(total) / measurement.wallSeconds
    }

    /// `rounds` answers to every card, one second apart, with the ratings `review-recording` uses.
    private static func answers(userID: Int64, cardIDs: [Int64], rounds: Int) -> [ReviewInput] {
        let first = Date(timeIntervalSince1970: 1_700_086_400)
        var answers: [ReviewInput] = []
        for round in 0..<rounds {
            for (index, cardID) in cardIDs.enumerated() {
                let rating = SchedulerThroughputBenchmark.rating(card: index, round: round)
                let time = first.addingTimeInterval(Double(answers.count))
                answers.append(ReviewInput(userID: userID, cardID: cardID, rating: rating, at: time))
            }
        }
        return answers
    }

    private static func record(_ answer: ReviewInput, with recorder: ReviewRecorder) async throws {
        try await recorder.record(userID: answer.userID, cardID: answer.cardID, rating: answer.rating, at: answer.time)
    }

    private static func expectReviews(_ count: Int, in store: Store) async throws {
        let recorded = try await store.scalarInteger("SELECT COUNT(*) FROM reviews") ?? 0
        guard recorded == Int64(count) else { throw BenchmarkFailure("recorded \(recorded) of \(count) reviews") }
    }

    /// A badger topic with `cards` cards in one batch; their ids.
    private static func makeTopic(cards: Int, in store: Store) async throws -> [Int64] {
        let topic = try await Topics.ensure(on: store, named: "Reviews")
        try await AlgorithmSwitch.setAlgorithm(on: store, .badger, topicID: topic.id)
        let drafts = (1...cards).map {
            CardDraft(question: "Review question \($0)?", answer: "Answer \($0)", origin: .manual)
        }
        let batch = NewBatch(
            topicID: topic.id, plan: BatchPlan(number: 1, aspect: "bench", depth: .intermediate), provider: "bench",
            model: "bench", promptHash: "bench", outcome: .strict, dropped: [:], usage: TokenUsage(input: 0, output: 0),
            latencyMilliseconds: 0, cards: drafts)
        return try await BatchStorage.store(on: store, batch).cards.map(\.id)
    }

    /// What ``nextDue(in:)`` measured, medians in milliseconds.
    struct NextDue {
        /// The store query for 50 due cards.
        var query: Double
        /// `StudyService.spacedQueue` for 50 cards (500 candidates read).
        var queue: Double
        /// The query when no learning card is due yet and 60 stronger cards are: the case where walking the index
        /// from the learner's first row would read the million learning rows first.
        var laterLevels: Double
        /// Wall time of inserting the cards and states (and, on PostgreSQL, `ANALYZE`).
        var loadSeconds: Double
    }

    /// Medians of the next 50 due cards of a learner with ``dueCards`` learning cards, half of them due (see
    /// ``NextDue``), as `next-due` measures them on SQLite alone.
    static func nextDue(in database: EngineTarget.Database) async throws -> NextDue {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let store = try await Store.open(path: database.location, now: .constant(now))
        let user = try await Learners.ensure(on: store, named: User.defaultName)
        let topic = try await Topics.ensure(on: store, named: "Next due")
        let span = 28.0 * 3600
        let (_, load) = try await measure {
            try await store.seedLearningCards(
                topicID: topic.id, userID: user.id, count: dueCards, firstDue: now.addingTimeInterval(-span / 2),
                dueStep: span / Double(dueCards))
            try await database.analyze()
        }
        var count = 0
        let query = try await NextDueBenchmark.medianMilliseconds {
            count = try await StudyReads.dueCandidates(on: store, userID: user.id, topicIDs: nil, until: now, limit: 50)
                .count
        }
        guard count == 50 else { throw BenchmarkFailure("expected 50 due cards, got \(count)") }
        let service = StudyService(store: store, now: .constant(now))
        let day = StudyDay(timeZone: TimeZone(secondsFromGMT: 0) ?? .current)
        var generator = SplitMix64(seed: 1)
        let queue = try await NextDueBenchmark.medianMilliseconds {
            count = try await service.spacedQueue(
                userID: user.id, topicIDs: nil, limit: 50, day: day, using: &generator
            ).count
        }
        guard count == 50 else { throw BenchmarkFailure("expected a queue of 50, got \(count)") }
        let firstDue = now.addingTimeInterval(-span / 2)
        _ = try await store.seedLearningCards(
            topicID: topic.id, userID: user.id, count: 60, firstDue: firstDue.addingTimeInterval(-86_400), dueStep: 60,
            level: 3)
        let beforeLearning = firstDue.addingTimeInterval(-1)
        let later = try await NextDueBenchmark.medianMilliseconds {
            count = try await StudyReads.dueCandidates(
                on: store, userID: user.id, topicIDs: nil, until: beforeLearning, limit: 50
            )
            .count
        }
        guard count == 50 else { throw BenchmarkFailure("expected 50 stronger due cards, got \(count)") }
        return NextDue(query: query, queue: queue, laterLevels: later, loadSeconds: load.wallSeconds)
    }

    /// Claims per second with ``claimers`` stores (each its own connections, as separate hosts have) claiming
    /// ``claimJobs`` queued refill jobs at once until none is left; every job must be claimed exactly once.
    static func claims(in database: EngineTarget.Database) async throws -> (rate: Double, split: [Int]) {
        let setup = try await Store.open(path: database.location, now: .system)
        try await setup.write("subscribe topics") { tx in
            for index in 1...claimJobs {
                let topic = try await Topics.ensure(named: "Claimed \(index)", in: tx)
                try await Topics.setPolicy(TopicPolicy(refillBelow: 1, batchSize: 15), topicID: topic.id, in: tx)
            }
        }
        let enqueued = try await RefillJobs.enqueueDue(on: setup, maxAttempts: 5).count
        guard enqueued == claimJobs else { throw BenchmarkFailure("enqueued \(enqueued) of \(claimJobs) jobs") }
        var stores: [Store] = []
        for _ in 0..<claimers { stores.append(try await Store.open(path: database.location, now: .system)) }
        let (claimed, measurement) = try await measure {
            try await withThrowingTaskGroup(of: [Int64].self) { group in
                for (index, store) in stores.enumerated() {
                    group.addTask {
                        var ids: [Int64] = []
                        while let job = try await RefillJobs.claimNext(
                            on: store, owner: "claimer-\(index)", lease: .seconds(600))
                        {
                            ids.append(job.id)
                        }
                        return ids
                    }
                }
                var all: [[Int64]] = []
                for try await ids in group { all.append(ids) }
                return all
            }
        }
        let ids = claimed.flatMap { $0 }
        guard ids.count == claimJobs, Set(ids).count == claimJobs else {
            throw BenchmarkFailure("\(ids.count) claims of \(Set(ids).count) distinct jobs; expected \(claimJobs) once")
        }
        return (Double(ids.count) / measurement.wallSeconds, claimed.map(\.count))
    }
}
