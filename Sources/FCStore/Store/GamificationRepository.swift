/// The reads and writes of gamification, each inside the transaction a ``Store/write(_:patience:_:)`` (or
/// ``Store/read(_:)``) hands out: a learner's state row (`gamification_state`), the award ledger (`xp_events`),
/// mystery boxes, achievements, challenges and daily stats. SQL and rows only: opening boxes (read, decide with
/// FCGamification, write, one transaction) and the profile, challenge, box and leaderboard reads are FCPipeline's
/// (`Gamification/UseCases`); a review's own gamification write is ``ReviewRepository``'s. ``Database``
/// implements it on both engines.
package protocol GamificationRepository: ~Copyable {
    // MARK: The step (read, decide, write)

    /// Locks the learners' rows until the transaction ends, in id order (PostgreSQL; SQLite's `BEGIN IMMEDIATE`
    /// already lets one writer in): the first statement of every transaction that reads then writes their state.
    func lockLearners(_ userIDs: some Sequence<Int64>) async throws
    /// The learner's time zone and state as of this point of the transaction, for a gamification step.
    func gamificationInput(
        userID: Int64, sessionID: Int64?, ledger: inout GamificationLedger
    ) async throws -> GamificationInput
    /// Writes one step's awards, challenges, boxes, achievements and daily stats; the new state goes to `ledger`.
    func applyGamification(
        _ write: GamificationWrite, userID: Int64, ledger: inout GamificationLedger
    ) async throws -> GamificationCommit
    /// Saves the states `ledger` changed, one row per learner.
    func save(_ ledger: GamificationLedger) async throws

    // MARK: Reads

    /// The learner's stored state; `nil` before their first gamified event.
    func gamificationState(userID: Int64) async throws -> StoredGamificationState?
    /// The learner's awards, newest first; only those of `sessionID` when given.
    func awards(userID: Int64, sessionID: Int64?, limit: Int) async throws -> [AwardRecord]
    /// The learner's boxes, oldest first; only unopened ones when `unopenedOnly`; only `sessionID`'s when given.
    func boxes(userID: Int64, unopenedOnly: Bool, sessionID: Int64?) async throws -> [BoxRecord]
    /// The learner's unlocked achievements, in unlock order.
    func unlockedAchievements(userID: Int64) async throws -> [AchievementRecord]
    /// The learner's stored challenges for a local day (`YYYY-MM-DD`).
    func challenges(userID: Int64, day: String) async throws -> [ChallengeRecord]
    /// Every learner's stats for a local day (`YYYY-MM-DD`), with their names.
    func dailyStats(day: String) async throws -> [DailyStatsRecord]
}

extension Database: GamificationRepository {}
