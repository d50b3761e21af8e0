package import FCCore
import FCScheduler
package import Foundation

extension Database {
    /// The learner's due cards, weakest level first and then earliest due, at most `limit`.
    ///
    /// Seeks the `(user_id, level, due)` index once per level (`level IN (0, 1, …)`, which SQLite walks in order,
    /// so the rows come out already sorted) and stops after `limit` rows, so it costs the same for a learner with
    /// a million cards as for one with ten (the `fcgen-bench` "next due" figure). `EXPLAIN QUERY PLAN`:
    /// `SEARCH s USING COVERING INDEX card_states_user_level_due (user_id=? AND level=? AND due<?)`, no sort.
    /// Without the `IN` list SQLite walks the index from the learner's first row and filters on `due`, which is
    /// fine until a million learning cards (level 0) are not due yet: then it reads all of them before reaching a
    /// due card at level 1 (46 ms instead of 0.1 ms, measured with the `sqlite3` shell).
    ///
    /// - Parameters:
    ///   - topicIDs: Only cards of these topics; `nil` for every topic.
    ///   - until: Cards due at or before this time.
    ///   - includeFallback: Whether templated fallback cards (origin `fallback`) may be listed; they are stored for
    ///     inspection, not study material, so only a learner who asks studies them.
    package func dueCandidates(
        userID: Int64, topicIDs: [Int64]?, until: Date, limit: Int, includeFallback: Bool = false
    ) async throws -> [DueCandidate] {
        try await connection.withServerPreparedQuery(
            Self.dueCandidatesQuery(
                connection.dialect, userID: userID, topicIDs: topicIDs, until: until, limit: limit,
                includeFallback: includeFallback, now: now()),
            operation: "list due cards"
        ) { statement in
            var candidates: [DueCandidate] = []
            while try await statement.step() {
                candidates.append(
                    DueCandidate(
                        cardID: statement.int64(at: 0), level: statement.int(at: 1),
                        due: Date(unixMilliseconds: statement.int64(at: 2))))
            }
            return candidates
        }
    }

    /// The query of ``dueCandidates(userID:topicIDs:until:limit:includeFallback:)`` in `dialect`.
    static func dueCandidatesQuery(
        _ dialect: SQLDialect, userID: Int64, topicIDs: [Int64]?, until: Date, limit: Int, includeFallback: Bool,
        now: Date
    ) -> StoreQuery {
        let topics = topicIDs.map(Self.jsonArray)
        let fallback = includeFallback ? 1 : 0
        return """
            SELECT s.card_id, s.level, s.due FROM card_states s \(raw: dialect.indexedBy("card_states_user_level_due"))
            WHERE s.user_id = \(userID) AND s.level IN (\(raw: Database.levelList)) AND s.due <=
                \(until.unixMilliseconds)
                AND ((\(topics) IS NULL AND \(fallback) <> 0) OR EXISTS (SELECT 1 FROM cards c WHERE c.id = s.card_id
                    AND (\(topics) IS NULL OR c.topic_id IN (\(dialect.jsonIntegers(of: topics))))
                    AND (\(fallback) <> 0 OR c.origin <> 'fallback')))
                AND NOT \(Database.heldBack(cardColumn: "s.card_id", userID: userID, now: now))
            ORDER BY s.level, s.due
            LIMIT \(limit)
            """
    }

    /// The highest knowledge level the study queue reads; the pipeline's levels stay below it (it caps them at 40).
    package static let maximumLevel = 63

    /// "0, 1, …, 63": the levels ``dueCandidates(userID:topicIDs:until:limit:)`` seeks, as SQL.
    static let levelList = (0...maximumLevel).map(String.init).joined(separator: ", ")

