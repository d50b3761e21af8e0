import Foundation

/// What a batch of reviews (``Database/recordReviewsInBulk(_:decide:gamify:ledger:)``) has yet to write, and the
/// statements it sent whose answers it reads at the end.
struct BulkReviewRows {
    var reviews: [(decision: ReviewDecision, state: StoredCardState)] = []
    /// The latest state per card, in the order the cards were first reviewed.
    var states: [CardKey: StoredCardState] = [:]
    var stateOrder: [CardKey] = []
    /// Awards counted as new, in order.
    var awards: [(userID: Int64, award: AwardRecord, sessionID: Int64?)] = []
    /// Challenges merged per row as consecutive upserts would leave them: the first record's target, XP and
    /// expiry, the largest progress, the first completion.
    var challenges: [ChallengeKey: (userID: Int64, record: ChallengeRecord)] = [:]
    var challengeOrder: [ChallengeKey] = []
    /// Daily stats merged per row: the largest counters, the XP summed.
    var dailyStats: [DayKey: (record: DailyStatsRecord, xp: Int)] = [:]
    var dailyOrder: [DayKey] = []
    /// Sent review inserts, read for their ids (`RETURNING id`) at the end.
    var insertedReviews: [(statement: any SQLStatement, count: Int)] = []
    /// Sent award inserts and the `user:kind:reference` of each row counted as new.
    var insertedAwards: [(statement: any SQLStatement, expected: Set<String>)] = []

    struct ChallengeKey: Hashable {
        var userID: Int64
        var day: String
        var kind: String
    }

    struct DayKey: Hashable {
        var userID: Int64
        var day: String
    }

    mutating func add(_ decision: ReviewDecision, state: StoredCardState) {
        reviews.append((decision, state))
        let key = CardKey(userID: state.userID, cardID: state.cardID)
        if states[key] == nil { stateOrder.append(key) }
        states[key] = state
    }

    mutating func merge(_ challenge: ChallengeRecord, userID: Int64) {
        let key = ChallengeKey(userID: userID, day: challenge.day, kind: challenge.kind)
        guard var merged = challenges[key]?.record else {
            challenges[key] = (userID, challenge)
            challengeOrder.append(key)
            return
        }
        merged.progress = max(merged.progress, challenge.progress)
        merged.completedAt = merged.completedAt ?? challenge.completedAt
        challenges[key] = (userID, merged)
    }

    mutating func merge(_ stats: DailyStatsRecord, userID: Int64, addingXP xp: Int) {
        let key = DayKey(userID: userID, day: stats.day)
        guard var merged = dailyStats[key] else {
            dailyStats[key] = (stats, xp)
            dailyOrder.append(key)
            return
        }
        merged.record.cardsReviewed = max(merged.record.cardsReviewed, stats.cardsReviewed)
        merged.record.topicsExplored = max(merged.record.topicsExplored, stats.topicsExplored)
        merged.record.achievements = max(merged.record.achievements, stats.achievements)
        merged.xp += xp
        dailyStats[key] = merged
    }

    /// The ids of the reviews sent, in the batch's order (each statement's ids ascend with its rows), after checking
    /// that every award statement inserted exactly the rows counted as new.
    ///
    /// - Throws: ``StoreError/corruptRow(table:column:rowID:)`` naming `xp_events` when the awards inserted differ
    ///   from those counted (another writer paid the learner without holding their lock): the batch rolls back.
    mutating func readReviewIDs() throws -> [Int64] {
        defer {
            insertedReviews = []
            insertedAwards = []
        }
        // The awards first: sent last, their answer comes after the reviews', so one wait covers both.
        for (statement, expected) in insertedAwards.reversed() {
            defer { statement.reset() }
            var inserted: Set<String> = []
            var userID: Int64 = 0
            while try statement.step() {
                userID = statement.int64(at: 0)
                inserted.insert("\(userID):\(statement.string(at: 1)):\(statement.string(at: 2))")
            }
            guard inserted == expected else {
                throw StoreError.corruptRow(table: "xp_events", column: "reference", rowID: userID)
            }
        }
        var ids: [Int64] = []
        for (statement, count) in insertedReviews {
            defer { statement.reset() }
            var chunk: [Int64] = []
            chunk.reserveCapacity(count)
            while try statement.step() { chunk.append(statement.int64(at: 0)) }
            ids += chunk.sorted()
        }
        return ids
    }
}

