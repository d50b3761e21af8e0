import Foundation

extension Database {
    /// The learner's awards, newest first; only those of `sessionID` when given.
    package func awards(userID: Int64, sessionID: Int64? = nil, limit: Int = 100) async throws -> [AwardRecord] {
        let filter: StoreQuery = sessionID.map { " AND session_id = \($0)" } ?? ""
        return try await connection.withQuery(
            """
            SELECT kind, reference, xp, day, earned_at, session_id FROM xp_events WHERE user_id = \(userID)\(filter)
            ORDER BY earned_at DESC, id DESC LIMIT \(limit)
            """,
            operation: "list awards"
        ) { statement in
            var awards: [AwardRecord] = []
            while try await statement.step() {
                awards.append(
                    AwardRecord(
                        kind: statement.string(at: 0), reference: statement.string(at: 1), xp: statement.int(at: 2),
                        day: statement.string(at: 3), earnedAt: Date(unixMilliseconds: statement.int64(at: 4)),
                        sessionID: statement.optionalInt64(at: 5)))
            }
            return awards
        }
    }

    /// The learner's boxes, oldest first; only unopened ones when `unopenedOnly`; only `sessionID`'s when given.
    package func boxes(userID: Int64, unopenedOnly: Bool = false, sessionID: Int64? = nil) async throws -> [BoxRecord] {
        var query: StoreQuery = """
            SELECT box_id, session_id, ordinal, rarity, earned_at, opened_at, xp FROM boxes WHERE user_id = \(userID)
            """
        if unopenedOnly { query += " AND opened_at IS NULL" }
        if let sessionID { query += " AND session_id = \(sessionID)" }
        query += " ORDER BY earned_at, session_id, ordinal"
        return try await connection.withQuery(query, operation: "list boxes") { statement in
            var boxes: [BoxRecord] = []
            while try await statement.step() {
                boxes.append(
                    BoxRecord(
                        boxID: statement.string(at: 0), sessionID: statement.int64(at: 1),
                        ordinal: statement.int(at: 2),
                        rarity: statement.string(at: 3), earnedAt: Date(unixMilliseconds: statement.int64(at: 4)),
                        openedAt: statement.optionalInt64(at: 5).map(Date.init(unixMilliseconds:)),
                        xp: statement.optionalInt(at: 6)))
            }
            return boxes
        }
    }

    /// The learner's unlocked achievements, in unlock order.
    package func unlockedAchievements(userID: Int64) async throws -> [AchievementRecord] {
        try await connection.withQuery(
            """
            SELECT achievement_id, unlocked_at FROM achievements WHERE user_id = \(userID) ORDER BY unlocked_at,
                achievement_id
            """,
            operation: "list achievements"
        ) { statement in
            var records: [AchievementRecord] = []
            while try await statement.step() {
                records.append(
                    AchievementRecord(
                        achievementID: statement.string(at: 0),
                        unlockedAt: Date(unixMilliseconds: statement.int64(at: 1))))
            }
            return records
        }
    }

    /// The learner's stored challenges for a local day (`YYYY-MM-DD`), by kind.
    package func challenges(userID: Int64, day: String) async throws -> [ChallengeRecord] {
        try await connection.withQuery(
            """
            SELECT day, kind, target, xp, progress, completed_at, expires_at FROM challenges
            WHERE user_id = \(userID) AND day = \(day) ORDER BY kind
            """,
            operation: "list challenges"
        ) { statement in
            var records: [ChallengeRecord] = []
            while try await statement.step() {
                records.append(
                    ChallengeRecord(
                        day: statement.string(at: 0), kind: statement.string(at: 1), target: statement.int(at: 2),
                        xp: statement.int(at: 3), progress: statement.int(at: 4),
                        completedAt: statement.optionalInt64(at: 5).map(Date.init(unixMilliseconds:)),
                        expiresAt: Date(unixMilliseconds: statement.int64(at: 6))))
            }
            return records
        }
    }

    /// Every learner's stats for a local day (`YYYY-MM-DD`), with their names: the leaderboard's rows.
    package func dailyStats(day: String) async throws -> [DailyStatsRecord] {
        try await connection.withQuery(
            """
            SELECT d.user_id, u.name, d.day, d.cards_reviewed, d.topics_explored, d.achievements, d.xp
            FROM daily_stats d JOIN users u ON u.id = d.user_id WHERE d.day = \(day)
            """,
            operation: "read daily stats"
        ) { statement in
            var rows: [DailyStatsRecord] = []
            while try await statement.step() {
                rows.append(
                    DailyStatsRecord(
                        userID: statement.int64(at: 0), name: statement.string(at: 1), day: statement.string(at: 2),
                        cardsReviewed: statement.int(at: 3), topicsExplored: statement.int(at: 4),
                        achievements: statement.int(at: 5), xp: statement.int(at: 6)))
            }
            return rows
        }
    }
}