    /// Cards of the topics the learner has never reviewed, in deck order (position, then topic), at most `limit`;
    /// fallback cards only with `includeFallback`; cards the learner suspended or buried are left out, here as in
    /// ``dueCandidates(userID:topicIDs:until:limit:includeFallback:)``.
    package func newCardIDs(
        userID: Int64, topicIDs: [Int64]?, limit: Int, includeFallback: Bool = false
    ) async throws -> [Int64] {
        let ids = try await connection.withServerPreparedQuery(
            Self.newCardsQuery(
                connection.dialect, userID: userID, topicIDs: topicIDs, limit: limit, includeFallback: includeFallback,
                now: now()),
            operation: "list new cards"
        ) { statement in
            var ids: [Int64] = []
            while try await statement.step() { ids.append(statement.int64(at: 0)) }
            return ids
        }
        return Array(ids.prefix(max(0, limit)))
    }

    /// The topic's cards a free or quiz session may hold, in deck order: fallback cards only with
    /// `includeFallback`, and never a card the learner suspended or buried (until its burial ends), which the spaced
    /// queue leaves out too (``dueCandidates(userID:topicIDs:until:limit:includeFallback:)``,
    /// ``newCardIDs(userID:topicIDs:limit:includeFallback:)``).
    ///
    /// Ids only: a practice session shuffles them and reads its cards one at a time as it shows them.
    package func practiceCardIDs(userID: Int64, topicID: Int64, includeFallback: Bool = false) async throws -> [Int64] {
        try await connection.withQuery(
            """
            SELECT c.id FROM cards c
            WHERE c.topic_id = \(topicID) AND \(raw: Self.visibleTopicSQL("c.topic_id"))
                AND (\(includeFallback ? 1 : 0) <> 0 OR c.origin <> 'fallback')
                AND NOT \(Self.heldBack(cardColumn: "c.id", userID: userID, now: now()))
            ORDER BY c.position, c.id
            """,
            operation: "list practice cards"
        ) { statement in
            var ids: [Int64] = []
            while try await statement.step() { ids.append(statement.int64(at: 0)) }
            return ids
        }
    }

    /// The `LIMIT` written into the new-cards query for `limit`: the limit itself up to 32 (a feed asks for its
    /// page or its topic's refill threshold), else the next power of two.
    ///
    /// A literal, not a parameter: PostgreSQL prices `LIMIT $n` of a prepared statement as a tenth of the rows, so
    /// the generic plan looked costlier than the custom ones and the feed's read was planned afresh on every call
    /// (0.17 ms, more than it took to run). Rounding the larger limits keeps the texts a connection prepares to a
    /// few dozen; the extra rows read are dropped. Small limits stay exact, since every extra row costs SQLite two
    /// more index probes.
    static func newCardsLimit(_ limit: Int) -> Int {
        guard limit > 32 else { return max(limit, 0) }
        var bound = 64
        while bound < limit && bound < 1 << 30 { bound <<= 1 }
        return max(bound, limit)
    }

    /// The query of ``newCardIDs(userID:topicIDs:limit:includeFallback:)``, shaped by how many topics it reads
    /// (`nil`: all).
    ///
    /// One topic (the feed, a topic's learn session) reads `cards_topic_position` in deck order and stops after
    /// `limit` rows. The one query for every case, `($2 IS NULL OR topic_id IN (…))`, made SQLite scan every card of
    /// every topic and sort them: 37 ms a feed on 100,000 cards (`fcgen-bench serve`).
    static func newCardsQuery(
        _ dialect: SQLDialect, userID: Int64, topicIDs: [Int64]?, limit: Int, includeFallback: Bool, now: Date
    ) -> StoreQuery {
        let topicFilter: StoreQuery =
            switch topicIDs {
            case nil: "\(raw: visibleTopicSQL("c.topic_id"))"
            case let ids? where ids.count == 1: "c.topic_id = \(ids[0])"
            case let ids?: "c.topic_id IN (\(dialect.jsonIntegers(of: Self.jsonArray(ids))))"
            }
        return """
            SELECT c.id FROM cards c
            WHERE \(topicFilter)
                AND (\(includeFallback ? 1 : 0) <> 0 OR c.origin <> 'fallback')
                AND NOT EXISTS (SELECT 1 FROM card_states s WHERE s.user_id = \(userID) AND s.card_id = c.id)
                AND NOT \(Self.heldBack(cardColumn: "c.id", userID: userID, now: now))
            ORDER BY c.position, c.topic_id
            LIMIT \(raw: String(newCardsLimit(limit)))
            """
    }

