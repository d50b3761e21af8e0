import FCContract
import FCCore
import FCGamification
import FCPipeline
import FCStore
import Foundation
import Hummingbird

/// The learner's game and numbers: today's challenges, mystery boxes (list, open one, open all), achievements
/// with progress, statistics, the activity calendar and the daily leaderboard. Every route reads or changes only
/// the token's learner; another learner's box id is 404, as if it did not exist.
///
/// Opening a box is one transaction and idempotent without an `Idempotency-Key`: a box pays once, so opening it
/// again (a retry, a second tap) answers `200` with the box as first opened, `alreadyOpened: true` and nothing paid.
enum GamificationRoutes {
    static func routes(_ environment: ServiceEnvironment) -> [Route] {
        let game = environment.game
        return [
            Route(.get, "/v1/challenges", .learner) { request, context in
                let user = try await learner(context, environment)
                let day = try request.queryDay("day")
                let challenges = try await game.challenges(of: user, on: day)
                let shown = day ?? LocalDay(containing: environment.now(), in: Gamifier.timeZone(user.timeZone))
                return try JSONResponse.make(
                    ChallengesJSON(day: shown.description, challenges: challenges.map(ChallengeJSON.init)))
            },
            Route(.get, "/v1/achievements", .learner) { _, context in
                let user = try await learner(context, environment)
                let state = try await game.state(of: user)
                let achievements = try await game.achievements(of: user)
                return try JSONResponse.make(
                    AchievementsJSON(
                        unlocked: achievements.count { $0.unlockedAt != nil }, total: achievements.count,
                        achievements: achievements.map { AchievementProgressJSON($0, state: state) }))
            },
            Route(.get, "/v1/boxes", .learner) { request, context in
                let user = try await learner(context, environment)
                let unopenedOnly = try request.queryFlag("unopened")
                let boxes = try await game.boxes(of: user, unopenedOnly: unopenedOnly)
                return try JSONResponse.make(
                    BoxesJSON(unopened: boxes.count { $0.openedAt == nil }, boxes: boxes.map(BoxJSON.init)))
            },
            Route(.post, "/v1/boxes/{id}/open", .learner) { _, context in
                let user = try await learner(context, environment)
                let raw = context.parameters.get("id") ?? ""
                let id = raw.removingPercentEncoding ?? raw
                // Only the learner's own boxes: any other id is not found, whoever it belongs to.
                guard try await game.boxes(of: user).contains(where: { $0.boxID == id }) else {
                    throw Problem.notFound("no box \(id)")
                }
                let rewards = try await game.openBoxes(of: user, boxIDs: [id])
                guard let box = try await game.boxes(of: user).first(where: { $0.boxID == id }) else {
                    throw Problem.notFound("no box \(id)")
                }
                let paid = rewards.boxesOpened.contains { $0.id == id }
                return try JSONResponse.make(
                    BoxOpenedJSON(box: BoxJSON(box), alreadyOpened: !paid, rewards: RewardsJSON(rewards)))
            },
            Route(.post, "/v1/boxes/open-all", .learner) { _, context in
                let user = try await learner(context, environment)
                let rewards = try await game.openBoxes(of: user, boxIDs: nil)
                let opened = Set(rewards.boxesOpened.map(\.id))
                let boxes = try await game.boxes(of: user).filter { opened.contains($0.boxID) }
                return try JSONResponse.make(
                    BoxesOpenedJSON(opened: boxes.map(BoxJSON.init), rewards: RewardsJSON(rewards)))
            },
            Route(.get, "/v1/stats", .learner) { request, context in
                let identity = try context.requireLearner()
                let user = try await learner(context, environment)
                var topicID: Int64?
                if request.uri.queryParameters.get("topicId") != nil {
                    let id = Int64(try request.queryInteger("topicId", in: 1...Int.max, default: 1))
                    topicID = try await Topics.existing(on: environment.store, id: id).id
                }
                let stats = try await environment.study.statistics(
                    user: user, topicID: topicID, day: try await environment.day(of: identity))
                return try JSONResponse.make(StatisticsJSON(stats))
            },
            Route(.get, "/v1/calendar", .learner) { request, context in
                let identity = try context.requireLearner()
                let user = try await learner(context, environment)
                let day = try await environment.day(of: identity)
                let today = LocalDay(containing: environment.now(), in: day.timeZone)
                let (from, to) = try request.dayRange(today: today)
                let history = try await environment.study.history(user: user, from: from, to: to, day: day)
                return try JSONResponse.make(CalendarJSON(history))
            },
            Route(.get, "/v1/leaderboard", .learner) { request, context in
                let user = try await learner(context, environment)
                let day = try request.queryDay("day")
                let metric = try request.queryMetric("by")
                let (shown, result) = try await game.leaderboard(for: user, day: day, by: metric)
                return try JSONResponse.make(
                    LeaderboardJSON(
                        day: shown.description, metric: result.metric.rawValue,
                        entries: result.entries.map(LeaderboardJSON.Entry.init),
                        currentLearner: result.currentLearner.map(LeaderboardJSON.Entry.init)))
            },
        ]
    }

    /// The token's learner as stored.
    static func learner(_ context: ServiceRequestContext, _ environment: ServiceEnvironment) async throws -> User {
        let identity = try context.requireLearner()
        guard let user = try await Learners.named(on: environment.store, identity.userName) else {
            throw Problem.unauthorized("the token's learner no longer exists")
        }
        return user
    }
}

extension Request {
    /// The query parameter `name` as a day (`YYYY-MM-DD`), `nil` when absent; else a 400 naming it.
    func queryDay(_ name: String) throws -> LocalDay? {
        guard let text = uri.queryParameters.get(name) else { return nil }
        guard let day = LocalDay(text) else {
            throw Problem.badRequest("\(name) must be a date YYYY-MM-DD, got \"\(text)\"", field: name)
        }
        return day
    }

    /// `by`: what the leaderboard ranks by (default cards).
    func queryMetric(_ name: String) throws -> Leaderboard.Metric {
        guard let text = uri.queryParameters.get(name) else { return .cards }
        guard let metric = Leaderboard.Metric(rawValue: text) else {
            throw Problem.badRequest("\(name) must be cards, topics or xp", field: name)
        }
        return metric
    }

    /// The calendar's days: `year=YYYY` (that whole year), or `from` and `to` (default: the 365 days up to today).
    func dayRange(today: LocalDay) throws -> (LocalDay, LocalDay) {
        let from = try queryDay("from")
        let to = try queryDay("to")
        if uri.queryParameters.get("year") != nil {
            guard from == nil, to == nil else {
                throw Problem.badRequest("give year, or from and to, not both", field: "year")
            }
            let year = try queryInteger("year", in: 1...9999, default: 1)
            guard let first = LocalDay(year: year, month: 1, day: 1),
                let last = LocalDay(year: year, month: 12, day: 31)
            else { throw Problem.badRequest("year must be between 1 and 9999", field: "year") }
            return (first, last)
        }
        let end = to ?? today
        // The default start stays on the calendar LocalDay prints (year 1 on).
        let start = from ?? max(end.advanced(by: -364), LocalDay.earliest)
        guard start <= end else { throw Problem.badRequest("from \(start) is after to \(end)", field: "from") }
        guard start.distance(to: end) < StudyService.maximumHistoryDays else {
            throw Problem.badRequest(
                "the range covers more than \(StudyService.maximumHistoryDays) days", field: "from")
        }
        return (start, end)
    }
}
