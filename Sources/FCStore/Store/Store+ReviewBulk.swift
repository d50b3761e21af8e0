import FCScheduler
import Foundation

extension Database {
    /// A batch of reviews outside sessions (FCPipeline's `RecordReview.record(_:in:decide:gamify:)`), in a handful of statements instead of
    /// several per review (on PostgreSQL about 4 waits a batch instead of 2 a review), with the same results as
    /// recording the reviews one by one:
    ///
    /// 1. One read of every card's context (topic, algorithm, the learner's state), each learner's time zone and
    ///    gamification state, and the award keys each learner already holds that the batch's awards could repeat
    ///    (``BulkAwardKeys``); then one read of the stored reviews the batch's recall windows can reach
    ///    (``BulkRecall``).
    /// 2. Each review in order, in memory: its state is the one the batch's last review of the card left, its
    ///    recall window counts the stored reviews and the batch's earlier ones, an award counts as new unless its
    ///    key is held or an earlier review of the batch paid it.
    /// 3. Multi-row statements for the reviews (their ids in order), the card states, the awards (the rows
    ///    inserted are checked against those counted as new: a difference fails the batch), the challenges and the
    ///    daily stats, merged per row as their upserts would have merged them one by one.
    ///
    /// What needs the database as the batch left it so far — a state rebuilt from its log after the topic's
    /// algorithm changed, the topic-completion check when a card becomes known, an award whose key the first read
    /// could not cover — first writes what is pending and then asks, as one review alone would.
    package func recordReviewsInBulk(
        _ reviews: [PendingReview], decide: (ReviewContext, Int) throws -> ReviewDecision,
        gamify: ((GamificationInput, Int) throws -> GamificationWrite?)?, ledger: inout GamificationLedger
    ) async throws -> [RecordedReview] {
        var rows = BulkReviewRows()
        var seenLearners: Set<Int64> = []
        let learners = reviews.map(\.userID).filter { seenLearners.insert($0).inserted }
        var zoneReads: [(userID: Int64, statement: any SQLStatement)] = []
        if gamify != nil {
            for userID in learners where ledger.zones[userID] == nil && ledger.states[userID] == nil {
                let statement = try connection.freshStatement(
                    for: Self.zoneAndState(userID: userID), operation: "read gamification state")
                try await statement.prefetch()
                zoneReads.append((userID, statement))
            }
        }
        var awardKeys = BulkAwardKeys(times: reviews.compactMap { $0.recallWindow?.time })
        let awardReads = await gamify == nil ? [] : try awardKeys.prefetch(learners, on: connection)
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
        var recall = try await BulkRecall.read(windows, cards: cards, on: connection)

        var states: [CardKey: StoredCardState?] = cards.states
        var results: [(reviewedAt: Date, state: StoredCardState, commit: GamificationCommit?)] = []
        results.reserveCapacity(reviews.count)
        for (index, review) in reviews.enumerated() {
            let key = CardKey(userID: review.userID, cardID: review.cardID)
            guard let card = cards.cards[review.cardID] else { throw StoreError.cardNotFound(id: review.cardID) }
            let before = states[key] ?? nil
            var context = ReviewContext(
                userID: review.userID, cardID: review.cardID, topicID: card.topicID, topicAlgorithm: card.algorithm,
                cardCreatedAt: card.createdAt, state: before)
            let moved = review.recallWindow?.following(before?.lastReview)
            if let moved, moved.followsLastReview { context.reviewTime = moved.time }
            let window = moved.flatMap { $0.size > 0 && $0.algorithms.contains(card.algorithm) ? $0 : nil }
            if let before, before.algorithm != card.algorithm {
                try await flush(&rows)
                context.logForRebuild =
                    if let window {
                        try await reviewLog(
                            userID: review.userID, cardID: review.cardID, topicID: card.topicID, window: window.size)
                    } else {
                        try await reviewLog(userID: review.userID, cardID: review.cardID)
                    }
            }
            if let window {
                context.recentRecall = recall.sample(
                    userID: review.userID, topicID: card.topicID, before: window.time, size: window.size)
            }
            let decision = try decide(context, index)
            var state = decision.state
            state.userID = review.userID
            state.cardID = review.cardID
            rows.add(decision, state: state)
            states[key] = .some(state)
            recall.add(userID: review.userID, topicID: card.topicID, at: decision.reviewedAt, rating: decision.rating)
            var commit: GamificationCommit?
            for award in decision.awards {
                switch award {
                case .gamification(let write):
                    commit = try await applyInBulk(
                        write, userID: review.userID, rows: &rows, keys: &awardKeys, ledger: &ledger
                    ).merged(into: commit)
                }
            }
            if let gamify {
                var input = try await gamificationInput(userID: review.userID, sessionID: nil, ledger: &ledger)
                var completes = false
                if state.isKnown {
                    try await flush(&rows)
                    completes = try await isTopicKnown(topicID: card.topicID, userID: review.userID)
                }
                input.card = AnsweredCard(
                    cardID: review.cardID, topicID: card.topicID, lastReviewBefore: before?.lastReview,
                    completesTopic: completes, reviewedAt: decision.reviewedAt)
                if let write = try gamify(input, index) {
                    commit = try await applyInBulk(
                        write, userID: review.userID, rows: &rows, keys: &awardKeys, ledger: &ledger
                    ).merged(into: commit)
                }
            }
            results.append((decision.reviewedAt, state, commit))
        }
        try await flush(&rows)
        let ids = try await rows.readReviewIDs()
        guard ids.count == results.count else {
            throw StoreError.corruptRow(table: "reviews", column: "id", rowID: Int64(ids.count))
        }
        return zip(ids, results).map { id, result in
            RecordedReview(
                reviewID: id, reviewedAt: result.reviewedAt, state: result.state, session: nil,
                gamification: result.commit)
        }
    }