extension Database {
    /// Rows per multi-row statement: far below both engines' parameter limits.
    static let bulkRowsPerStatement = 500

    func sendBulkReviews(_ rows: inout BulkReviewRows) throws {
        for start in stride(from: 0, to: rows.reviews.count, by: Self.bulkRowsPerStatement) {
            let chunk = rows.reviews[start..<min(start + Self.bulkRowsPerStatement, rows.reviews.count)]
            let statement = try connection.freshStatement(
                """
                INSERT INTO reviews (user_id, card_id, session_id, rating, reviewed_at, duration_ms, elapsed_days,
                    scheduled_days, algorithm, topic_id)
                VALUES \(Self.reviewPlaceholders(rows: chunk.count)) RETURNING id
                """,
                operation: "insert reviews")
            for (offset, (decision, state)) in chunk.enumerated() {
                let base = Int32(offset * 9)
                try statement.bind(state.userID, at: base + 1)
                try statement.bind(state.cardID, at: base + 2)
                try statement.bindNull(at: base + 3)
                try statement.bind(decision.rating, at: base + 4)
                try statement.bind(decision.reviewedAt.unixMilliseconds, at: base + 5)
                try statement.bind(decision.durationMilliseconds, at: base + 6)
                try statement.bind(decision.elapsedDays, at: base + 7)
                try statement.bind(decision.scheduledDays, at: base + 8)
                try statement.bind(state.algorithm, at: base + 9)
            }
            try statement.prefetch()
            rows.insertedReviews.append((statement, chunk.count))
        }
        rows.reviews = []
    }

    func sendBulkStates(_ rows: inout BulkReviewRows) throws {
        let states = rows.stateOrder.compactMap { rows.states[$0] }
        rows.states = [:]
        rows.stateOrder = []
        for start in stride(from: 0, to: states.count, by: Self.bulkRowsPerStatement) {
            let chunk = states[start..<min(start + Self.bulkRowsPerStatement, states.count)]
            let statement = try connection.freshStatement(
                """
                INSERT INTO card_states (user_id, card_id, algorithm, phase, step, stability, difficulty, box,
                    due, last_review, reps, lapses, level)
                VALUES \(Self.placeholders(rows: chunk.count, columns: 13))
                ON CONFLICT (user_id, card_id) DO UPDATE SET algorithm = excluded.algorithm, phase = excluded.phase,
                    step = excluded.step, stability = excluded.stability, difficulty = excluded.difficulty,
                    box = excluded.box, due = excluded.due, last_review = excluded.last_review, reps = excluded.reps,
                    lapses = excluded.lapses, level = excluded.level
                """,
                operation: "write card states")
            for (offset, state) in chunk.enumerated() {
                let base = Int32(offset * 13)
                try statement.bind(state.userID, at: base + 1)
                try statement.bind(state.cardID, at: base + 2)
                try statement.bind(state.algorithm, at: base + 3)
                try statement.bind(state.phase, at: base + 4)
                try statement.bind(state.step, at: base + 5)
                try statement.bind(state.stability, at: base + 6)
                try statement.bind(state.difficulty, at: base + 7)
                try statement.bind(state.box, at: base + 8)
                try statement.bind(state.due.unixMilliseconds, at: base + 9)
                try statement.bind(state.lastReview?.unixMilliseconds, at: base + 10)
                try statement.bind(state.reps, at: base + 11)
                try statement.bind(state.lapses, at: base + 12)
                try statement.bind(state.level, at: base + 13)
            }
            try statement.runPipelined()
        }
    }

    func sendBulkAwards(_ rows: inout BulkReviewRows) throws {
        let awards = rows.awards
        rows.awards = []
        for start in stride(from: 0, to: awards.count, by: Self.bulkRowsPerStatement) {
            let chunk = awards[start..<min(start + Self.bulkRowsPerStatement, awards.count)]
            let statement = try connection.freshStatement(
                """
                INSERT INTO xp_events (user_id, kind, reference, xp, day, earned_at, session_id)
                VALUES \(Self.placeholders(rows: chunk.count, columns: 7))
                ON CONFLICT DO NOTHING RETURNING user_id, kind, reference
                """,
                operation: "insert awards")
            var expected: Set<String> = []
            for (offset, row) in chunk.enumerated() {
                let base = Int32(offset * 7)
                try statement.bind(row.userID, at: base + 1)
                try statement.bind(row.award.kind, at: base + 2)
                try statement.bind(row.award.reference, at: base + 3)
                try statement.bind(row.award.xp, at: base + 4)
                try statement.bind(row.award.day, at: base + 5)
                try statement.bind(row.award.earnedAt.unixMilliseconds, at: base + 6)
                try statement.bind(row.sessionID, at: base + 7)
                expected.insert("\(row.userID):\(row.award.key)")
            }
            try statement.prefetch()
            rows.insertedAwards.append((statement, expected))
        }
    }

