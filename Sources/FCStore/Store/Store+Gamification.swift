import Foundation

extension Database {
    /// The learner's persisted gamification state; `nil` before their first gamified event.
    package func gamificationState(userID: Int64) async throws -> StoredGamificationState? {
        try await connection.withQuery(
            "SELECT state_json, total_xp, updated_at FROM gamification_state WHERE user_id = \(userID)",
            operation: "read gamification state"
        ) { statement in
            guard try await statement.step() else { return nil }
            return StoredGamificationState(
                userID: userID, stateJSON: statement.string(at: 0), totalXP: statement.int(at: 1),
                updatedAt: Date(unixMilliseconds: statement.int64(at: 2)))
        }
    }

    /// Locks the learners' rows until the transaction ends, in id order, before anything of theirs is read: every
    /// transaction that reads and then writes a learner's state (reviews, answers, gamification) starts with it.
    ///
    /// On PostgreSQL two processes recording answers of one learner at once would otherwise both read the same
    /// gamification state and card state, and the later write would lose the earlier one's XP and schedule (the
    /// `ConcurrentGamificationTests` case). Locking first, in one order, keeps two such transactions from
    /// deadlocking on each other's rows. SQLite needs nothing: `BEGIN IMMEDIATE` lets one writer in at a time.
    ///
    /// Pipelined: nobody reads the answer, and PostgreSQL runs a connection's statements in order, so the reads
    /// sent after it run once the lock is held (each with a snapshot taken then); a failure (a deadlock) fails the
    /// next statement that waits.
    package func lockLearners(_ userIDs: some Sequence<Int64>) async throws {
        guard connection.dialect == .postgres else { return }
        for userID in Set(userIDs).sorted() {
            try await connection.withServerPreparedQuery(
                "SELECT 1 FROM users WHERE id = \(userID) FOR UPDATE", operation: "lock learner"
            ) { statement in
                try await statement.runPipelined()
            }
        }
    }

    /// The input for a gamification step, read inside the caller's transaction: the time zone and the state come
    /// from `ledger` when an earlier step of the transaction read or wrote them.
    package func gamificationInput(
        userID: Int64, sessionID: Int64?, ledger: inout GamificationLedger
    ) async throws -> GamificationInput {
        if ledger.zones[userID] == nil && ledger.states[userID] == nil {
            try await readZoneAndState(userID: userID, into: &ledger)
        }
        let zone: String?
        if let known = ledger.zones[userID] {
            zone = known
        } else {
            zone = try await connection.withQuery(
                "SELECT time_zone FROM users WHERE id = \(userID)", operation: "read learner time zone"
            ) { statement in
                return try await statement.step() ? statement.optionalString(at: 0) : nil
            }
            ledger.zones[userID] = .some(zone)
        }
        return await GamificationInput(
            userID: userID, timeZone: zone, stored: try state(userID: userID, ledger: &ledger), sessionID: sessionID)
    }

    /// The learner's time zone and gamification state in one query (one round trip on PostgreSQL), into `ledger`;
    /// nothing when the learner is unknown (the separate reads then answer as they would have).
    private func readZoneAndState(userID: Int64, into ledger: inout GamificationLedger) async throws {
        try await connection.withServerPreparedQuery(
            Self.zoneAndState(userID: userID), operation: "read gamification state"
        ) { statement in
            try await readZoneAndState(from: statement, userID: userID, into: &ledger)
        }
    }

    /// The read of ``readZoneAndState(userID:into:)`` sent ahead (``sendGamificationRead(userID:ledger:)``), to be
    /// received (``receive(_:userID:into:)``) before anything else runs on its statement.
    ///
    /// Whoever sends it must `release()` it when done (a `defer` right after the send): a read left unreceived, as
    /// when the card's read throws, would otherwise hold its cached statement mid-answer for the connection's next
    /// transaction.
    package struct GamificationRead {
        let statement: any SQLStatement

        /// Rewinds the statement, received or not.
        package func release() { statement.reset() }
    }

    /// Sends the learner's time zone and gamification state read ahead when `ledger` has neither yet (PostgreSQL
    /// answers it with the next read: one wait for both); `nil` when the ledger has them.
    package func sendGamificationRead(userID: Int64, ledger: GamificationLedger) async throws -> GamificationRead? {
        guard ledger.zones[userID] == nil && ledger.states[userID] == nil else { return nil }
        let statement = try connection.serverPreparedStatement(
            for: Self.zoneAndState(userID: userID), operation: "read gamification state")
        try await statement.prefetch()
        return GamificationRead(statement: statement)
    }

    /// Reads the answer of ``sendGamificationRead(userID:ledger:)`` into `ledger`.
    package func receive(_ read: GamificationRead, userID: Int64, into ledger: inout GamificationLedger)
        async throws
    {
        try await readZoneAndState(from: read.statement, userID: userID, into: &ledger)
    }

