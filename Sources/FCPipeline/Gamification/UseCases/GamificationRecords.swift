package import FCStore

/// The gamification a learner has stored: their state row, awards, boxes, achievements, challenges, and every
/// learner's daily stats (the leaderboard's rows). Each read is one ``GamificationRepository`` call in a
/// ``FCStore/Store/read(_:)``; what a profile or a leaderboard shows from them is ``GamificationService``'s.
package enum GamificationRecords {
    /// The learner's stored state; `nil` before their first gamified event.
    package static func state(on store: Store, userID: Int64) async throws -> StoredGamificationState? {
        try await store.read { try await $0.gamificationState(userID: userID) }
    }

    /// The learner's awards, newest first; only those of `sessionID` when given.
    package static func awards(
        on store: Store, userID: Int64, sessionID: Int64? = nil, limit: Int = 100
    ) async throws -> [AwardRecord] {
        try await store.read { try await $0.awards(userID: userID, sessionID: sessionID, limit: limit) }
    }

    /// The learner's boxes, oldest first; only unopened ones when `unopenedOnly`; only `sessionID`'s when given.
    package static func boxes(
        on store: Store, userID: Int64, unopenedOnly: Bool = false, sessionID: Int64? = nil
    ) async throws -> [BoxRecord] {
        try await store.read { try await $0.boxes(userID: userID, unopenedOnly: unopenedOnly, sessionID: sessionID) }
    }

    /// The learner's unlocked achievements, in unlock order.
    package static func achievements(on store: Store, userID: Int64) async throws -> [AchievementRecord] {
        try await store.read { try await $0.unlockedAchievements(userID: userID) }
    }

    /// The learner's stored challenges for a local day (`YYYY-MM-DD`).
    package static func challenges(on store: Store, userID: Int64, day: String) async throws -> [ChallengeRecord] {
        try await store.read { try await $0.challenges(userID: userID, day: day) }
    }

    /// Every learner's stats for a local day (`YYYY-MM-DD`), with their names.
    package static func dailyStats(on store: Store, day: String) async throws -> [DailyStatsRecord] {
        try await store.read { try await $0.dailyStats(day: day) }
    }

    /// What a session earned, in one snapshot: its awards oldest first, its boxes, and the learner's total XP.
    package static func session(
        on store: Store, userID: Int64, sessionID: Int64
    ) async throws -> (awards: [AwardRecord], boxes: [BoxRecord], totalXP: Int) {
        try await store.read { db in
            let awards = try await db.awards(userID: userID, sessionID: sessionID, limit: 1000)
            let boxes = try await db.boxes(userID: userID, unopenedOnly: false, sessionID: sessionID)
            let total = try await db.gamificationState(userID: userID)?.totalXP ?? 0
            return (Array(awards.reversed()), boxes, total)
        }
    }
}