    /// ``applyGamification(_:userID:ledger:)`` with the awards, challenges and daily stats kept in `rows` for the
    /// batch's multi-row statements; boxes and achievements (rare in a review) are written at once, as there.
    private func applyInBulk(
        _ write: GamificationWrite, userID: Int64, rows: inout BulkReviewRows, keys: inout BulkAwardKeys,
        ledger: inout GamificationLedger
    ) async throws -> GamificationCommit {
        var commit = GamificationCommit()
        var xpByDay: [String: Int] = [:]
        var uncovered: [AwardRecord] = []
        for award in write.awards where !commit.insertedKeys.contains(award.key) {
            guard keys.covers(award, userID: userID) else {
                uncovered.append(award)
                continue
            }
            guard keys.insert(award.key, userID: userID) else { continue }
            rows.awards.append((userID, award, write.sessionID))
            commit.insertedKeys.insert(award.key)
            commit.paidXP += award.xp
            xpByDay[award.day, default: 0] += award.xp
        }
        if !uncovered.isEmpty {
            // Asked of the database, as one review alone asks, after what the batch wrote so far.
            try await flush(&rows)
            let inserted = try await insertAwards(uncovered, userID: userID, sessionID: write.sessionID)
            for award in uncovered where inserted.contains(award.key) && !commit.insertedKeys.contains(award.key) {
                _ = keys.insert(award.key, userID: userID)
                commit.insertedKeys.insert(award.key)
                commit.paidXP += award.xp
                xpByDay[award.day, default: 0] += award.xp
            }
        }
        for challenge in write.challenges { rows.merge(challenge, userID: userID) }
        for box in write.boxesEarned { try await insertBox(box, userID: userID) }
        for opening in write.boxesOpened { try await openBox(opening, userID: userID) }
        for achievement in write.achievements { try await insertAchievement(achievement, userID: userID) }
        if write.isPerfectSessionAnswer, let sessionID = write.sessionID {
            try await countPerfectAnswer(sessionID: sessionID)
        }
        if let stats = write.dailyStats { rows.merge(stats, userID: userID, addingXP: xpByDay[stats.day] ?? 0) }
        for (day, xp) in xpByDay where day != write.dailyStats?.day {
            rows.merge(
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
