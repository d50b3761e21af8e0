import FCCore
import FCPipeline
import FCStore
import Foundation

/// Picking the next 50 due cards for a learner with 1,000,000 cards in learning state.
///
/// The database is built with `Store.seedLearningCards` (one transaction, SQLite generating the rows) and its build
/// time reported apart. Due dates are spread evenly over ±14 hours around now, so half the cards are due. Figures
/// (median of 200 runs each, target ≤ 5 ms):
/// - `due_candidates_50`: the store query alone, 50 rows;
/// - `spaced_queue_50`: `StudyService.spacedQueue`, the real path of `fcgen learn`/`session start` (500 candidates,
///   shuffled within levels; the new-card look-up is skipped when due cards fill the session);
/// - `due_candidates_50.later_levels`: the hard case for an index walk: no level-0 card is due yet, 60 stronger
///   cards are; the level-by-level seek finds them without reading the million learning rows.
/// The query plan is checked to be an index search without a sort (`query_plan.index_search` = 1).
enum NextDueBenchmark {
    static let name = "next-due"
    static let targetMilliseconds = 5.0
    static let learningCards = 1_000_000
    static let runs = 200

    static let benchmark = Benchmark(
        name: name, summary: "next 50 due cards of a learner with 1M learning cards (median ≤ 5 ms)"
    ) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fcgen-bench-due-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let store = try await Store.open(path: directory.appendingPathComponent("due.sqlite").path, now: .constant(now))
        let user = try await Learners.ensure(on: store, named: User.defaultName)
        let topic = try await Topics.ensure(on: store, named: "Next due")

        progress("\(name): seeding \(learningCards) learning cards…")
        let span = 28.0 * 3600
        let firstDue = now.addingTimeInterval(-span / 2)
        let (_, build) = try await measure {
            try await store.seedLearningCards(
                topicID: topic.id, userID: user.id, count: learningCards, firstDue: firstDue,
                dueStep: span / Double(learningCards))
        }
        result("build.seconds", build.wallSeconds, "s")
        result("build.rows_per_second", Double(learningCards) / build.wallSeconds, "rows/s")

        let plan = try await store.queryPlan(Database.dueCandidatesSQL)
        progress("\(name): query plan: \(plan.joined(separator: " | "))")
        let isIndexSearch =
            plan.contains { $0.contains("USING COVERING INDEX card_states_user_level_due (user_id=? AND level=?") }
            && !plan.contains { $0.contains("TEMP B-TREE") }
        result("query_plan.index_search", isIndexSearch ? 1 : 0, "bool", goal: .atLeast(1))

        let service = StudyService(store: store, now: .constant(now))
        let day = StudyDay(timeZone: TimeZone(secondsFromGMT: 0) ?? .current)
        let until = now
        var count = 0
        let query = try await medianMilliseconds {
            count = try await StudyReads.dueCandidates(
                on: store, userID: user.id, topicIDs: nil, until: until, limit: 50
            ).count
        }
        guard count == 50 else { throw PipelineError.study("expected 50 due cards, got \(count)") }
        result("due_candidates_50.median", query, "ms", goal: .atMost(targetMilliseconds))
        let topicQuery = try await medianMilliseconds {
            _ = try await StudyReads.dueCandidates(
                on: store, userID: user.id, topicIDs: [topic.id], until: until, limit: 50)
        }
        result("due_candidates_50.one_topic.median", topicQuery, "ms", goal: .atMost(targetMilliseconds))
        var generator = SplitMix64(seed: 1)
        let queue = try await medianMilliseconds {
            count = try await service.spacedQueue(
                userID: user.id, topicIDs: nil, limit: 50, day: day, using: &generator
            ).count
        }
        guard count == 50 else { throw PipelineError.study("expected a queue of 50, got \(count)") }
        result("spaced_queue_50.median", queue, "ms", goal: .atMost(targetMilliseconds))

        // The hard case: nothing at level 0 is due before `firstDue`, 60 review cards at level 3 are.
        _ = try await store.seedLearningCards(
            topicID: topic.id, userID: user.id, count: 60, firstDue: firstDue.addingTimeInterval(-86_400),
            dueStep: 60, level: 3)
        let beforeLearning = firstDue.addingTimeInterval(-1)
        let later = try await medianMilliseconds {
            count = try await StudyReads.dueCandidates(
                on: store, userID: user.id, topicIDs: nil, until: beforeLearning, limit: 50
            )
            .count
        }
        guard count == 50 else { throw PipelineError.study("expected 50 stronger due cards, got \(count)") }
        result("due_candidates_50.later_levels.median", later, "ms", goal: .atMost(targetMilliseconds))
    }

    /// The median wall time of ``runs`` runs of `body` (after 5 warm-up runs), in milliseconds.
    static func medianMilliseconds(_ body: () async throws -> Void) async throws -> Double {
        for _ in 0..<5 { try await body() }
        let clock = ContinuousClock()
        var times: [Double] = []
        for _ in 0..<runs {
            let start = clock.now
            try await body()
            times.append((clock.now - start).seconds * 1000)
        }
        times.sort()
        return times[times.count / 2]
    }

    private static func result(_ metric: String, _ value: Double, _ unit: String, goal: BenchmarkResult.Goal = .none) {
        report(BenchmarkResult(benchmark: name, metric: metric, value: value, unit: unit, goal: goal))
    }
}
