public import FCCore
public import FCGamification
package import FCStore
public import Foundation
import Synchronization

/// Runs the pure gamification engine inside the store's transactions: decodes the learner's stored state, applies
/// the events with the learner's time zone and an injected random source, and returns the write for the store.
///
/// Persisting is idempotent twice over: the engine's state remembers what it already paid today, and the store
/// inserts each award `INSERT OR IGNORE` by (learner, kind, reference), counting only inserted awards' XP.
///
/// ```swift
/// let gamifier = Gamifier(random: RandomSource(seed: 7))
/// let recorder = ReviewRecorder(store: store, gamifier: gamifier, now: .system)
/// ```
public struct Gamifier: Sendable {
    /// The rules engine.
    public let engine: Gamification
    /// Draws box rarities and payouts.
    public let random: RandomSource
    let codec = GamificationStateCodec()

    public init(engine: Gamification = Gamification(), random: RandomSource) {
        self.engine = engine
        self.random = random
    }

    /// What one gamified step decided.
    struct Decision: Sendable {
        var write: GamificationWrite
        var awards: [Award]
        var state: GamificationState
        var levelBefore: Int
    }

    /// The learner's state from its stored form (a new state when there is none); its total XP is the store's.
    ///
    /// - Throws: ``PipelineError/study(_:)`` when the stored JSON cannot be read.
    package func state(from stored: StoredGamificationState?, userID: Int64) throws -> GamificationState {
        guard let stored else { return GamificationState(learnerID: userID) }
        var state = try codec.decode(stored.stateJSON, userID: userID)
        state.totalXP = stored.totalXP
        return state
    }

    /// The learner's time zone: the stored identifier, else UTC (never the machine's zone).
    ///
    /// Zones are looked up once per identifier and process: `TimeZone(identifier:)` reads the zone database, which
    /// cost a fifth of a gamified review when every review did it (fcgen-bench review-recording).
    public static func timeZone(_ identifier: String?) -> TimeZone {
        guard let identifier else { return utc }
        if let known = zones.withLock({ $0[identifier] }) { return known }
        let zone = TimeZone(identifier: identifier) ?? utc
        zones.withLock { cache in
            if cache.count > 1_000 { cache.removeAll() }
            cache[identifier] = zone
        }
        return zone
    }

    private static let utc = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current
    private static let zones = Mutex<[String: TimeZone]>([:])

    /// Applies `events` (in order, all at `time`) to the input's state.
    ///
    /// - Parameters:
    ///   - known: The learner's state as an earlier step of the same transaction left it, used instead of decoding
    ///     the input's (its total XP is still the store's); see ``ReviewRecorder/record(_:)``.
    ///   - encodesState: `false` leaves the write's `stateJSON` `nil` (a later step of the transaction encodes it).
    func decide(
        _ events: [GamificationEvent], input: GamificationInput, at time: Date, isPerfectSessionAnswer: Bool = false,
        known: GamificationState? = nil, encodesState: Bool = true
    ) throws -> Decision {
        let zone = Self.timeZone(input.timeZone)
        var before: GamificationState
        if let known {
            before = known
            before.totalXP = input.stored?.totalXP ?? 0
        } else {
            before = try state(from: input.stored, userID: input.userID)
        }
        var state = before
        var awards: [Award] = []
        random.withGenerator { generator in
            for event in events {
                let result = engine.apply(event, to: state, at: time, timeZone: zone, using: &generator)
                state = result.state
                awards += result.awards
            }
        }
        let write = try makeWrite(
            before: before, after: state, awards: awards, input: input, time: time,
            isPerfectSessionAnswer: isPerfectSessionAnswer, encodesState: encodesState)
        return Decision(
            write: write, awards: awards, state: state, levelBefore: engine.rules.levels.level(forXP: before.totalXP))
    }

    private func makeWrite(
        before: GamificationState, after: GamificationState, awards: [Award], input: GamificationInput, time: Date,
        isPerfectSessionAnswer: Bool, encodesState: Bool
    ) throws -> GamificationWrite {
        var write = GamificationWrite(
            stateJSON: encodesState ? try codec.encode(after) : nil, sessionID: input.sessionID,
            isPerfectSessionAnswer: isPerfectSessionAnswer, updatedAt: time)
        write.awards = awards.map {
            AwardRecord(
                kind: $0.kind, reference: $0.reference, xp: $0.xp, day: $0.day.description, earnedAt: $0.earnedAt)
        }
        if let today = after.today {
            // Challenges and counters are written only when they changed: most reviews move at most one challenge.
            // A new day's challenges are all new; on the same day, each challenge row was written when its day
            // began, so only those that moved are written again.
            let earlier = before.today?.day == today.day ? before.today?.challenges ?? [] : []
            let moved = today.challenges.filter { !earlier.contains($0) }
            if !moved.isEmpty {
                write.challenges = moved.map {
                    ChallengeRecord(
                        day: $0.day.description, kind: $0.kind.rawValue, target: $0.target, xp: $0.xp,
                        progress: $0.progress, completedAt: $0.completedAt, expiresAt: $0.expiresAt)
                }
            }
            let stats = after.dailyStats(name: "", on: today.day)
            if before.dailyStats(name: "", on: today.day) != stats {
                write.dailyStats = DailyStatsRecord(
                    userID: input.userID, day: today.day.description, cardsReviewed: stats.cardsReviewed,
                    topicsExplored: stats.topicsExplored, achievements: stats.achievementsUnlocked)
            }
        }
        for award in awards {
            switch award.reason {
            case .boxEarned(let box):
                write.boxesEarned.append(
                    BoxRecord(
                        boxID: box.id, sessionID: box.sessionID, ordinal: box.ordinal, rarity: box.rarity.rawValue,
                        earnedAt: box.earnedAt))
            case .boxOpened(let box):
                write.boxesOpened.append(BoxOpening(boxID: box.id, xp: award.xp, openedAt: award.earnedAt))
            case .achievementUnlocked(let id):
                write.achievements.append(AchievementRecord(achievementID: id.rawValue, unlockedAt: award.earnedAt))
            default:
                break
            }
        }
        return write
    }
}
