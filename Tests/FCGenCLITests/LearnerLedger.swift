import FCCore
import FCStore
import Foundation

/// What a learner has earned and recorded, read straight from the database after the CLI ran, so the assertions
/// hold whatever shape the commands' output takes.
struct LearnerLedger: Equatable, CustomStringConvertible {
    /// `gamification_state.total_xp` (0 before the first award).
    var totalXP: Int
    /// The sum of the award ledger's XP: always equal to ``totalXP``.
    var ledgerXP: Int
    /// Mystery boxes earned (opened or not).
    var boxes: Int
    /// Unlocked achievement ids, sorted.
    var achievements: [String]
    /// The award kinds in the ledger, sorted, without repeats.
    var awardKinds: [String]
    var reviews: Int
    /// The engine's stored state, verbatim.
    var stateJSON: String

    var description: String {
        "XP \(totalXP) (ledger \(ledgerXP)), \(boxes) box(es), achievements \(achievements), kinds \(awardKinds), "
            + "\(reviews) review(s)"
    }

    static func read(_ path: String, user: String = "local") async throws -> LearnerLedger {
        let store = try await Store.open(path: path, now: .system)
        let learner = "(SELECT id FROM users WHERE name = '\(user)')"
        func integer(_ sql: String) async throws -> Int { Int(try await store.scalarInteger(sql) ?? 0) }
        func text(_ sql: String) async throws -> String { try await store.scalarText(sql) ?? "" }
        return LearnerLedger(
            totalXP: try await integer("SELECT total_xp FROM gamification_state WHERE user_id = \(learner)"),
            ledgerXP: try await integer("SELECT COALESCE(SUM(xp), 0) FROM xp_events WHERE user_id = \(learner)"),
            boxes: try await integer("SELECT COUNT(*) FROM boxes WHERE user_id = \(learner)"),
            achievements: try await text(
                "SELECT group_concat(achievement_id, ',') FROM (SELECT achievement_id FROM achievements "
                    + "WHERE user_id = \(learner) ORDER BY achievement_id)"
            ).split(separator: ",").map(String.init),
            awardKinds: try await text(
                "SELECT group_concat(kind, ',') FROM (SELECT DISTINCT kind FROM xp_events WHERE user_id = \(learner) "
                    + "ORDER BY kind)"
            ).split(separator: ",").map(String.init),
            reviews: try await integer("SELECT COUNT(*) FROM reviews WHERE user_id = \(learner)"),
            stateJSON: try await text("SELECT state_json FROM gamification_state WHERE user_id = \(learner)"))
    }
}
