import FCCore
import FCGamification
import Foundation

/// Fixed zones and instants for the gamification tests (no wall clock, no machine time zone).
enum Zones {
    static let utc = zone("UTC")
    static let newYork = zone("America/New_York")
    static let kolkata = zone("Asia/Kolkata")
    static let auckland = zone("Pacific/Auckland")

    static func zone(_ identifier: String) -> TimeZone {
        guard let zone = TimeZone(identifier: identifier) else { preconditionFailure("no zone \(identifier)") }
        return zone
    }
}

/// `2026-03-08T10:00:00Z`-style instants.
func instant(_ iso: String) -> Date {
    guard let date = ISO8601DateFormatter().date(from: iso) else { preconditionFailure("bad instant \(iso)") }
    return date
}

/// A day from `YYYY-MM-DD`.
func day(_ text: String) -> LocalDay {
    guard let day = LocalDay(text) else { preconditionFailure("bad day \(text)") }
    return day
}

/// One learner driven through the engine event by event, collecting every award.
struct Learner {
    var engine: Gamification
    var state: GamificationState
    var zone: TimeZone
    var generator = SplitMix64(seed: 1)
    var awards: [Award] = []

    init(id: Int64 = 1, zone: TimeZone = Zones.utc, engine: Gamification = Gamification()) {
        self.engine = engine
        state = GamificationState(learnerID: id)
        self.zone = zone
    }

    /// Applies `event` at `time` and returns the awards it produced.
    @discardableResult
    mutating func apply(_ event: GamificationEvent, at time: Date) -> [Award] {
        let (next, new) = engine.apply(event, to: state, at: time, timeZone: zone, using: &generator)
        state = next
        awards += new
        return new
    }

    /// Reviews card `card` (topic `topic`) at `time`.
    @discardableResult
    mutating func review(
        _ card: Int64, topic: Int64 = 1, rating: Rating = .good, firstTry: Bool = true, at time: Date
    ) -> [Award] {
        apply(
            .cardReviewed(CardReview(cardID: card, topicID: topic, rating: rating, isFirstTry: firstTry, duration: 3)),
            at: time)
    }

    /// Answers card `card` (topic `topic`) right in a quiz at `time`.
    @discardableResult
    mutating func quiz(_ card: Int64, topic: Int64 = 1, at time: Date) -> [Award] {
        apply(.cardAnsweredCorrectly(CardAnswer(cardID: card, topicID: topic, isFirstTry: true, duration: 3)), at: time)
    }

    /// The XP in `awards`.
    static func xp(_ awards: [Award]) -> Int { awards.reduce(0) { $0 + $1.xp } }
}

/// A session summary with sensible defaults: its whole queue answered (`queue` defaults to `cards`), all right.
func session(
    _ id: Int64, queue: Int? = nil, cards: Int, correct: Int? = nil, perfect: Int = 0, seconds: Double = 600,
    topics: [Int64] = [1]
) -> GamificationEvent {
    .sessionFinished(
        SessionSummary(
            sessionID: id, queueSize: queue ?? cards, cardsReviewed: cards, correct: correct ?? cards,
            perfect: perfect, duration: seconds, topicIDs: topics))
}

extension Array where Element == Award {
    /// The awards' keys.
    var keys: [String] { map(\.key) }
}
