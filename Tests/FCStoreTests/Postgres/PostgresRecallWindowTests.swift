import FCStore
import Foundation
import Testing

/// The recall window on PostgreSQL (migrations 17 and 19): `fcgen_recent_reviews` (under `fcgen_recent_recall`)
/// walks `reviews_user_topic_time` backwards and stops after the window, on a database whose planner has no statistics (never analyzed), and answers as the
/// window's definition says.
struct PostgresRecallWindowTests {
    /// Two learners, two topics, 3,000 reviews, no ANALYZE.
    private static let seed = """
        INSERT INTO users (name, created_at) VALUES ('Ana', 0), ('Ben', 0);
        INSERT INTO topics (name, created_at) VALUES ('Rome', 0), ('Nile', 0);
        INSERT INTO cards (topic_id, kind, question, answer, origin, dedup_key, position, created_at, updated_at)
            SELECT 1 + g % 2, 'basic', 'q' || g, 'a' || g, 'manual', 'k' || g, g, 0, 0 FROM generate_series(1, 300) g;
        INSERT INTO reviews (user_id, card_id, rating, reviewed_at, scheduled_days, algorithm, topic_id)
            SELECT 1 + g % 2, 1 + g % 300, g % 4, 1000 * (g / 7), 1, 'badger', 1 + (1 + g % 300) % 2
            FROM generate_series(1, 3000) g;
        """

    @Test func theWindowWalksTheIndexBackwardsWithoutStatisticsAndCountsTheLatestReviews() async throws {
        let outcome = try await PostgresTestCluster.withFreshDatabase { connection, _ in
            try await Migrator.postgres.migrate(connection, appliedAt: 1_700_000_000_000)
            try await connection.execute(Self.seed, operation: "seed")
            let analyzed = try await connection.withStatement(
                "SELECT COUNT(*) FROM pg_stats WHERE tablename = 'reviews'", operation: "statistics"
            ) { try await $0.step() ? $0.int(at: 0) : -1 }
            let indexes = try await connection.withStatement(
                """
                SELECT string_agg(indexname, ',' ORDER BY indexname) FROM pg_indexes
                WHERE tablename = 'reviews' AND indexname LIKE 'reviews_user%'
                """,
                operation: "indexes"
            ) { try await $0.step() ? $0.string(at: 0) : "" }
            // The function's own query, planned as the function plans it: its settings, and a generic plan (its
            // parameters have no values when it is planned).
            let (body, settings) = try await connection.withStatement(
                "SELECT prosrc, array_to_string(proconfig, ',') FROM pg_proc WHERE proname = 'fcgen_recent_reviews'",
                operation: "function"
            ) { statement in
                _ = try await statement.step()
                return (statement.string(at: 0), statement.string(at: 1))
            }
            var parameterized = body
            for (index, name) in ["p_user", "p_topic", "p_before", "p_window"].enumerated() {
                parameterized = parameterized.replacingOccurrences(of: name, with: "$\(index + 1)")
            }
            let plan = try await connection.immediateTransaction("plan") {
                for setting in settings.split(separator: ",") {
                    let parts = setting.split(separator: "=")
                    try await connection.execute("SET LOCAL \(parts[0]) = \(parts[1])", operation: "setting")
                }
                try await connection.execute("SET LOCAL plan_cache_mode = force_generic_plan", operation: "generic")
                try await connection.execute(
                    "PREPARE recall (bigint, bigint, bigint, bigint) AS \(parameterized)", operation: "prepare")
                return try await connection.withStatement(
                    "EXPLAIN EXECUTE recall(1, 1, 400000, 50)", operation: "explain"
                ) {
                    statement in
                    var lines: [String] = []
                    while try await statement.step() { lines.append(statement.string(at: 0)) }
                    return lines
                }
            }
            // The store's own statement, against the window's definition computed the slow way.
            let window = try await connection.withStatement(Database.recentRecallSQL(.postgres), operation: "window") {
                statement in
                try statement.bind(Int64(1), at: 1)
                try statement.bind(Int64(2), at: 2)
                try statement.bind(Int64(200_000), at: 3)
                try statement.bind(7, at: 4)
                _ = try await statement.step()
                return [statement.int(at: 0), statement.int(at: 1)]
            }
            let expected = try await connection.withStatement(
                """
                WITH ranked AS (
                    SELECT r.rating, ROW_NUMBER() OVER (ORDER BY r.reviewed_at DESC, r.id DESC) AS n
                    FROM reviews r JOIN cards c ON c.id = r.card_id
                    WHERE r.user_id = 1 AND c.topic_id = 2 AND r.reviewed_at <= 200000)
                SELECT COUNT(*), SUM(CASE WHEN rating > 0 THEN 1 ELSE 0 END) FROM ranked WHERE n <= 7
                """,
                operation: "expected"
            ) { statement in
                _ = try await statement.step()
                return [statement.int(at: 0), statement.int(at: 1)]
            }
            return (analyzed, indexes, settings, plan, window, expected)
        }
        let (analyzed, indexes, settings, plan, window, expected) = outcome
        #expect(analyzed == 0, "the planner must have no statistics for this test")
        #expect(indexes == "reviews_user_topic_time")
        #expect(settings.contains("enable_sort=off") && settings.contains("enable_bitmapscan=off"))
        #expect(plan.contains { $0.contains("Scan Backward using reviews_user_topic_time on reviews r") }, "\(plan)")
        #expect(!plan.contains { $0.contains("Sort") || $0.contains("Bitmap") }, "\(plan)")
        #expect(window == expected)
        #expect(window[0] == 7)
    }
}
