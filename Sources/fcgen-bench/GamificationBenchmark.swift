import FCCore
import FCGamification
import FCPipeline
import FCStore
import Foundation

/// Gamification through the store: review events per second (scheduler + engine + store), and the profile of a
/// learner with 1,000,000 past reviews.
///
/// Events are processed two ways: one `BEGIN IMMEDIATE` transaction each (`events_per_s_single`, as `fcgen review`
/// records an answer; informational) and 100 per transaction (`events_per_s_batched_100`, as a front end syncing
/// answers or bulk event processing does: `ReviewRecorder.record(_:)`). The ≥ 20,000 events/s target applies to the
/// batched figure. Profile ≤ 20 ms (it reads running totals, so the review count must not matter).
enum GamificationBenchmark {
    static let name = "gamification"
    static let events = 20_000
    static let reviewsPerDay = 100
    /// Events per transaction for the batched figure.
    static let batch = 100

    static let benchmark = Benchmark(
        name: name, summary: "20k review events through gamification + store; profile with 1M past reviews"
    ) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fcgen-bench-game-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // The same reviews without gamification first: the store's own cost, to read the gamified figure against.
        try await measureEvents(path: directory.appendingPathComponent("baseline.sqlite").path, gamified: false)
        try await measureEvents(path: directory.appendingPathComponent("events.sqlite").path, gamified: true)
        try await measureEvents(
            path: directory.appendingPathComponent("batched.sqlite").path, gamified: true, batch: batch)
        try await measureProfile(path: directory.appendingPathComponent("profile.sqlite").path)
    }

    /// A topic of `cards` cards (one batch, one transaction).
    static func world(path: String, cards: Int) async throws -> (Store, User, [Card]) {
        // The cards exist before the first review (reviews are dated from 2023-11-14 on, and one dated before its
        // card was created would be refused).
        let store = try await Store.open(path: path, now: .constant(Date(timeIntervalSince1970: 1_699_000_000)))
        let user = try await Learners.ensure(on: store, named: "bench")
        let topic = try await Topics.ensure(on: store, named: "Bench")
        let drafts = (1...cards).map {
            CardDraft(question: "Bench question \($0)?", answer: "Answer \($0)", origin: .manual)
        }
        let batch = NewBatch(
            topicID: topic.id, plan: BatchPlan(number: 1, aspect: "bench", depth: .intermediate), provider: "bench",
            model: "bench", promptHash: "bench", outcome: .strict, dropped: [:], usage: TokenUsage(input: 0, output: 0),
            latencyMilliseconds: 0, cards: drafts)
        return (store, user, try await BatchStorage.store(on: store, batch).cards)
    }

    /// Records ``events`` reviews, `batch` per transaction, and reports the rate.
    static func measureEvents(path: String, gamified: Bool, batch: Int = 1) async throws {
        let (store, user, cards) = try await world(path: path, cards: 2_000)
        let recorder = ReviewRecorder(
            store: store, gamifier: gamified ? Gamifier(random: RandomSource(seed: 42)) : nil, now: .system)
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        progress(
            "\(name): recording \(events) reviews (\(reviewsPerDay) a day, gamified: \(gamified), batch: \(batch))…")
        let ratings: [Rating] = [.good, .easy, .good, .difficult, .fail]
        let answers = (0..<events).map { index in
            // 100 distinct cards a day, 30 s apart, so every card is reviewed after its previous review.
            let day = index / reviewsPerDay
            let time = start.addingTimeInterval(Double(day) * 86_400 + Double(index % reviewsPerDay) * 30)
            let card = cards[(day * reviewsPerDay + index % reviewsPerDay) % cards.count]
            return ReviewInput(userID: user.id, cardID: card.id, rating: ratings[index % ratings.count], at: time)
        }
        let (_, measurement) = try await measure {
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
        }
        let rate = Double(events) / measurement.wallSeconds
        let metric = batch == 1 ? "events_per_s_single" : "events_per_s_batched_\(batch)"
        guard gamified else {
            report_(metric: "\(metric).store_only", value: rate, unit: "events/s")
            return
        }
        let xp = try await GamificationRecords.state(on: store, userID: user.id)?.totalXP ?? 0
        progress("\(name): total XP \(xp)")
        report_(metric: metric, value: rate, unit: "events/s", goal: batch == 1 ? .none : .atLeast(20_000))
        report_(
            metric: "\(metric).cpu_microseconds_per_event", value: measurement.cpuSeconds / Double(events) * 1e6,
            unit: "µs")
    }

    static func measureProfile(path: String) async throws {
        let (store, user, cards) = try await world(path: path, cards: 1_000)
        progress("\(name): writing 1,000,000 past reviews…")
        let first = cards[0].id
        try await store.executeInTransaction(
            """
            WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 999999)
            INSERT INTO reviews (user_id, card_id, rating, reviewed_at, scheduled_days, algorithm, topic_id)
            SELECT \(user.id), \(first) + (i % \(cards.count)), 1 + i % 3, 1600000000000 + i * 60000, 1, 'badger',
                \(cards[0].topicID)
            FROM n;
            """)
        // The running totals such a history leaves behind, saved the way a review saves them.
        var state = GamificationState(learnerID: user.id)
        state.lifetime.cardsReviewed = 1_000_000
        state.lifetime.exploredTopicIDs = [1]
        state.streak = StreakState(current: 12, longest: 40, lastActiveDay: LocalDay("2023-11-14"))
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .millisecondsSince1970
        let json = String(decoding: try encoder.encode(state), as: UTF8.self)
        _ = try await store.write("seed gamification") { db in
            try await GamificationStep.run(in: db, userID: user.id) { _ in
                GamificationWrite(
                    stateJSON: json,
                    awards: [
                        AwardRecord(
                            kind: "bench", reference: "history", xp: 123_456, day: "2023-11-14", earnedAt: Date())
                    ],
                    updatedAt: Date())
            }
        }
        let reviews = try await store.scalarInteger("SELECT COUNT(*) FROM reviews") ?? 0
        let service = GamificationService(
            store: store, gamifier: Gamifier(random: RandomSource(seed: 1)), now: .system)
        var timings: [Double] = []
        var level = 0
        for _ in 0..<50 {
            let (profile, measurement) = try await measure { try await service.profile(of: user) }
            level = profile.level.level
            timings.append(measurement.wallSeconds * 1000)
        }
        timings.sort()
        progress("\(name): \(reviews) reviews stored; profile level \(level)")
        report_(metric: "profile_ms.median", value: timings[timings.count / 2], unit: "ms", goal: .atMost(20))
        report_(metric: "profile_ms.max", value: timings[timings.count - 1], unit: "ms")
    }

    private static func report_(metric: String, value: Double, unit: String, goal: BenchmarkResult.Goal = .none) {
        report(BenchmarkResult(benchmark: name, metric: metric, value: value, unit: unit, goal: goal))
    }
}
