import FCTestSupport
import Foundation
import Testing

@testable import FCStore

/// Store queries rewritten into SQL both engines accept, run on SQLite and on PostgreSQL with the same inputs:
/// both must give the same, expected answers. Each statement is the store's own text (named in a comment); the
/// store's engine-neutral port will run its real methods here instead.
struct BothEnginesQueryTests {
    /// Runs `scenario` on a migrated SQLite file and a migrated PostgreSQL database, each on its own thread.
    private func onBothEngines(
        _ scenario: @escaping @Sendable (any EngineConnectionBox) throws -> [String]
    ) async throws -> (sqlite: [String], postgres: [String]) {
        let database = TemporaryDatabase()
        let directory = URL(fileURLWithPath: database.path).deletingLastPathComponent()
        let sqlite = try await onStoreThread {
            let connection = try migratedSQLiteConnection(in: directory)
            return try scenario(Box(connection: connection, dialect: .sqlite))
        }
        let postgres = try await PostgresTestCluster.withFreshDatabase { connection, _ in
            try PostgresMigrator().migrate(connection, appliedAt: 0)
            return try scenario(Box(connection: connection, dialect: .postgres))
        }
        return (sqlite, postgres)
    }

    @Test func upsertsKeepTheLargerProgressAndAddXP() async throws {
        let results = try await onBothEngines { db in
            try db.seedLearnerAndTopic()
            var seen: [String] = []
            for (progress, completed) in [(3, nil), (2, Int64(5))] as [(Int, Int64?)] {
                // Store.upsertChallenge
                _ = try db.rows(
                    """
                    INSERT INTO challenges (user_id, day, kind, target, xp, progress, completed_at, expires_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (user_id, day, kind) DO UPDATE SET
                        progress = CASE WHEN excluded.progress > challenges.progress
                            THEN excluded.progress ELSE challenges.progress END,
                        completed_at = COALESCE(challenges.completed_at, excluded.completed_at)
                    """, [Int64(1), "2026-11-23", "reviews", 10, 20, progress, completed, Int64(99)], columns: 0)
            }
            seen += try db.rows("SELECT progress, completed_at FROM challenges", columns: 2).map {
                $0.joined(separator: " ")
            }
            for (cards, topics, achievements, xp) in [(5, 1, 0, 10), (3, 2, 1, 7)] {
                // Store.upsertDailyStats
                _ = try db.rows(
                    """
                    INSERT INTO daily_stats (user_id, day, cards_reviewed, topics_explored, achievements, xp)
                    VALUES (?, ?, ?, ?, ?, ?)
                    ON CONFLICT (user_id, day) DO UPDATE SET
                        cards_reviewed = CASE WHEN excluded.cards_reviewed > daily_stats.cards_reviewed
                            THEN excluded.cards_reviewed ELSE daily_stats.cards_reviewed END,
                        topics_explored = CASE WHEN excluded.topics_explored > daily_stats.topics_explored
                            THEN excluded.topics_explored ELSE daily_stats.topics_explored END,
                        achievements = CASE WHEN excluded.achievements > daily_stats.achievements
                            THEN excluded.achievements ELSE daily_stats.achievements END,
                        xp = daily_stats.xp + excluded.xp
                    """, [Int64(1), "2026-11-23", cards, topics, achievements, xp], columns: 0)
            }
            seen += try db.rows(
                "SELECT cards_reviewed, topics_explored, achievements, xp FROM daily_stats", columns: 4
            ).map { $0.joined(separator: " ") }
            return seen
        }
        #expect(results.sqlite == ["3 5", "5 2 1 17"])
        #expect(results.postgres == results.sqlite)
    }

