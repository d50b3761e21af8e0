import FCCore
import FCScheduler
package import FCStore
import Foundation

/// A learner's statistics: what `fcgen stats` shows.
public struct StudyStatistics: Sendable, Codable {
    public var user: String
    /// The IANA zone the days were counted in.
    public var timeZone: String
    /// Every review the learner made, including reviews of cards deleted since (with one topic: that topic's).
    public var totalReviews: Int
    /// Local calendar days with at least one review.
    public var daysPractised: Int
    public var streaks: Streaks
    /// Share of reviews not failed; `nil` without reviews.
    public var retention: Double?
    public var topics: [TopicStatistics]
    package var recentSessions: [StudySessionRecord]
}

/// One topic's statistics for a learner.
public struct TopicStatistics: Sendable, Codable {
    public var topicID: Int64
    public var name: String
    public var algorithm: String
    public var cards: Int
    public var studied: Int
    public var due: Int
    /// Cards known by ``FCStore/KnownRule``.
    public var known: Int
    /// `known / cards`, 0–1.
    public var progress: Double
    public var reviews: Int
    public var daysPractised: Int
    /// Share of this topic's reviews not failed; `nil` without reviews.
    public var retention: Double?
    /// The recall rate the topic's algorithm aims at (FSRS: desired retention 0.9; badger: the low end of its
    /// 85–90 % band; Leitner has none).
    public var targetRetention: Double?

    /// The `fcgen stats --json` members: ids spelled `Id`, as every document spells them (docs/json.md).
    enum CodingKeys: String, CodingKey {
        case topicID = "topicId"
        case name, algorithm, cards, studied, due, known, progress, reviews, daysPractised, retention, targetRetention
    }
}

extension StudyService {
    /// Builds the learner's statistics (for every topic, or one).
    ///
    /// The learner's totals (reviews, days practised, streaks, retention) count reviews of deleted cards too: a
    /// deleted deck does not undo the days the learner studied it, nor the XP those days earned. One topic's
    /// statistics count that topic's reviews only.
    ///
    /// - Parameters:
    ///   - day: The learner's calendar (time zone) for days practised and streaks.
    ///   - recentSessions: How many recent sessions to include.
    package func statistics(
        user: User, topicID: Int64? = nil, day: StudyDay, recentSessions: Int = 5
    ) async throws -> StudyStatistics {
        let now = now()
        let events = try await StudyReads.reviewEvents(on: store, userID: user.id, topicID: topicID)
        let summaries = try await StudyReads.topicSummaries(
            on: store, userID: user.id, until: day.endOfDay(containing: now), topicIDs: topicID.map { [$0] })
        var eventsByTopic: [Int64: [ReviewEvent]] = [:]
        for event in events { eventsByTopic[event.topicID, default: []].append(event) }

        let topics = summaries.map { summary in
            let topicEvents = eventsByTopic[summary.topicID] ?? []
            return TopicStatistics(
                topicID: summary.topicID, name: summary.name, algorithm: summary.algorithm.rawValue,
                cards: summary.cardCount, studied: summary.studiedCount, due: summary.dueCount,
                known: summary.knownCount, progress: summary.progress, reviews: topicEvents.count,
                daysPractised: Set(topicEvents.map { day.dayNumber(of: $0.reviewedAt) }).count,
                retention: Self.retention(topicEvents),
                targetRetention: Self.targetRetention(summary.algorithm))
        }
        let everything = topicID == nil ? events + (try await store.archivedReviewEvents(userID: user.id)) : events
        let days = Set(everything.map { day.dayNumber(of: $0.reviewedAt) })
        var sessions = try await Sessions.recent(on: store, userID: user.id, limit: recentSessions)
        if let topicID { sessions = sessions.filter { $0.topicIDs.contains(topicID) } }
        return StudyStatistics(
            user: user.name, timeZone: day.zoneName, totalReviews: everything.count,
            daysPractised: days.count, streaks: Streaks(days: days, today: day.dayNumber(of: now)),
            retention: Self.retention(everything),
            topics: topics, recentSessions: sessions)
    }

    static func retention(_ events: [ReviewEvent]) -> Double? {
        guard !events.isEmpty else { return nil }
        return Double(events.count { $0.rating > 0 }) / Double(events.count)
    }

    static func targetRetention(_ algorithm: SchedulingAlgorithm?) -> Double? {
        switch algorithm {
        case .fsrs: FSRSParameters().desiredRetention
        case .badger, nil: BadgerParameters().targetRecall.lowerBound
        case .leitner: nil
        }
    }
}
