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

    /// Counts `answer` for `cardID` and moves on to the next card.
    ///
    /// - Throws: ``StoreError/sessionConflict(id:problem:)`` when the session has ended, its queue is done, or
    ///   `cardID` is not the card it expects next.
    public mutating func advance(cardID: Int64, answer: SessionAnswer) throws(StoreError) {
        guard !isEnded else { throw StoreError.sessionConflict(id: id, problem: "it has ended") }
        guard let expected = nextCardID else {
            throw StoreError.sessionConflict(id: id, problem: "every card of its queue was answered")
        }
        guard expected == cardID else {
            throw StoreError.sessionConflict(id: id, problem: "the next card is \(expected), not \(cardID)")
        }
        position += 1
        counts.cards += 1
        if answer.isCorrect {
            counts.correct += 1
        } else if answer.isEmpty {
            counts.empty += 1
        } else {
            counts.failed += 1
        }
        counts.ratingSum += answer.rating
    }

    /// The card to show next; `nil` when the queue is done.
    public var nextCardID: Int64? { position < queue.count ? queue[position] : nil }
    public var isEnded: Bool { endedAt != nil }

    public init(
        id: Int64, userID: Int64, mode: SessionMode, topicIDs: [Int64], queue: [Int64], position: Int = 0,
        startedAt: Date, endedAt: Date? = nil, counts: SessionCounts = SessionCounts()
    ) {
        self.id = id
        self.userID = userID
        self.mode = mode
        self.topicIDs = topicIDs
        self.queue = queue
        self.position = position
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.counts = counts
    }
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
