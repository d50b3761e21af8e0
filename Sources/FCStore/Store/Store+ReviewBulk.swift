import FCScheduler
import Foundation

/// A batch of reviews outside sessions as the store writes it (FCPipeline's `RecordReview`, which decides each
/// review): in a handful of statements instead of several per review (on PostgreSQL about 4 waits a batch instead
/// of 2 a review), with the same rows as recording the reviews one by one.
///
/// 1. ``Database/beginReviewBulk(_:gamified:ledger:)``: one read of every card's context (topic, algorithm, the
///    learner's state), each learner's time zone and gamification state, and the award keys each learner already
///    holds that the batch's awards could repeat (``BulkAwardKeys``); then one read of the stored reviews the
///    batch's recall windows can reach (``BulkRecall``).
/// 2. Per review, in order, from memory: its context (``Database/bulkReviewContext(_:in:)``: the state the batch's
///    last review of the card left, a recall window of the stored reviews and the batch's earlier ones), then
///    ``add(_:state:topicID:)`` and ``Database/payInBulk(_:userID:in:ledger:)``: an award counts as new unless its
///    key is held or an earlier review of the batch paid it.
/// 3. ``Database/finishReviewBulk(_:)``: multi-row statements for the reviews (their ids in order), the card
///    states, the awards (the rows inserted are checked against those counted as new: a difference fails the
///    batch), the challenges and the daily stats, merged per row as their upserts would have merged them one by one.
///
/// What needs the database as the batch left it so far — a state rebuilt from its log after the topic's algorithm
/// changed, the topic-completion check when a card becomes known, an award whose key the first read could not
/// cover — first writes what is pending and then asks, as one review alone would.
package struct ReviewBulk {
    let cards: BulkCardContexts
    /// By learner and card, as the batch left them; the inner `nil`: never reviewed.
    var states: [CardKey: StoredCardState?]
    var recall: BulkRecall
    var awardKeys: BulkAwardKeys
    var rows = BulkReviewRows()
    var count = 0

    /// A review of the batch, decided: its row and state are written with the batch's, and it enters the windows of
    /// the later ones.
    package mutating func add(_ decision: ReviewDecision, state: StoredCardState, topicID: Int64) {
        rows.add(decision, state: state)
        states[CardKey(userID: state.userID, cardID: state.cardID)] = .some(state)
        recall.add(userID: state.userID, topicID: topicID, at: decision.reviewedAt, rating: decision.rating)
        count += 1
    }
}

extension Database {
    /// Step 1 of ``ReviewBulk``: what the batch reads before its first review, sent together.
    ///
    /// - Parameter gamified: The reviews are gamified: each learner's time zone and gamification state and the
    ///   award keys they hold are read too.
    package func beginReviewBulk(
        _ reviews: [PendingReview], gamified: Bool, ledger: inout GamificationLedger
    ) async throws -> ReviewBulk {
        var seenLearners: Set<Int64> = []
        let learners = reviews.map(\.userID).filter { seenLearners.insert($0).inserted }
        var zoneReads: [(userID: Int64, statement: any SQLStatement)] = []
        if gamified {
            for userID in learners where ledger.zones[userID] == nil && ledger.states[userID] == nil {
                let statement = try connection.freshStatement(
                    for: Self.zoneAndState(userID: userID), operation: "read gamification state")
                try await statement.prefetch()
                zoneReads.append((userID, statement))
            }
        }
        var awardKeys = BulkAwardKeys(times: reviews.compactMap { $0.recallWindow?.time })
        let awardReads = await gamified ? try awardKeys.prefetch(learners, on: connection) : []
        let cards = try await bulkCardContexts(reviews)
        for read in zoneReads {
            try await receive(GamificationRead(statement: read.statement), userID: read.userID, into: &ledger)
        }
        try await awardKeys.read(awardReads)
        // A window that follows the last review is read at the learner's stored last review of the card when that
        // is later (``RecallWindow/followsLastReview``), so the stored reviews read must reach that far. The batch's
        // own earlier reviews never move it further: the recorder dates every answer it reads the clock for at one
        // instant, which no time given in the batch passes (a time ahead of it is recorded as it).
        let windows = reviews.map { review in
            var moved = review
            let stored = cards.states[CardKey(userID: review.userID, cardID: review.cardID)] ?? nil
            moved.recallWindow = review.recallWindow?.following(stored?.lastReview)
            return moved
        }
        let recall = try await BulkRecall.read(windows, cards: cards, on: connection)
        return ReviewBulk(cards: cards, states: cards.states, recall: recall, awardKeys: awardKeys)
    }

