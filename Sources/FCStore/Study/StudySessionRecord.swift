public import struct Foundation.Date

/// How a session treats learning state.
public enum SessionMode: String, Sendable, Codable, CaseIterable, Hashable {
    /// Spaced repetition: each answer is a review that reschedules the card.
    case spaced
    /// Free practice: any cards, no learning state touched.
    case free
    /// A typed-answer test: counts right, wrong and empty answers; no learning state touched.
    case quiz
}

/// A study session as stored: its planned queue, how far it got, and its counters.
public struct StudySessionRecord: Sendable, Codable, Hashable, Identifiable {
    public var id: Int64
    public var userID: Int64
    public var mode: SessionMode
    public var topicIDs: [Int64]
    /// The cards in the order they are shown.
    public var queue: [Int64]
    /// How many cards of ``queue`` were answered; the next card is `queue[position]`.
    public var position: Int
    public var startedAt: Date
    public var endedAt: Date?
    public var counts: SessionCounts

    /// The card to show next; `nil` when the queue is done.
    public var nextCardID: Int64? { position < queue.count ? queue[position] : nil }
    public var isEnded: Bool { endedAt != nil }
}

/// A session's running totals.
public struct SessionCounts: Sendable, Codable, Hashable {
    /// Cards answered.
    public var cards: Int
    /// Answers that were not failed (rating above Fail; in a quiz, right answers).
    public var correct: Int
    /// Failed answers (in a quiz, wrong answers that were not empty).
    public var failed: Int
    /// Quiz answers left empty.
    public var empty: Int
    /// The sum of the ratings (0–3), for the average.
    public var ratingSum: Int

    public init(cards: Int = 0, correct: Int = 0, failed: Int = 0, empty: Int = 0, ratingSum: Int = 0) {
        self.cards = cards
        self.correct = correct
        self.failed = failed
        self.empty = empty
        self.ratingSum = ratingSum
    }

    /// The mean rating (0 Fail … 3 Easy); `nil` before the first answer.
    public var averageRating: Double? { cards > 0 ? Double(ratingSum) / Double(cards) : nil }
}

/// One answer's contribution to a session's counters.
public struct SessionAnswer: Sendable, Hashable {
    public var rating: Int
    public var isCorrect: Bool
    public var isEmpty: Bool

    /// A rated answer (spaced or free): correct unless Fail.
    public init(rating: Int) {
        self.rating = rating
        isCorrect = rating > 0
        isEmpty = false
    }

    /// A quiz answer.
    public init(quizCorrect: Bool, empty: Bool) {
        rating = 0
        isCorrect = quizCorrect
        isEmpty = empty
    }
}