    @Test func insertsThatIgnoreConflictsReportNoChangeTheSecondTime() async throws {
        let results = try await onBothEngines { db in
            try db.seedLearnerAndTopic()
            var changes: [String] = []
            for _ in 0..<2 {
                // Store.insertAward
                _ = try db.rows(
                    """
                    INSERT INTO xp_events (user_id, kind, reference, xp, day, earned_at, session_id)
                    VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING
                    """, [Int64(1), "review", "card:1", 10, "2026-11-23", Int64(5), nil], columns: 0)
                changes.append("award \(db.changes)")
                // Store.insertAchievement
                _ = try db.rows(
                    """
                    INSERT INTO achievements (user_id, achievement_id, unlocked_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING
                    """, [Int64(1), "first-steps", Int64(5)], columns: 0)
                changes.append("achievement \(db.changes)")
                // Store.ensureUser
                _ = try db.rows(
                    "INSERT INTO users (name, created_at) VALUES (?, ?) ON CONFLICT (name) DO NOTHING", ["LOCAL", 0],
                    columns: 0)
                changes.append("user \(db.changes)")
            }
            return changes
        }
        #expect(
            results.sqlite == [
                "award 1", "achievement 1", "user 0", "award 0", "achievement 0", "user 0",
            ])
        #expect(results.postgres == results.sqlite)
    }

    @Test func aSessionAnswerIsReplacedInPlace() async throws {
        let results = try await onBothEngines { db in
            try db.seedLearnerAndTopic()
            _ = try db.rows("INSERT INTO sessions (user_id, mode, started_at) VALUES (1, 'spaced', 0)", columns: 0)
            for json in ["{\"first\":1}", "{\"second\":2}"] {
                // Store.storeAnswerUndo
                _ = try db.rows(
                    """
                    INSERT INTO session_answers (session_id, position, card_id, review_id, answered_at, undo_json)
                    VALUES (?, ?, ?, ?, ?, ?)
                    ON CONFLICT (session_id, position) DO UPDATE SET card_id = excluded.card_id,
                        review_id = excluded.review_id, answered_at = excluded.answered_at, undo_json = excluded.undo_json
                    """, [Int64(1), 0, Int64(1), nil, Int64(7), json], columns: 0)
            }
            return try db.rows("SELECT position, review_id, undo_json FROM session_answers", columns: 3)
                .map { $0.joined(separator: " ") }
        }
        #expect(results.sqlite == ["0 NULL {\"second\":2}"])
        #expect(results.postgres == results.sqlite)
    }

    @Test func refillJobsAreEnqueuedOnceClaimedAndReleased() async throws {
        let results = try await onBothEngines { db in
            try db.seedLearnerAndTopic()
            _ = try db.rows("UPDATE topics SET refill_below = 10, batch_size = 5", columns: 0)
            var seen: [String] = []
            for _ in 0..<2 {
                // Store.enqueueDueRefills
                let ids = try db.rows(
                    """
                    INSERT INTO jobs (topic_id, kind, status, attempts, max_attempts, run_after,
                        created_at, updated_at)
                    SELECT t.id, 'refill', 'queued', 0, ?1, ?2, ?2, ?2 FROM topics t
                    WHERE \(RefillRule.isDueSQL)
                        AND NOT EXISTS (SELECT 1 FROM jobs j WHERE j.topic_id = t.id AND j.kind = 'refill'
                            AND j.status IN ('queued', 'running', 'failed', 'dead'))
                    ORDER BY t.id
                    ON CONFLICT DO NOTHING
                    RETURNING id
                    """, [3, Int64(100)], columns: 1)
                seen.append("enqueued \(ids.map { $0[0] })")
            }
            let claimed = try db.rows(db.dialect.claimNextJob, ["worker-1", Int64(400), Int64(100)], columns: 1)
            seen.append("claimed \(claimed.map { $0[0] })")
            // Store.releaseJob
            _ = try db.rows(
                """
                UPDATE jobs SET status = 'queued', attempts = CASE WHEN attempts > 0 THEN attempts - 1 ELSE 0 END,
                    run_after = ?1, updated_at = ?1,
                    lease_owner = NULL, lease_expires_at = NULL
                WHERE id = ?2 AND status = 'running' AND lease_owner = ?3
                """, [Int64(200), Int64(1), "worker-1"], columns: 0)
            seen.append("released \(db.changes)")
            seen += try db.rows("SELECT status, attempts, batch_number, lease_owner FROM jobs", columns: 4)
                .map { $0.joined(separator: " ") }
            return seen
        }
        #expect(
            results.sqlite == ["enqueued [\"1\"]", "enqueued []", "claimed [\"1\"]", "released 1", "queued 0 1 NULL"])
        #expect(results.postgres == results.sqlite)
    }

    @Test func historyAndRecallWindowsCountReviewsAlike() async throws {
        let results = try await onBothEngines { db in
            try db.seedLearnerAndTopic()
            for (rating, time, elapsed) in [(0, 10, nil), (2, 20, Int64(1)), (3, 30, Int64(2))] as [(Int, Int, Int64?)]
            {
                _ = try db.rows(
                    """
                    INSERT INTO reviews (user_id, card_id, rating, reviewed_at, elapsed_days, scheduled_days, algorithm)
                    VALUES (1, 1, ?, ?, ?, 1.5, 'badger')
                    """, [rating, time, elapsed], columns: 0)
            }
            _ = try db.rows(
                """
                INSERT INTO archived_reviews (user_id, card_id, topic_id, rating, reviewed_at, first_review, archived_at)
                VALUES (1, 77, 1, 1, 15, 1, 40)
                """, columns: 0)
            // Store.reviewActivity
            let history = try db.rows(
                """
                SELECT reviewed_at, duration_ms, CASE WHEN elapsed_days IS NULL THEN 1 ELSE 0 END FROM reviews
                WHERE user_id = ?1 AND reviewed_at >= ?2 AND reviewed_at < ?3
                UNION ALL
                SELECT reviewed_at, duration_ms, first_review FROM archived_reviews
                WHERE user_id = ?1 AND reviewed_at >= ?2 AND reviewed_at < ?3
                """, [Int64(1), Int64(0), Int64(100)], columns: 3
            ).map { $0.joined(separator: " ") }.sorted()
            // Store.recentRecall
            let recall = try db.rows(
                """
                SELECT COUNT(*), COALESCE(SUM(CASE WHEN rating > 0 THEN 1 ELSE 0 END), 0) FROM (
                    SELECT r.rating FROM reviews r JOIN cards c ON c.id = r.card_id
                    WHERE r.user_id = ?1 AND r.reviewed_at <= ?3 AND c.topic_id = ?2
                    ORDER BY r.reviewed_at DESC, r.id DESC
                    LIMIT ?4) AS recent
                """, [Int64(1), Int64(1), Int64(25), 5], columns: 2
            ).map { $0.joined(separator: " ") }
            return history + recall
        }
        #expect(results.sqlite == ["10 NULL 1", "15 NULL 1", "20 NULL 0", "30 NULL 0", "2 1"])
        #expect(results.postgres == results.sqlite)
    }
}