    /// Reads the answer of the statement just bound (or sent ahead) into `ledger`, and resets the statement.
    private func readZoneAndState(
        from statement: any SQLStatement, userID: Int64, into ledger: inout GamificationLedger
    ) async throws {
        defer { statement.reset() }
        guard try await statement.step() else { return }
        var read: GamificationLedger? = ledger
        Self.readZoneAndState(from: statement, at: 0, userID: userID, into: &read)
        if let read { ledger = read }
    }

    /// Reads the five columns of ``zoneAndState(userID:)`` from `first` on, in the row `statement` is on.
    static func readZoneAndState(
        from statement: any SQLStatement, at first: Int32, userID: Int64, into ledger: inout GamificationLedger?
    ) {
        ledger?.zones[userID] = .some(statement.optionalString(at: first))
        ledger?.states[userID] = .some(
            statement.isNull(at: first + 1)
                ? nil
                : StoredGamificationState(
                    userID: userID, stateJSON: statement.string(at: first + 2), totalXP: statement.int(at: first + 3),
                    updatedAt: Date(unixMilliseconds: statement.int64(at: first + 4))))
    }

    static func zoneAndState(userID: Int64) -> StoreQuery {
        """
        SELECT u.time_zone, g.user_id, g.state_json, g.total_xp, g.updated_at
        FROM users u LEFT JOIN gamification_state g ON g.user_id = u.id WHERE u.id = \(userID)
        """
    }

    /// The learner's state as of this point of the transaction (the row, or what an earlier step wrote).
    func state(userID: Int64, ledger: inout GamificationLedger) async throws -> StoredGamificationState? {
        if let known = ledger.states[userID] { return known }
        let stored = try await gamificationState(userID: userID)
        ledger.states[userID] = .some(stored)
        return stored
    }

    /// Saves the states `ledger` changed, one row per learner; must run inside the ledger's transaction.
    ///
    /// - Throws: ``StoreError/gamificationStateNotEncoded(userID:)`` when a learner's last step left the state
    ///   unencoded; the caller's transaction then rolls back.
    package func save(_ ledger: GamificationLedger) async throws {
        if let userID = ledger.unencoded.min() { throw StoreError.gamificationStateNotEncoded(userID: userID) }
        for userID in ledger.changed {
            guard case .some(.some(let state)) = ledger.states[userID] else { continue }
            try await saveState(state)
        }
    }

    /// Writes one step's results; must run inside a transaction.
    ///
    /// Awards first, `ON CONFLICT DO NOTHING`: only inserted awards add XP (to `total_xp` and the day's `daily_stats`),
    /// so an award the ledger already holds pays nothing whatever the engine's state said.
    /// The new state goes to `ledger` (saved by ``save(_:)``), with the total XP it read plus what was paid.
    package func applyGamification(
        _ write: GamificationWrite, userID: Int64, ledger: inout GamificationLedger
    ) async throws -> GamificationCommit {
        var commit = GamificationCommit()
        var xpByDay: [String: Int] = [:]
        let inserted = try await insertAwards(write.awards, userID: userID, sessionID: write.sessionID)
        for award in write.awards where inserted.contains(award.key) && !commit.insertedKeys.contains(award.key) {
            commit.insertedKeys.insert(award.key)
            commit.paidXP += award.xp
            xpByDay[award.day, default: 0] += award.xp
        }
        try await upsertChallenges(write.challenges, userID: userID)
        for box in write.boxesEarned { try await insertBox(box, userID: userID) }
        for opening in write.boxesOpened { try await openBox(opening, userID: userID) }
        for achievement in write.achievements { try await insertAchievement(achievement, userID: userID) }
        if let stats = write.dailyStats {
            try await upsertDailyStats(stats, userID: userID, addingXP: xpByDay[stats.day] ?? 0)
        }
        for (day, xp) in xpByDay where day != write.dailyStats?.day {
            try await upsertDailyStats(
                DailyStatsRecord(userID: userID, day: day, cardsReviewed: 0, topicsExplored: 0, achievements: 0),
                userID: userID, addingXP: xp)
        }
        if write.isPerfectSessionAnswer, let sessionID = write.sessionID {
            try await countPerfectAnswer(sessionID: sessionID)
        }
        commit.totalXP = await (try state(userID: userID, ledger: &ledger)?.totalXP ?? 0) + commit.paidXP
        ledger.update(
            userID: userID, stateJSON: write.stateJSON, totalXP: commit.totalXP, updatedAt: write.updatedAt)
        return commit
    }

    /// Counts a session answer recalled on the first try.
    func countPerfectAnswer(sessionID: Int64) async throws {
        try await connection.withQuery(
            "UPDATE sessions SET perfect = perfect + 1 WHERE id = \(sessionID)", operation: "count perfect answer"
        ) { statement in
            try await statement.runPipelined()
        }
    }

