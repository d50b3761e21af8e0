import FCCore
import FCScheduler
import Foundation

extension Database {
    /// What a review decides from: the card, its topic's algorithm, the learner's state of it and, when `window`
    /// applies to the topic's algorithm, the recall window (``recentRecall(userID:topicID:before:window:)``).
    ///
    /// On PostgreSQL that is ONE statement (the window through `fcgen_recent_recall`, given a size of 0 when the
    /// topic's algorithm does not use it), so a review waits once for all it reads; SQLite reads the window with
    /// a second statement, which costs it no round trip.
    ///
    /// A window that follows the last review (``RecallWindow/followsLastReview``: a time read from the clock) is
    /// read at the learner's last review of the card when that is later, on PostgreSQL inside the statement, and
    /// the context's ``ReviewContext/reviewTime`` carries the time it was read at.
    package func reviewContext(userID: Int64, cardID: Int64, window requested: RecallWindow?) async throws
        -> ReviewContext
    {
        var ledger: GamificationLedger?
        return try await readContext(userID: userID, cardID: cardID, window: requested, into: &ledger)
    }

    /// ``reviewContext(userID:cardID:window:)`` and, on PostgreSQL, the learner's time zone and gamification state
    /// into `ledger` (when it has neither yet) in the same statement: a gamified review's reads in one round trip.
    /// On SQLite the ledger reads them with a statement of its own (``sendGamificationRead(userID:ledger:)``).
    package func reviewContext(
        userID: Int64, cardID: Int64, window requested: RecallWindow?, ledger: inout GamificationLedger
    ) async throws -> ReviewContext {
        let reads = connection.dialect == .postgres && ledger.zones[userID] == nil && ledger.states[userID] == nil
        if !reads, let read = try await sendGamificationRead(userID: userID, ledger: ledger) {
            defer { read.release() }
            let context = try await reviewContext(userID: userID, cardID: cardID, window: requested)
            try await receive(read, userID: userID, into: &ledger)
            return context
        }
        var read: GamificationLedger? = reads ? ledger : nil
        let context = try await readContext(userID: userID, cardID: cardID, window: requested, into: &read)
        if let read { ledger = read }
        return context
    }

    /// The context, with the gamification columns into `ledger` when it is given (PostgreSQL only).
    private func readContext(
        userID: Int64, cardID: Int64, window requested: RecallWindow?, into ledger: inout GamificationLedger?
    ) async throws -> ReviewContext {
        let dialect = connection.dialect
        var recall: RecallSample?
        let query = Self.reviewContextQuery(
            dialect, cardID: cardID, userID: userID, window: requested, gamification: ledger != nil)
        let (card, state) = try await connection.withServerPreparedQuery(query, operation: "read card for review") {
            statement in
            guard try await statement.step() else { throw StoreError.cardNotFound(id: cardID) }
            let card = (
                topicID: statement.int64(at: 0), createdAt: statement.int64(at: 1),
                algorithm: try statement.algorithm(at: 2, table: "topics")
            )
            if dialect == .postgres, requested?.applies(to: card.algorithm) == true {
                recall = RecallSample(reviews: statement.int(at: 16), passed: statement.int(at: 17))
            }
            if ledger != nil { Self.readZoneAndState(from: statement, at: 18, userID: userID, into: &ledger) }
            return (card, statement.isNull(at: 3) ? nil : try Self.state(from: statement, at: 3))
        }
        var context = ReviewContext(
            userID: userID, cardID: cardID, topicID: card.topicID, topicAlgorithm: card.algorithm,
            cardCreatedAt: Date(unixMilliseconds: card.createdAt), state: state)
        // The same move PostgreSQL's statement made for the window it read.
        let window = context.place(requested)
        if context.needsRebuild { context.logForRebuild = try await logForRebuild(of: context, window: window) }
        if let window {
            context.recentRecall =
                if let recall { recall } else {
                    try await recentRecall(
                        userID: userID, topicID: card.topicID, before: window.time, window: window.size)
                }
        }
        return context
    }

    /// The review log a context whose state needs a rebuild (``ReviewContext/needsRebuild``) carries: each entry
    /// with its own recall window when the review reads one (`window`, placed), the plain log otherwise.
    func logForRebuild(of context: ReviewContext, window: RecallWindow?) async throws -> [StoredReview] {
        if let window {
            try await reviewLog(
                userID: context.userID, cardID: context.cardID, topicID: context.topicID, window: window.size)
        } else {
            try await reviewLog(userID: context.userID, cardID: context.cardID)
        }
    }

    /// The card, its topic's algorithm and the learner's state; on PostgreSQL also the recall window's
    /// `(reviews, passed)` as columns 16 and 17 (`window`'s time and size when the topic's algorithm is among its
    /// algorithms, size 0 otherwise; a window that follows the last review is read at the state's `last_review`
    /// when that is after its time, as ``RecallWindow/following(_:)`` moves it), and with `gamification` the
    /// learner's time zone and gamification state as columns 18 to 22 (``zoneAndState(userID:)``'s columns).
    static func reviewContextQuery(
        _ dialect: SQLDialect, cardID: Int64, userID: Int64, window: RecallWindow?, gamification: Bool = false
    ) -> StoreQuery {
        switch dialect {
        case .sqlite:
            return """
                \(raw: reviewContextColumns)
                FROM cards c JOIN topics t ON t.id = c.topic_id
                    LEFT JOIN card_states s ON s.user_id = \(userID) AND s.card_id = c.id
                WHERE c.id = \(cardID)
                """
        case .postgres:
            let time = (window?.time ?? Date(unixMilliseconds: 0)).unixMilliseconds
            let algorithms = Self.jsonStrings(window?.algorithms.map(\.rawValue).sorted() ?? [])
            let follows = window?.followsLastReview == true ? 1 : 0
            return """
                \(raw: reviewContextColumns), w.reviews, w.passed\(raw: gamification ? gamificationColumns : "")
                FROM cards c JOIN topics t ON t.id = c.topic_id
                    LEFT JOIN card_states s ON s.user_id = \(userID) AND s.card_id = c.id
                    LEFT JOIN LATERAL fcgen_recent_recall(\(userID), c.topic_id,
                        CASE WHEN \(follows) <> 0 AND s.last_review > \(time) THEN s.last_review ELSE \(time) END,
                        CASE WHEN t.algorithm IN (SELECT json_array_elements_text(CAST(\(algorithms) AS json)))
                            THEN \(window?.size ?? 0) ELSE 0 END
                    ) w ON TRUE\(gamification ? gamificationJoins(userID: userID) : "")
                WHERE c.id = \(cardID)
                """
        }
    }

    private static let gamificationColumns = ", u.time_zone, g.user_id, g.state_json, g.total_xp, g.updated_at"

    private static func gamificationJoins(userID: Int64) -> StoreQuery {
        """

            LEFT JOIN users u ON u.id = \(userID) LEFT JOIN gamification_state g ON g.user_id = u.id
        """
    }

    /// The columns every review reads its context with, made once.
    private static let reviewContextColumns =
        "SELECT c.topic_id, c.created_at, t.algorithm, \(stateColumns(alias: "s"))"

    /// `strings` as a JSON array (every PostgreSQL review binds one: `JSONString`, not a `JSONEncoder` per review).
    static func jsonStrings(_ strings: [String]) -> String {
        var json = "["
        for (index, string) in strings.enumerated() {
            if index > 0 { json += "," }
            JSONString.quote(string, into: &json)
        }
        return json + "]"
    }
}