    /// What a review of the batch decides from, as ``reviewContext(userID:cardID:window:)`` reads it for one review
    /// alone: from what the batch read and decided so far.
    ///
    /// - Throws: ``StoreError/cardNotFound(id:)``.
    package func bulkReviewContext(_ review: PendingReview, in bulk: inout ReviewBulk) async throws -> ReviewContext {
        guard let card = bulk.cards.cards[review.cardID] else { throw StoreError.cardNotFound(id: review.cardID) }
        var context = ReviewContext(
            userID: review.userID, cardID: review.cardID, topicID: card.topicID, topicAlgorithm: card.algorithm,
            cardCreatedAt: card.createdAt,
            state: bulk.states[CardKey(userID: review.userID, cardID: review.cardID)]
                ?? nil)
        let window = context.place(review.recallWindow)
        if context.needsRebuild {
            try await flush(&bulk.rows)
            context.logForRebuild = try await logForRebuild(of: context, window: window)
        }
        if let window {
            context.recentRecall = bulk.recall.sample(
                userID: review.userID, topicID: card.topicID, before: window.time, size: window.size)
        }
        return context
    }

    /// ``isTopicKnown(topicID:userID:)`` after writing what the batch holds.
    package func isTopicKnown(topicID: Int64, userID: Int64, in bulk: inout ReviewBulk) async throws -> Bool {
        try await flush(&bulk.rows)
        return try await isTopicKnown(topicID: topicID, userID: userID)
    }

    /// Step 3 of ``ReviewBulk``: writes what the batch holds and reads the reviews' ids, in the batch's order.
    package func finishReviewBulk(_ bulk: inout ReviewBulk) async throws -> [Int64] {
        try await flush(&bulk.rows)
        let ids = try await bulk.rows.readReviewIDs()
        guard ids.count == bulk.count else {
            throw StoreError.corruptRow(table: "reviews", column: "id", rowID: Int64(ids.count))
        }
        return ids
    }

    /// ``applyGamification(_:userID:ledger:)`` with the awards, challenges and daily stats kept in `bulk` for the
    /// batch's multi-row statements; boxes and achievements (rare in a review) are written at once, as there.
    package func payInBulk(
        _ write: GamificationWrite, userID: Int64, in bulk: inout ReviewBulk, ledger: inout GamificationLedger
    ) async throws -> GamificationCommit {
        var commit = GamificationCommit()
        var xpByDay: [String: Int] = [:]
        var uncovered: [AwardRecord] = []
        for award in write.awards where !commit.insertedKeys.contains(award.key) {
            guard bulk.awardKeys.covers(award, userID: userID) else {
                uncovered.append(award)
                continue
            }
            guard bulk.awardKeys.insert(award.key, userID: userID) else { continue }
            bulk.rows.awards.append((userID, award, write.sessionID))
            commit.insertedKeys.insert(award.key)
            commit.paidXP += award.xp
            xpByDay[award.day, default: 0] += award.xp
        }
        if !uncovered.isEmpty {
            // Asked of the database, as one review alone asks, after what the batch wrote so far.
            try await flush(&bulk.rows)
            let inserted = try await insertAwards(uncovered, userID: userID, sessionID: write.sessionID)
            for award in uncovered where inserted.contains(award.key) && !commit.insertedKeys.contains(award.key) {
                _ = bulk.awardKeys.insert(award.key, userID: userID)
                commit.insertedKeys.insert(award.key)
                commit.paidXP += award.xp
                xpByDay[award.day, default: 0] += award.xp
            }
        }
        for challenge in write.challenges { bulk.rows.merge(challenge, userID: userID) }
        for box in write.boxesEarned { try await insertBox(box, userID: userID) }
        for opening in write.boxesOpened { try await openBox(opening, userID: userID) }
        for achievement in write.achievements { try await insertAchievement(achievement, userID: userID) }
        if write.isPerfectSessionAnswer, let sessionID = write.sessionID {
            try await countPerfectAnswer(sessionID: sessionID)
        }
        if let stats = write.dailyStats {
            bulk.rows.merge(stats, userID: userID, addingXP: xpByDay[stats.day] ?? 0)
        }
        for (day, xp) in xpByDay where day != write.dailyStats?.day {
            bulk.rows.merge(
                DailyStatsRecord(userID: userID, day: day, cardsReviewed: 0, topicsExplored: 0, achievements: 0),
                userID: userID, addingXP: xp)
        }
        commit.totalXP = await (try state(userID: userID, ledger: &ledger)?.totalXP ?? 0) + commit.paidXP
        ledger.update(userID: userID, stateJSON: write.stateJSON, totalXP: commit.totalXP, updatedAt: write.updatedAt)
        return commit
    }