    /// Inserts the awards the ledger does not hold yet in one statement (one wait on PostgreSQL, whatever their
    /// number) and returns the keys of those inserted; a key given twice is inserted once, as one at a time would.
    func insertAwards(_ awards: [AwardRecord], userID: Int64, sessionID: Int64?) async throws -> Set<String> {
        var seen: Set<String> = []
        let unique = awards.filter { seen.insert($0.key).inserted }
        guard !unique.isEmpty else { return [] }
        guard connection.dialect.insertsReturnRows else {
            // SQLite: one cached single-row insert per award, each asked whether it inserted (see
            // `SQLDialect.insertsReturnRows`); a review's step holds one to three.
            var inserted: Set<String> = []
            for award in unique {
                try await connection.runQuery(
                    """
                    \(raw: Self.awardInsert) VALUES \(Self.awardRow(award, userID: userID, sessionID: sessionID))
                    ON CONFLICT DO NOTHING
                    """, operation: "insert award")
                if await connection.changes > 0 { inserted.insert(award.key) }
            }
            return inserted
        }
        let rows = Self.values(unique.map { Self.awardRow($0, userID: userID, sessionID: sessionID) })
        return try await connection.withServerPreparedQuery(
            "\(raw: Self.awardInsert) VALUES \(rows) ON CONFLICT DO NOTHING RETURNING kind, reference",
            operation: "insert award"
        ) { statement in
            var inserted: Set<String> = []
            while try await statement.step() {
                inserted.insert("\(statement.string(at: 0)):\(statement.string(at: 1))")
            }
            return inserted
        }
    }

    /// Writes a step's challenges in one multi-row upsert (a review's step holds one to three: on PostgreSQL each
    /// statement is a round trip). A (day, kind) given twice is merged first, as two upserts in a row would merge
    /// it: the larger progress and the first completion; one statement may not touch a row twice.
    private func upsertChallenges(_ challenges: [ChallengeRecord], userID: Int64) async throws {
        guard !challenges.isEmpty else { return }
        let rows = Self.values(Self.mergedChallenges(challenges).map { Self.challengeRow($0, userID: userID) })
        // A cached statement per row count (one to three): SQLite prepares each text once; PostgreSQL sends it
        // unnamed, without waiting (a named statement's first run on a connection is waited for).
        try await connection.withQuery(
            "\(raw: Self.challengeInsert) VALUES \(rows) \(raw: Self.challengeMerge)", operation: "write challenges"
        ) { try await $0.runPipelined() }
    }

    /// `challenges` with each (day, kind) once, merged in order (``ChallengeRecord/merging(_:)``).
    static func mergedChallenges(_ challenges: [ChallengeRecord]) -> [ChallengeRecord] {
        var merged: [ChallengeRecord] = []
        for challenge in challenges {
            if let index = merged.firstIndex(where: { $0.day == challenge.day && $0.kind == challenge.kind }) {
                merged[index] = merged[index].merging(challenge)
            } else {
                merged.append(challenge)
            }
        }
        return merged
    }

    func insertBox(_ box: BoxRecord, userID: Int64) async throws {
        try await connection.withQuery(
            """
            INSERT INTO boxes (user_id, box_id, session_id, ordinal, rarity, earned_at)
            VALUES (\(userID), \(box.boxID), \(box.sessionID), \(box.ordinal), \(box.rarity),
                \(box.earnedAt.unixMilliseconds)) ON CONFLICT DO NOTHING
            """,
            operation: "insert box"
        ) { statement in
            try await statement.runPipelined()
        }
    }

    func openBox(_ opening: BoxOpening, userID: Int64) async throws {
        try await connection.withQuery(
            """
            UPDATE boxes SET opened_at = \(opening.openedAt.unixMilliseconds), xp = \(opening.xp) WHERE user_id =
                \(userID) AND box_id = \(opening.boxID) AND opened_at IS NULL
            """,
            operation: "open box"
        ) { statement in
            try await statement.runPipelined()
        }
    }

    func insertAchievement(_ achievement: AchievementRecord, userID: Int64) async throws {
        try await connection.withQuery(
            """
            INSERT INTO achievements (user_id, achievement_id, unlocked_at) VALUES (\(userID),
                \(achievement.achievementID), \(achievement.unlockedAt.unixMilliseconds)) ON CONFLICT DO NOTHING
            """,
            operation: "insert achievement"
        ) { statement in
            try await statement.runPipelined()
        }
    }

    private func upsertDailyStats(_ stats: DailyStatsRecord, userID: Int64, addingXP xp: Int) async throws {
        try await connection.withServerPreparedQuery(
            """
            \(raw: Self.dailyStatsInsert) VALUES \(Self.dailyStatsRow(stats, userID: userID, xp: xp))
            \(raw: Self.dailyStatsMerge)
            """, operation: "write daily stats"
        ) { try await $0.runPipelined() }
    }

    /// Writes the learner's state row (its total XP is absolute: the ledger read it in the same transaction).
    private func saveState(_ state: StoredGamificationState) async throws {
        try await connection.withServerPreparedQuery(
            """
            INSERT INTO gamification_state (user_id, state_json, total_xp, updated_at) VALUES (\(state.userID),
                \(state.stateJSON), \(state.totalXP), \(state.updatedAt.unixMilliseconds))
            ON CONFLICT (user_id) DO UPDATE SET
                state_json = excluded.state_json, total_xp = excluded.total_xp, updated_at = excluded.updated_at
            """,
            operation: "save gamification state"
        ) { statement in
            try await statement.runPipelined()
        }
    }
}
