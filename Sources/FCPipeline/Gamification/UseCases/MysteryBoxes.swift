import FCGamification
package import FCStore
package import Foundation

/// *Where is a mystery box opened?* Here, for `fcgen boxes open` and the API's box routes: in one transaction,
/// lock the learner, check the ids against their boxes, read their gamification state, let the rules
/// (``Gamifier``, FCGamification) decide what opening pays, and write it (``GamificationStep``).
package enum MysteryBoxes {
    /// Opens the learner's boxes (every unopened one when `boxIDs` is `nil`) at `time`; already opened ones pay
    /// nothing.
    ///
    /// - Returns: What the opening paid, with the learner's total XP after it.
    /// - Throws: ``PipelineError/boxNotFound(ids:)`` when an id names none of the learner's boxes (ids in the order
    ///   given, each once); nothing is opened then.
    package static func open(
        on store: Store, userID: Int64, boxIDs: [String]?, gamifier: Gamifier, at time: Date
    ) async throws -> Rewards {
        let (commit, decision) = try await store.write("open boxes") { db in
            try await db.lockLearners([userID])
            if let boxIDs {
                let known = Set(
                    try await db.boxes(userID: userID, unopenedOnly: false, sessionID: nil).map(\.boxID))
                let unknown = unknownIDs(boxIDs, known: known)
                guard unknown.isEmpty else { throw PipelineError.boxNotFound(ids: unknown) }
            }
            var decision: Gamifier.Decision?
            let commit = try await GamificationStep.runLocked(in: db, userID: userID) { input in
                let state = try gamifier.state(from: input.stored, userID: input.userID)
                let ids = boxIDs ?? state.unopenedBoxes.map(\.id)
                guard !ids.isEmpty else { return nil }
                decision = try gamifier.decide(ids.map { .boxOpened(boxID: $0) }, input: input, at: time)
                return decision?.write
            }
            return (commit, decision)
        }
        guard let decision, let rewards = gamifier.rewards(of: decision, commit: commit) else {
            return Rewards(awards: [], rarities: [:], totalXP: commit.totalXP, rules: gamifier.engine.rules)
        }
        return rewards
    }

    /// The ids of `ids` not in `known`, in the order given, each once.
    static func unknownIDs(_ ids: [String], known: Set<String>) -> [String] {
        var unknown: [String] = []
        for id in ids where !known.contains(id) && !unknown.contains(id) { unknown.append(id) }
        return unknown
    }
}