    /// Every topic (or only `topicIDs`) with the learner's studied, due (at or before `until`) and known counts,
    /// by name. Fallback cards are left out of every count unless `includeFallback`: they are not study material.
    /// Suspended and buried cards count as cards, but neither as due nor as new (``TopicStudySummary``).
    package func topicStudySummaries(
        userID: Int64, until: Date, topicIDs: [Int64]? = nil, includeFallback: Bool = false
    ) async throws -> [TopicStudySummary] {
        let topics = topicIDs.map(Self.jsonArray)
        let fallback = includeFallback ? 1 : 0
        let heldBack = Self.heldBack(cardColumn: "c.id", userID: userID, now: now())
        let due = Self.dueForLearner(userID: userID, until: until, now: now())
        return try await connection.withQuery(
            """
            SELECT t.id, t.name, t.algorithm,
                (SELECT COUNT(*) FROM cards c WHERE c.topic_id = t.id AND (\(fallback) <> 0 OR c.origin <> 'fallback')),
                COUNT(s.card_id),
                COALESCE(SUM(CASE WHEN \(due) THEN 1 ELSE 0 END), 0),
                COALESCE(SUM(CASE WHEN \(raw: KnownRule.sql) THEN 1 ELSE 0 END), 0),
                COALESCE(SUM(CASE WHEN s.card_id IS NULL AND \(heldBack) THEN 1 ELSE 0 END), 0)
            FROM topics t
            LEFT JOIN cards c ON c.topic_id = t.id AND (\(fallback) <> 0 OR c.origin <> 'fallback')
            LEFT JOIN card_states s ON s.card_id = c.id AND s.user_id = \(userID)
            WHERE t.import_staging_id IS NULL
                AND (\(topics) IS NULL OR t.id IN (\(connection.dialect.jsonIntegers(of: topics))))
            GROUP BY t.id
            ORDER BY t.name, t.id
            """,
            operation: "summarise topics for a learner"
        ) { statement in
            var summaries: [TopicStudySummary] = []
            while try await statement.step() {
                summaries.append(
                    TopicStudySummary(
                        topicID: statement.int64(at: 0), name: statement.string(at: 1),
                        algorithm: try statement.algorithm(at: 2, table: "topics"), cardCount: statement.int(at: 3),
                        studiedCount: statement.int(at: 4), dueCount: statement.int(at: 5),
                        knownCount: statement.int(at: 6), heldBackNewCount: statement.int(at: 7)))
            }
            return summaries
        }
    }

    /// The learner's reviews (of one topic, when given), oldest first: what statistics and streaks are made of.
    package func reviewEvents(userID: Int64, topicID: Int64? = nil) async throws -> [ReviewEvent] {
        try await connection.withQuery(
            """
            SELECT c.topic_id, r.reviewed_at, r.rating FROM reviews r JOIN cards c ON c.id = r.card_id
            WHERE r.user_id = \(userID) AND (\(topicID) IS NULL OR c.topic_id = \(topicID))
            ORDER BY r.reviewed_at, r.id
            """,
            operation: "list reviews"
        ) { statement in
            var events: [ReviewEvent] = []
            while try await statement.step() {
                events.append(
                    ReviewEvent(
                        topicID: statement.int64(at: 0), reviewedAt: Date(unixMilliseconds: statement.int64(at: 1)),
                        rating: statement.int(at: 2)))
            }
            return events
        }
    }
}
