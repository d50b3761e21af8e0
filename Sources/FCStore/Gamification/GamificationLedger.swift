import struct Foundation.Date

/// The learners' gamification rows one transaction has read or written, kept in memory until it ends.
///
/// Every gamified step reads the learner's time zone and state row and writes the state row back. A batch of
/// reviews would read and rewrite the same row (a JSON blob) once per review; the ledger reads each learner's row
/// once, hands later steps the state the earlier ones wrote, and ``Store`` saves each changed row once, when the
/// transaction's work is done (fcgen-bench gamification). Only ever used inside one `BEGIN IMMEDIATE`
/// transaction, which holds the write lock, so nothing else can change the rows meanwhile.
package struct GamificationLedger {
    package init() {}

    /// `users.time_zone` by learner (the inner `nil`: no zone stored).
    var zones: [Int64: String?] = [:]
    /// The state rows read or written so far (the inner `nil`: the learner has no row yet).
    var states: [Int64: StoredGamificationState?] = [:]
    /// Learners whose state changed in memory and must be saved, in the order they first changed.
    var changed: [Int64] = []
    /// Learners whose latest step left the state unencoded (see ``GamificationWrite/stateJSON``).
    var unencoded: Set<Int64> = []

    /// Remembers the learner's new total XP and state text (`nil`: the text stays as it was, to be supplied by a
    /// later step), to be saved.
    mutating func update(userID: Int64, stateJSON: String?, totalXP: Int, updatedAt: Date) {
        let old: StoredGamificationState? = states[userID] ?? nil
        if stateJSON != nil { unencoded.remove(userID) } else { unencoded.insert(userID) }
        let new = StoredGamificationState(
            userID: userID, stateJSON: stateJSON ?? old?.stateJSON ?? "", totalXP: totalXP, updatedAt: updatedAt)
        if old == new { return }
        if !changed.contains(userID) { changed.append(userID) }
        states[userID] = new
    }

    /// Forgets that the learner's state must be saved: a statement wrote it already (a review written at once,
    /// ``ReviewRepository/writeReview(_:ledger:)``).
    mutating func markSaved(userID: Int64) {
        changed.removeAll { $0 == userID }
    }
}