    /// Every card's context for the batch, in one statement: topic, algorithm, creation time, and each reviewing
    /// learner's stored state.
    private func bulkCardContexts(_ reviews: [PendingReview]) async throws -> BulkCardContexts {
        var seen: Set<CardKey> = []
        let pairs = reviews.map { CardKey(userID: $0.userID, cardID: $0.cardID) }.filter { seen.insert($0).inserted }
        let dialect = connection.dialect
        let cards = dialect.jsonIntegerTable(Self.jsonArray(pairs.map(\.cardID)), alias: "j")
        let learners = dialect.jsonIntegerTable(Self.jsonArray(pairs.map(\.userID)), alias: "u")
        return try await connection.withQuery(
            """
            SELECT c.id, c.topic_id, c.created_at, t.algorithm, u.value, \(raw: Self.stateColumns(alias: "s"))
            FROM \(cards) JOIN \(learners) ON u.key = j.key
                JOIN cards c ON c.id = j.value JOIN topics t ON t.id = c.topic_id
                LEFT JOIN card_states s ON s.user_id = u.value AND s.card_id = c.id
            """,
            operation: "read cards for reviews"
        ) { statement in
            var contexts = BulkCardContexts()
            while try await statement.step() {
                let cardID = statement.int64(at: 0)
                contexts.cards[cardID] = BulkCardContexts.Card(
                    topicID: statement.int64(at: 1), createdAt: Date(unixMilliseconds: statement.int64(at: 2)),
                    algorithm: try statement.algorithm(at: 3, table: "topics"))
                let key = CardKey(userID: statement.int64(at: 4), cardID: cardID)
                contexts.states[key] = .some(statement.isNull(at: 5) ? nil : try Self.state(from: statement, at: 5))
            }
            return contexts
        }
    }

    /// Sends what `rows` holds (reviews, states, awards, challenges, daily stats) and empties it; the reviews' ids
    /// and the inserted awards are read later (``BulkReviewRows/readReviewIDs()``), with the next wait.
    func flush(_ rows: inout BulkReviewRows) async throws {
        try await sendBulkReviews(&rows)
        if faultAfterReviewInsert && !rows.insertedReviews.isEmpty {
            throw StoreError.injectedFault(afterCardInserts: 0)
        }
        try await sendBulkStates(&rows)
        try await sendBulkAwards(&rows)
        try await sendBulkChallenges(&rows)
        try await sendBulkDailyStats(&rows)
    }
}

/// The cards a batch reviews, and each reviewing learner's stored state of them.
struct BulkCardContexts {
    struct Card {
        var topicID: Int64
        var createdAt: Date
        var algorithm: SchedulingAlgorithm
    }

    var cards: [Int64: Card] = [:]
    /// By learner and card; the inner `nil`: never reviewed.
    var states: [CardKey: StoredCardState?] = [:]
}
