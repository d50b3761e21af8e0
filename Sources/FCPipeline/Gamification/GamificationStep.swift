package import FCStore

/// Where a gamified event outside a review is paid (opening boxes: ``MysteryBoxes``): in the transaction of the
/// caller's `Store.write`, lock the learner, read their gamification state, let `decide` (the gamification rules,
/// pure) compute the write, and store it.
package enum GamificationStep {
    /// Runs one gamification step in `db`'s transaction, locking the learner first.
    ///
    /// - Returns: What was written; an empty commit (with the learner's total XP) when `decide` returns `nil`.
    package static func run(
        in db: borrowing Database, userID: Int64, decide: (GamificationInput) throws -> GamificationWrite?
    ) async throws -> GamificationCommit {
        try await db.lockLearners([userID])
        return try await runLocked(in: db, userID: userID, decide: decide)
    }

    /// ``run(in:userID:decide:)`` in a transaction that already holds the learner's lock
    /// (``FCStore/GamificationRepository/lockLearners(_:)``).
    package static func runLocked(
        in db: borrowing Database, userID: Int64, decide: (GamificationInput) throws -> GamificationWrite?
    ) async throws -> GamificationCommit {
        var ledger = GamificationLedger()
        let input = try await db.gamificationInput(userID: userID, sessionID: nil, ledger: &ledger)
        guard let write = try decide(input) else { return GamificationCommit(totalXP: input.stored?.totalXP ?? 0) }
        let commit = try await db.applyGamification(write, userID: userID, ledger: &ledger)
        try await db.save(ledger)
        return commit
    }
}
