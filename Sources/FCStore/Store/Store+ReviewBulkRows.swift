import Foundation

/// What a batch of reviews (``ReviewBulk``) has yet to write, and the
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
    mutating func readReviewIDs() async throws -> [Int64] {
        defer {
            insertedReviews = []
            insertedAwards = []
        }
        // The awards first: sent last, their answer comes after the reviews', so one wait covers both.
        for (statement, expected) in insertedAwards.reversed() {
            defer { statement.reset() }
            var inserted: Set<String> = []
            var userID: Int64 = 0
            while try await statement.step() {
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
            while try await statement.step() { chunk.append(statement.int64(at: 0)) }
            ids += chunk.sorted()
        }
        return ids
    }
}

extension Database {
    /// Rows per multi-row statement: far below both engines' parameter limits.
    static let bulkRowsPerStatement = 500

    func sendBulkReviews(_ rows: inout BulkReviewRows) async throws {
        for chunk in Self.bulkChunks(rows.reviews) {
            let values = Self.values(chunk.map { Self.reviewRow($0.0, state: $0.1, sessionID: nil) })
            let statement = try connection.freshStatement(
                for: "\(raw: Self.reviewInsert) VALUES \(values) RETURNING id", operation: "insert reviews")
            try await statement.prefetch()
            rows.insertedReviews.append((statement, chunk.count))
        }
        rows.reviews = []
    }

    func sendBulkStates(_ rows: inout BulkReviewRows) async throws {
        let states = rows.stateOrder.compactMap { rows.states[$0] }
        rows.states = [:]
        rows.stateOrder = []
        for chunk in Self.bulkChunks(states) {
            let statement = try connection.freshStatement(
                for: "\(raw: Self.stateInsert) VALUES \(Self.values(chunk.map(Self.stateRow))) \(raw: Self.stateMerge)",
                operation: "write card states")
            try await statement.runPipelined()
        }
    }

    func sendBulkAwards(_ rows: inout BulkReviewRows) async throws {
        let awards = rows.awards
        rows.awards = []
        for chunk in Self.bulkChunks(awards) {
            let values = Self.values(chunk.map { Self.awardRow($0.award, userID: $0.userID, sessionID: $0.sessionID) })
            let statement = try connection.freshStatement(
                for: """
                    \(raw: Self.awardInsert) VALUES \(values)
                    ON CONFLICT DO NOTHING RETURNING user_id, kind, reference
                    """,
                operation: "insert awards")
            let expected = Set(chunk.map { "\($0.userID):\($0.award.key)" })
            try await statement.prefetch()
            rows.insertedAwards.append((statement, expected))
        }
    }

    func sendBulkChallenges(_ rows: inout BulkReviewRows) async throws {
        let challenges = rows.challengeOrder.compactMap { rows.challenges[$0] }
        rows.challenges = [:]
        rows.challengeOrder = []
        for chunk in Self.bulkChunks(challenges) {
            let values = Self.values(chunk.map { Self.challengeRow($0.1, userID: $0.0) })
            let statement = try connection.freshStatement(
                for: "\(raw: Self.challengeInsert) VALUES \(values) \(raw: Self.challengeMerge)",
                operation: "write challenges")
            try await statement.runPipelined()
        }
    }

    func sendBulkDailyStats(_ rows: inout BulkReviewRows) async throws {
        let stats = rows.dailyOrder.compactMap { key in rows.dailyStats[key].map { (key.userID, $0.record, $0.xp) } }
        rows.dailyStats = [:]
        rows.dailyOrder = []
        for chunk in Self.bulkChunks(stats) {
            let values = Self.values(chunk.map { Self.dailyStatsRow($0.1, userID: $0.0, xp: $0.2) })
            let statement = try connection.freshStatement(
                for: "\(raw: Self.dailyStatsInsert) VALUES \(values) \(raw: Self.dailyStatsMerge)",
                operation: "write daily stats")
            try await statement.runPipelined()
        }
    }
}