/// One engine's connection and dialect, behind an existential so a scenario is written once.
protocol EngineConnectionBox {
    var dialect: SQLDialect { get }
    var changes: Int { get }
    func rows(_ sql: String, _ values: [(any Sendable)?], columns: Int32) throws -> [[String]]
}

extension EngineConnectionBox {
    func rows(_ sql: String, columns: Int32) throws -> [[String]] { try rows(sql, [], columns: columns) }

    /// Learner 1 ("local"), topic 1 ("Rome") and its card 1.
    func seedLearnerAndTopic() throws {
        _ = try rows("INSERT INTO users (name, created_at) VALUES ('local', 0)", columns: 0)
        _ = try rows("INSERT INTO topics (name, created_at) VALUES ('Rome', 0)", columns: 0)
        _ = try rows(
            """
            INSERT INTO cards (topic_id, kind, question, answer, origin, dedup_key, position, created_at, updated_at)
            VALUES (1, 'question', 'Q?', 'A', 'generated', 'q', 1, 0, 0)
            """, columns: 0)
    }
}

private struct Box<Connection: EngineConnection>: EngineConnectionBox {
    let connection: Connection
    let dialect: SQLDialect
    var changes: Int { connection.changes }
    func rows(_ sql: String, _ values: [(any Sendable)?], columns: Int32) throws -> [[String]] {
        try connection.rows(sql, values, columns: columns)
    }
}
