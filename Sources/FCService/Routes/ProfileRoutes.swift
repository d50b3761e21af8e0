import FCGamification
import FCPipeline
import Hummingbird

/// `GET /v1/me`: the token's learner — level, XP and progress to the next level, streaks.
enum ProfileRoutes {
    static func routes(_ environment: ServiceEnvironment) -> [Route] {
        [
            Route(.get, "/v1/me", .learner) { _, context in
                let identity = try context.requireLearner()
                guard let user = try await Learners.named(on: environment.store, identity.userName) else {
                    throw Problem.unauthorized("the token's learner no longer exists")
                }
                let profile = try await environment.game.profile(of: user)
                return try JSONResponse.make(
                    Me(
                        id: identity.userID, name: identity.userName, isAdmin: identity.isAdmin,
                        level: profile.level.level,
                        totalXP: profile.level.totalXP, xpIntoLevel: profile.level.xpIntoLevel,
                        levelSpan: profile.level.levelSpan, xpToNextLevel: profile.level.xpToNextLevel,
                        progress: profile.xpBarFraction, currentStreak: profile.currentStreak,
                        longestStreak: profile.longestStreak, xpToday: profile.xpToday, day: profile.day.description))
            }
        ]
    }
}

struct Me: Encodable {
    var id: Int64
    var name: String
    var isAdmin: Bool
    var level: Int
    var totalXP: Int
    var xpIntoLevel: Int
    var levelSpan: Int
    var xpToNextLevel: Int
    /// The fraction of the way to the next level, 0 to 1.
    var progress: Double
    var currentStreak: Int
    var longestStreak: Int
    var xpToday: Int
    var day: String
}
