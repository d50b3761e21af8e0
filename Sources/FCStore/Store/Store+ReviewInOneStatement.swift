import FCCore

/// A review's writes on PostgreSQL as one data-modifying statement (``ReviewRepository/writeReview(_:ledger:)``):
/// one round trip for what took eight (the review `RETURNING id`, the card state, the awards `RETURNING` what was
/// inserted, the challenges, boxes, achievements, daily stats and the gamification state).
///
/// The statement's parts see one snapshot and none sees another's rows, so each table is written by one part
/// only, and what depends on another part's result reads its `RETURNING`: the daily stats and the learner's total
/// XP add only the XP of the awards actually inserted (`aw`), as ``Database/applyGamification(_:userID:ledger:)``
/// does with the awards' answer. The learner is locked before (the transaction's first statement), so the state
/// and total read then are still the learner's.
extension Database {
    func writeReviewInOneStatement(_ rows: ReviewRows, ledger: inout GamificationLedger) async throws
        -> WrittenReview
    {
        let userID = rows.state.userID
        var parts: [StoreQuery] = [
            """
            r AS (\(raw: Self.reviewInsert) VALUES \(Self.reviewRow(rows.decision, state: rows.state, sessionID: nil))
                RETURNING id)
            """,
            "s AS (\(raw: Self.stateInsert) VALUES \(Self.stateRow(rows.state)) \(raw: Self.stateMerge))",
        ]
        var storedTotal = 0
        if let write = rows.gamification {
            storedTotal = try await state(userID: userID, ledger: &ledger)?.totalXP ?? 0
            parts += Self.gamificationParts(write, userID: userID, storedTotal: storedTotal, ledger: ledger)
        } else {
            parts.append("aw AS (SELECT '' AS kind, '' AS reference, CAST(0 AS BIGINT) AS xp WHERE FALSE)")
        }
        let query: StoreQuery =
            "WITH \(StoreQuery.joined(parts, separator: ", ")) SELECT r.id, aw.kind, aw.reference, aw.xp FROM r LEFT JOIN aw ON TRUE"
        let (reviewID, inserted) = try await connection.withServerPreparedQuery(query, operation: "write review") {
            statement in
            var reviewID: Int64?
            var paid = GamificationCommit()
            while try await statement.step() {
                reviewID = statement.int64(at: 0)
                guard !statement.isNull(at: 1) else { continue }
                paid.insertedKeys.insert("\(statement.string(at: 1)):\(statement.string(at: 2))")
                paid.paidXP += statement.int(at: 3)
            }
            guard let reviewID else { throw StoreError.corruptRow(table: "reviews", column: "id", rowID: 0) }
            return (reviewID, paid)
        }
        guard let write = rows.gamification else { return WrittenReview(reviewID: reviewID, gamification: nil) }
        var paid = inserted
        paid.totalXP = storedTotal + paid.paidXP
        ledger.update(userID: userID, stateJSON: write.stateJSON, totalXP: paid.totalXP, updatedAt: write.updatedAt)
        ledger.markSaved(userID: userID)
        return WrittenReview(reviewID: reviewID, gamification: paid)
    }

    /// The statement's gamification parts: `aw` (the awards inserted), then the challenges, boxes, achievements,
    /// daily stats and state that read it.
    private static func gamificationParts(
        _ write: GamificationWrite, userID: Int64, storedTotal: Int, ledger: GamificationLedger
    ) -> [StoreQuery] {
        var parts: [StoreQuery] = []
        var seen: Set<String> = []
        let awards = write.awards.filter { seen.insert($0.key).inserted }
        if awards.isEmpty {
            parts.append("aw AS (SELECT '' AS kind, '' AS reference, CAST(0 AS BIGINT) AS xp, '' AS day WHERE FALSE)")
        } else {
            let rows = values(awards.map { awardRow($0, userID: userID, sessionID: nil) })
            parts.append(
                "aw AS (\(raw: awardInsert) VALUES \(rows) ON CONFLICT DO NOTHING RETURNING kind, reference, xp, day)"
            )
        }
        let challenges = mergedChallenges(write.challenges)
        if !challenges.isEmpty {
            let rows = values(challenges.map { challengeRow($0, userID: userID) })
            parts.append("ch AS (\(raw: challengeInsert) VALUES \(rows) \(raw: challengeMerge))")
        }
        if !write.boxesEarned.isEmpty {
            let rows = values(
                write.boxesEarned.map { box in
                    """
                    (\(userID), \(box.boxID), \(box.sessionID), \(box.ordinal), \(box.rarity),
                        \(box.earnedAt.unixMilliseconds))
                    """
                })
            parts.append(
                """
                bx AS (INSERT INTO boxes (user_id, box_id, session_id, ordinal, rarity, earned_at) VALUES \(rows)
                    ON CONFLICT DO NOTHING)
                """)
        }
        if !write.achievements.isEmpty {
            let rows = values(
                write.achievements.map { "(\(userID), \($0.achievementID), \($0.unlockedAt.unixMilliseconds))" })
            parts.append(
                """
                ac AS (INSERT INTO achievements (user_id, achievement_id, unlocked_at) VALUES \(rows)
                    ON CONFLICT DO NOTHING)
                """)
        }
        // The day's counters always; another day's row only when an award of that day was inserted (`keep` 0).
        var days: [StoreQuery] = []
        if let stats = write.dailyStats {
            days.append(
                """
                (\(userID), \(stats.day), \(stats.cardsReviewed), \(stats.topicsExplored), \(stats.achievements), 1)
                """)
        }
        var awardDays: [String] = []
        for award in awards where award.day != write.dailyStats?.day && !awardDays.contains(award.day) {
            awardDays.append(award.day)
            days.append("(\(userID), \(award.day), 0, 0, 0, 0)")
        }
        if !days.isEmpty {
            parts.append(
                """
                ds AS (\(raw: dailyStatsInsert)
                    SELECT v.u, v.d, v.c, v.t, v.a, (SELECT CAST(COALESCE(SUM(aw.xp), 0) AS BIGINT) FROM aw
                        WHERE aw.day = v.d)
                    FROM (VALUES \(values(days))) AS v (u, d, c, t, a, keep)
                    WHERE v.keep <> 0 OR EXISTS (SELECT 1 FROM aw WHERE aw.day = v.d)
                    \(raw: dailyStatsMerge))
                """)
        }
        let old: StoredGamificationState? = ledger.states[userID] ?? nil
        let stateJSON = write.stateJSON ?? old?.stateJSON ?? ""
        parts.append(
            """
            g AS (INSERT INTO gamification_state (user_id, state_json, total_xp, updated_at) VALUES (\(userID),
                \(stateJSON), \(storedTotal) + (SELECT CAST(COALESCE(SUM(aw.xp), 0) AS BIGINT) FROM aw),
                \(write.updatedAt.unixMilliseconds))
                ON CONFLICT (user_id) DO UPDATE SET
                    state_json = excluded.state_json, total_xp = excluded.total_xp, updated_at = excluded.updated_at)
            """)
        return parts
    }
}