    func sendBulkChallenges(_ rows: inout BulkReviewRows) throws {
        let challenges = rows.challengeOrder.compactMap { rows.challenges[$0] }
        rows.challenges = [:]
        rows.challengeOrder = []
        for start in stride(from: 0, to: challenges.count, by: Self.bulkRowsPerStatement) {
            let chunk = challenges[start..<min(start + Self.bulkRowsPerStatement, challenges.count)]
            let statement = try connection.freshStatement(
                """
                INSERT INTO challenges (user_id, day, kind, target, xp, progress, completed_at, expires_at)
                VALUES \(Self.placeholders(rows: chunk.count, columns: 8))
                ON CONFLICT (user_id, day, kind) DO UPDATE SET
                    progress = CASE WHEN excluded.progress > challenges.progress
                        THEN excluded.progress ELSE challenges.progress END,
                    completed_at = COALESCE(challenges.completed_at, excluded.completed_at)
                """,
                operation: "write challenges")
            for (offset, (userID, challenge)) in chunk.enumerated() {
                let base = Int32(offset * 8)
                try statement.bind(userID, at: base + 1)
                try statement.bind(challenge.day, at: base + 2)
                try statement.bind(challenge.kind, at: base + 3)
                try statement.bind(challenge.target, at: base + 4)
                try statement.bind(challenge.xp, at: base + 5)
                try statement.bind(challenge.progress, at: base + 6)
                try statement.bind(challenge.completedAt?.unixMilliseconds, at: base + 7)
                try statement.bind(challenge.expiresAt.unixMilliseconds, at: base + 8)
            }
            try statement.runPipelined()
        }
    }

    func sendBulkDailyStats(_ rows: inout BulkReviewRows) throws {
        let stats = rows.dailyOrder.compactMap { key in rows.dailyStats[key].map { (key.userID, $0.record, $0.xp) } }
        rows.dailyStats = [:]
        rows.dailyOrder = []
        for start in stride(from: 0, to: stats.count, by: Self.bulkRowsPerStatement) {
            let chunk = stats[start..<min(start + Self.bulkRowsPerStatement, stats.count)]
            let statement = try connection.freshStatement(
                """
                INSERT INTO daily_stats (user_id, day, cards_reviewed, topics_explored, achievements, xp)
                VALUES \(Self.placeholders(rows: chunk.count, columns: 6))
                \(Self.dailyStatsMerge)
                """,
                operation: "write daily stats")
            for (offset, (userID, record, xp)) in chunk.enumerated() {
                let base = Int32(offset * 6)
                try statement.bind(userID, at: base + 1)
                try statement.bind(record.day, at: base + 2)
                try statement.bind(record.cardsReviewed, at: base + 3)
                try statement.bind(record.topicsExplored, at: base + 4)
                try statement.bind(record.achievements, at: base + 5)
                try statement.bind(xp, at: base + 6)
            }
            try statement.runPipelined()
        }
    }

    /// `(?, ?, …), (?, ?, …)`: `rows` groups of `columns` placeholders.
    /// `rows` rows of a review insert's values: nine parameters, then the topic of the card (the row's second).
    static func reviewPlaceholders(rows: Int) -> String {
        (0..<rows).map { row in
            "(?, ?, ?, ?, ?, ?, ?, ?, ?, (SELECT topic_id FROM cards WHERE id = ?\(row * 9 + 2)))"
        }.joined(separator: ", ")
    }

    static func placeholders(rows: Int, columns: Int) -> String {
        let row = "(" + Array(repeating: "?", count: columns).joined(separator: ", ") + ")"
        return Array(repeating: row, count: rows).joined(separator: ", ")
    }
}
