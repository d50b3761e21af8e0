public import FCCore
package import FCGamification
public import FCStore
import Foundation

/// The read side of gamification and box opening: what `fcgen profile`, `challenges`, `boxes`, `achievements`
/// and `leaderboard` show. Everything reads running totals (the stored state and small tables), never the reviews.
///
/// ```swift
/// let service = GamificationService(store: store, gamifier: Gamifier(random: RandomSource(seed: 1)), now: .system)
/// let profile = try await service.profile(of: me)
/// profile.level.level
/// ```
public struct GamificationService: Sendable {
    public let store: Store
    public let gamifier: Gamifier
    public let now: Now

    public init(store: Store, gamifier: Gamifier, now: Now) {
        self.store = store
        self.gamifier = gamifier
        self.now = now
    }

    var engine: Gamification { gamifier.engine }

    /// The learner's state (a fresh one before their first event).
    package func state(of user: User) async throws -> GamificationState {
        try gamifier.state(from: try await GamificationRecords.state(on: store, userID: user.id), userID: user.id)
    }

    /// The learner's profile now: level, XP bar, streaks, today's challenges, unopened boxes.
    package func profile(of user: User) async throws -> ProfileSummary {
        engine.profile(of: try await state(of: user), at: now(), timeZone: Gamifier.timeZone(user.timeZone))
    }

    /// The learner's challenges for `day` (default: their today), with progress.
    package func challenges(of user: User, on day: LocalDay? = nil) async throws -> [DailyChallenge] {
        let zone = Gamifier.timeZone(user.timeZone)
        let day = day ?? LocalDay(containing: now(), in: zone)
        let state = try await state(of: user)
        if state.today?.day == day { return state.today?.challenges ?? [] }
        let stored = try await GamificationRecords.challenges(on: store, userID: user.id, day: day.description)
        let fresh = engine.challenges(of: state, on: day, timeZone: zone)
        // A past day: the stored rows carry that day's progress.
        return fresh.map { challenge in
            guard let row = stored.first(where: { $0.kind == challenge.kind.rawValue }) else { return challenge }
            var merged = challenge
            merged.target = row.target
            merged.xp = row.xp
            merged.progress = row.progress
            merged.completedAt = row.completedAt
            merged.expiresAt = row.expiresAt
            return merged
        }
    }

    /// Every achievement with its unlock time, in the rules' order.
    package func achievements(of user: User) async throws -> [AchievementStatus] {
        engine.achievements(of: try await state(of: user))
    }

    /// The learner's boxes, oldest first.
    package func boxes(of user: User, unopenedOnly: Bool = false) async throws -> [BoxRecord] {
        try await GamificationRecords.boxes(on: store, userID: user.id, unopenedOnly: unopenedOnly)
    }

    /// Opens boxes (every unopened one when `boxIDs` is `nil`) in one transaction; already opened ones pay nothing.
    ///
    /// - Throws: ``PipelineError/boxNotFound(ids:)`` when an id names none of the learner's boxes; nothing is
    ///   opened then.
    package func openBoxes(of user: User, boxIDs: [String]? = nil) async throws -> Rewards {
        try await MysteryBoxes.open(on: store, userID: user.id, boxIDs: boxIDs, gamifier: gamifier, at: now())
    }

    /// What the session earned so far, from the award ledger.
    public func sessionRewards(userID: Int64, sessionID: Int64) async throws -> Rewards {
        let (awards, boxes, total) = try await GamificationRecords.session(
            on: store, userID: userID, sessionID: sessionID)
        var rarities: [String: String] = [:]
        for box in boxes { rarities[box.boxID] = box.rarity }
        return Rewards(awards: awards, rarities: rarities, totalXP: total, rules: engine.rules)
    }

    /// Ranks every learner's stats for `day` (default: the asking learner's today) by `metric`: top `limit`,
    /// 1-based competition ranks, the asking learner marked.
    package func leaderboard(
        for user: User, day: LocalDay? = nil, by metric: Leaderboard.Metric, limit: Int = 50
    ) async throws -> (day: LocalDay, result: Leaderboard.Result) {
        let day = day ?? LocalDay(containing: now(), in: Gamifier.timeZone(user.timeZone))
        let rows = try await GamificationRecords.dailyStats(on: store, day: day.description).map {
            DailyStats(
                learnerID: $0.userID, name: $0.name, day: day, cardsReviewed: $0.cardsReviewed,
                topicsExplored: $0.topicsExplored, achievementsUnlocked: $0.achievements, xp: $0.xp)
        }
        return (day, Leaderboard.rank(rows, by: metric, currentLearnerID: user.id, limit: limit))
    }
}
