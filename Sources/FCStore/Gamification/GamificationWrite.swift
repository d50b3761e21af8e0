package import struct Foundation.Date

/// Everything one gamified event writes, computed by the pure engine and stored in the event's transaction.
///
/// The store knows nothing about the rules: the engine's state is an opaque JSON text, awards are
/// `(kind, reference)` rows. ``Store`` inserts each award with `INSERT OR IGNORE` against
/// `UNIQUE (user_id, kind, reference)` and adds to the learner's total XP only the XP of awards that were actually
/// inserted, so a replayed or retried event never pays twice, even with a stale engine state.
package struct GamificationWrite: Sendable, Hashable {
    /// The engine's new state, encoded; `nil`: not encoded by this step, because a later step for the same learner
    /// in the same transaction will supply it (a batch encodes each learner's state once, at its last step, instead
    /// of once per event). The store saves the last text it was given; when a transaction's last step for a learner
    /// leaves it `nil`, the transaction fails with ``StoreError/gamificationStateNotEncoded(userID:)``. Until then,
    /// later steps' ``GamificationInput/stored`` carries the latest total XP with the last text supplied (stale):
    /// the caller keeps the state itself.
    package var stateJSON: String?
    /// The awards, in the engine's order.
    package var awards: [AwardRecord]
    /// The current day's challenges with their progress (upserted; progress and completion never go back).
    package var challenges: [ChallengeRecord]
    /// Boxes earned by this event.
    package var boxesEarned: [BoxRecord]
    /// Boxes opened by this event.
    package var boxesOpened: [BoxOpening]
    /// Achievements unlocked by this event.
    package var achievements: [AchievementRecord]
    /// The learner's counters for the current local day (XP is added from inserted awards instead).
    package var dailyStats: DailyStatsRecord?
    /// The session whose answer or end earned the awards, if any.
    package var sessionID: Int64?
    /// Whether the event was an answer in ``sessionID`` recalled on the first try (counts toward `perfect`).
    package var isPerfectSessionAnswer: Bool
    /// When the state was computed.
    package var updatedAt: Date

    package init(
        stateJSON: String?, awards: [AwardRecord] = [], challenges: [ChallengeRecord] = [],
        boxesEarned: [BoxRecord] = [], boxesOpened: [BoxOpening] = [], achievements: [AchievementRecord] = [],
        dailyStats: DailyStatsRecord? = nil, sessionID: Int64? = nil, isPerfectSessionAnswer: Bool = false,
        updatedAt: Date
    ) {
        self.stateJSON = stateJSON
        self.awards = awards
        self.challenges = challenges
        self.boxesEarned = boxesEarned
        self.boxesOpened = boxesOpened
        self.achievements = achievements
        self.dailyStats = dailyStats
        self.sessionID = sessionID
        self.isPerfectSessionAnswer = isPerfectSessionAnswer
        self.updatedAt = updatedAt
    }
}

/// One row of the award ledger (`xp_events`).
package struct AwardRecord: Sendable, Hashable, Codable {
    /// `xp:card`, `box`, `achievement`, … (the engine's `Award.kind`).
    package var kind: String
    /// What the award is about, unique per learner and kind (the engine's `Award.reference`).
    package var reference: String
    package var xp: Int
    /// The learner's local day, `YYYY-MM-DD`.
    package var day: String
    package var earnedAt: Date
    /// The session it belongs to (set when read back).
    package var sessionID: Int64?

    package init(kind: String, reference: String, xp: Int, day: String, earnedAt: Date, sessionID: Int64? = nil) {
        self.kind = kind
        self.reference = reference
        self.xp = xp
        self.day = day
        self.earnedAt = earnedAt
        self.sessionID = sessionID
    }

    /// `kind:reference`.
    package var key: String { "\(kind):\(reference)" }
}

/// One daily challenge row.
package struct ChallengeRecord: Sendable, Hashable, Codable {
    package var day: String
    package var kind: String
    package var target: Int
    package var xp: Int
    package var progress: Int
    package var completedAt: Date?
    package var expiresAt: Date

    package init(
        day: String, kind: String, target: Int, xp: Int, progress: Int, completedAt: Date?, expiresAt: Date
    ) {
        self.day = day
        self.kind = kind
        self.target = target
        self.xp = xp
        self.progress = progress
        self.completedAt = completedAt
        self.expiresAt = expiresAt
    }
}

extension ChallengeRecord {
    /// `later` met after this row, merged as the challenge upsert merges a row met again (`challengeMerge`): the
    /// larger progress and the first completion; target, XP and expiry stay this row's.
    func merging(_ later: ChallengeRecord) -> ChallengeRecord {
        var merged = self
        merged.progress = max(progress, later.progress)
        merged.completedAt = completedAt ?? later.completedAt
        return merged
    }
}

/// A mystery box row.
package struct BoxRecord: Sendable, Hashable, Codable {
    package var boxID: String
    package var sessionID: Int64
    package var ordinal: Int
    package var rarity: String
    package var earnedAt: Date
    /// `nil` while unopened.
    package var openedAt: Date?
    /// The XP it paid when opened.
    package var xp: Int?

    package init(
        boxID: String, sessionID: Int64, ordinal: Int, rarity: String, earnedAt: Date, openedAt: Date? = nil,
        xp: Int? = nil
    ) {
        self.boxID = boxID
        self.sessionID = sessionID
        self.ordinal = ordinal
        self.rarity = rarity
        self.earnedAt = earnedAt
        self.openedAt = openedAt
        self.xp = xp
    }
}

/// A box being opened.
package struct BoxOpening: Sendable, Hashable, Codable {
    package var boxID: String
    package var xp: Int
    package var openedAt: Date

    package init(boxID: String, xp: Int, openedAt: Date) {
        self.boxID = boxID
        self.xp = xp
        self.openedAt = openedAt
    }
}

/// An unlocked achievement row.
package struct AchievementRecord: Sendable, Hashable, Codable {
    package var achievementID: String
    package var unlockedAt: Date

    package init(achievementID: String, unlockedAt: Date) {
        self.achievementID = achievementID
        self.unlockedAt = unlockedAt
    }
}

/// A learner's numbers for one local day.
package struct DailyStatsRecord: Sendable, Hashable, Codable {
    package var userID: Int64
    /// The learner's name (filled when read back for a leaderboard).
    package var name: String
    package var day: String
    package var cardsReviewed: Int
    package var topicsExplored: Int
    package var achievements: Int
    package var xp: Int

    package init(
        userID: Int64, name: String = "", day: String, cardsReviewed: Int, topicsExplored: Int, achievements: Int,
        xp: Int = 0
    ) {
        self.userID = userID
        self.name = name
        self.day = day
        self.cardsReviewed = cardsReviewed
        self.topicsExplored = topicsExplored
        self.achievements = achievements
        self.xp = xp
    }
}
