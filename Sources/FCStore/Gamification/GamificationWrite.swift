public import struct Foundation.Date

/// Everything one gamified event writes, computed by the pure engine and stored in the event's transaction.
///
/// The store knows nothing about the rules: the engine's state is an opaque JSON text, awards are
/// `(kind, reference)` rows. ``Store`` inserts each award with `INSERT OR IGNORE` against
/// `UNIQUE (user_id, kind, reference)` and adds to the learner's total XP only the XP of awards that were actually
/// inserted, so a replayed or retried event never pays twice, even with a stale engine state.
public struct GamificationWrite: Sendable, Hashable {
    /// The engine's new state, encoded; `nil`: not encoded by this step, because a later step for the same learner
    /// in the same transaction will supply it (a batch encodes each learner's state once, at its last step, instead
    /// of once per event). The store saves the last text it was given; when a transaction's last step for a learner
    /// leaves it `nil`, the transaction fails with ``StoreError/gamificationStateNotEncoded(userID:)``. Until then,
    /// later steps' ``GamificationInput/stored`` carries the latest total XP with the last text supplied (stale):
    /// the caller keeps the state itself.
    public var stateJSON: String?
    /// The awards, in the engine's order.
    public var awards: [AwardRecord]
    /// The current day's challenges with their progress (upserted; progress and completion never go back).
    public var challenges: [ChallengeRecord]
    /// Boxes earned by this event.
    public var boxesEarned: [BoxRecord]
    /// Boxes opened by this event.
    public var boxesOpened: [BoxOpening]
    /// Achievements unlocked by this event.
    public var achievements: [AchievementRecord]
    /// The learner's counters for the current local day (XP is added from inserted awards instead).
    public var dailyStats: DailyStatsRecord?
    /// The session whose answer or end earned the awards, if any.
    public var sessionID: Int64?
    /// Whether the event was an answer in ``sessionID`` recalled on the first try (counts toward `perfect`).
    public var isPerfectSessionAnswer: Bool
    /// When the state was computed.
    public var updatedAt: Date

    public init(
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
public struct AwardRecord: Sendable, Hashable, Codable {
    /// `xp:card`, `box`, `achievement`, … (the engine's `Award.kind`).
    public var kind: String
    /// What the award is about, unique per learner and kind (the engine's `Award.reference`).
    public var reference: String
    public var xp: Int
    /// The learner's local day, `YYYY-MM-DD`.
    public var day: String
    public var earnedAt: Date
    /// The session it belongs to (set when read back).
    public var sessionID: Int64?

    public init(kind: String, reference: String, xp: Int, day: String, earnedAt: Date, sessionID: Int64? = nil) {
        self.kind = kind
        self.reference = reference
        self.xp = xp
        self.day = day
        self.earnedAt = earnedAt
        self.sessionID = sessionID
    }

    /// `kind:reference`.
    public var key: String { "\(kind):\(reference)" }
}

/// One daily challenge row.
public struct ChallengeRecord: Sendable, Hashable, Codable {
    public var day: String
    public var kind: String
    public var target: Int
    public var xp: Int
    public var progress: Int
    public var completedAt: Date?
    public var expiresAt: Date

    public init(
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

/// A mystery box row.
public struct BoxRecord: Sendable, Hashable, Codable {
    public var boxID: String
    public var sessionID: Int64
    public var ordinal: Int
    public var rarity: String
    public var earnedAt: Date
    /// `nil` while unopened.
    public var openedAt: Date?
    /// The XP it paid when opened.
    public var xp: Int?

    public init(
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
public struct BoxOpening: Sendable, Hashable, Codable {
    public var boxID: String
    public var xp: Int
    public var openedAt: Date

    public init(boxID: String, xp: Int, openedAt: Date) {
        self.boxID = boxID
        self.xp = xp
        self.openedAt = openedAt
    }
}

/// An unlocked achievement row.
public struct AchievementRecord: Sendable, Hashable, Codable {
    public var achievementID: String
    public var unlockedAt: Date

    public init(achievementID: String, unlockedAt: Date) {
        self.achievementID = achievementID
        self.unlockedAt = unlockedAt
    }
}

/// A learner's numbers for one local day.
public struct DailyStatsRecord: Sendable, Hashable, Codable {
    public var userID: Int64
    /// The learner's name (filled when read back for a leaderboard).
    public var name: String
    public var day: String
    public var cardsReviewed: Int
    public var topicsExplored: Int
    public var achievements: Int
    public var xp: Int

    public init(
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
