import FCGamification
import FCPipeline
import FCStore
import Foundation

/// `GET /v1/stats`: `fcgen stats --json`'s statistics, ids in camelCase, sessions in a short form.
struct StatisticsJSON: Encodable {
    struct Streaks: Encodable {
        var current: Int
        var longest: Int
    }

    struct Topic: Encodable {
        var topicId: Int64
        var name: String
        var algorithm: String
        var cards: Int
        var studied: Int
        var due: Int
        var known: Int
        var progress: Double
        var reviews: Int
        var daysPractised: Int
        var retention: Double?
        var targetRetention: Double?
    }

    struct Session: Encodable {
        var id: Int64
        var mode: String
        var topicIds: [Int64]
        var total: Int
        var answered: Int
        var correct: Int
        var failed: Int
        var startedAt: Date
        var endedAt: Date?
    }

    var timeZone: String
    var totalReviews: Int
    var daysPractised: Int
    var streaks: Streaks
    var retention: Double?
    var topics: [Topic]
    var recentSessions: [Session]

    init(_ stats: StudyStatistics) {
        timeZone = stats.timeZone
        totalReviews = stats.totalReviews
        daysPractised = stats.daysPractised
        streaks = Streaks(current: stats.streaks.current, longest: stats.streaks.longest)
        retention = stats.retention
        topics = stats.topics.map {
            Topic(
                topicId: $0.topicID, name: $0.name, algorithm: $0.algorithm, cards: $0.cards, studied: $0.studied,
                due: $0.due, known: $0.known, progress: $0.progress, reviews: $0.reviews,
                daysPractised: $0.daysPractised, retention: $0.retention, targetRetention: $0.targetRetention)
        }
        recentSessions = stats.recentSessions.map {
            Session(
                id: $0.id, mode: $0.mode.rawValue, topicIds: $0.topicIDs, total: $0.queue.count,
                answered: $0.counts.cards, correct: $0.counts.correct, failed: $0.counts.failed,
                startedAt: $0.startedAt, endedAt: $0.endedAt)
        }
    }
}

/// `GET /v1/calendar`: the learner's days (`fcgen history --json`'s days), with `fcgen calendar`'s `maximum`.
struct CalendarJSON: Encodable {
    struct Day: Encodable {
        var day: String
        var reviews: Int
        var cards: Int
        var newCards: Int
        var minutes: Int
        var xp: Int
    }

    struct Totals: Encodable {
        var reviews: Int
        var newCards: Int
        var minutes: Int
        var xp: Int
        var daysStudied: Int
    }

    var timeZone: String
    var from: String
    var to: String
    /// The busiest day's reviews: the top of a heat map's scale.
    var maximum: Int
    var days: [Day]
    var totals: Totals

    init(_ history: StudyHistory) {
        timeZone = history.timeZone
        from = history.from.description
        to = history.to.description
        maximum = history.days.map(\.reviews).max() ?? 0
        days = history.days.map {
            Day(
                day: $0.day.description, reviews: $0.reviews, cards: $0.cards, newCards: $0.newCards,
                minutes: $0.minutes, xp: $0.xp)
        }
        let totals = history.totals
        self.totals = Totals(
            reviews: totals.reviews, newCards: totals.newCards, minutes: totals.minutes, xp: totals.xp,
            daysStudied: totals.daysStudied)
    }
}

/// `GET /v1/leaderboard`: `fcgen leaderboard --json`, without other learners' ids (their names are what a
/// leaderboard shows; ids would only help someone probe the API).
struct LeaderboardJSON: Encodable {
    struct Entry: Encodable {
        var rank: Int
        var value: Int
        var name: String
        var isCurrentLearner: Bool
        var cardsReviewed: Int
        var topicsExplored: Int
        var achievementsUnlocked: Int
        var xp: Int

        init(_ entry: Leaderboard.Entry) {
            rank = entry.rank
            value = entry.value
            name = entry.stats.name
            isCurrentLearner = entry.isCurrentLearner
            cardsReviewed = entry.stats.cardsReviewed
            topicsExplored = entry.stats.topicsExplored
            achievementsUnlocked = entry.stats.achievementsUnlocked
            xp = entry.stats.xp
        }
    }

    var day: String
    var metric: String
    var entries: [Entry]
    var currentLearner: Entry?
}
