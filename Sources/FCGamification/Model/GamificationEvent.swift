public import FCCore
public import Foundation

/// Something a learner did that may earn XP, progress, boxes or achievements.
///
/// Pass each event with the instant it *happened* (not when it is processed): replaying an event with its original
/// time is then recognised as a duplicate, see ``Gamification/apply(_:to:at:timeZone:using:)``.
public enum GamificationEvent: Sendable, Hashable, Codable {
    /// A card rated in a study session (spaced or free). A `fail` rating pays "card completed" XP.
    case cardReviewed(CardReview)
    /// A quiz answer judged right (quizzes have no rating): by the grader, or by the learner over the grader's verdict
    /// (``CardAnswer/judgement``). Send this *or* `cardReviewed` for one answer.
    case cardAnsweredCorrectly(CardAnswer)
    /// A study or quiz session ended; earns mystery boxes when it counts (``SessionRules``).
    case sessionFinished(SessionSummary)
    /// The learner opened a topic to study it (counts for the Topic Explorer challenge, not as studying).
    case topicExplored(topicID: Int64)
    /// The learner finished a topic (the caller decides what "finished" means); pays once per topic.
    case topicCompleted(topicID: Int64)
    /// A generation the learner asked for finished; the topic counts as explored (not as studied).
    case generationFinished(topicID: Int64, cardsAdded: Int)
    /// The learner opened one of their unopened mystery boxes.
    case boxOpened(boxID: String)
}

/// A rated card review.
public struct CardReview: Sendable, Hashable, Codable {
    public var cardID: Int64
    public var topicID: Int64
    public var rating: Rating
    /// Whether this is the learner's first attempt at the card in the current session (no earlier miss).
    public var isFirstTry: Bool
    /// Time spent on the card, in seconds.
    public var duration: TimeInterval

    public init(cardID: Int64, topicID: Int64, rating: Rating, isFirstTry: Bool, duration: TimeInterval) {
        self.cardID = cardID
        self.topicID = topicID
        self.rating = rating
        self.isFirstTry = isFirstTry
        self.duration = duration
    }
}

/// A right quiz answer.
public struct CardAnswer: Sendable, Hashable, Codable {
    public var cardID: Int64
    public var topicID: Int64
    /// Whether this is the learner's first attempt at the card in the current quiz.
    public var isFirstTry: Bool
    /// Time spent on the card, in seconds.
    public var duration: TimeInterval
    /// Who found it right: the grader, or the learner over the grader ("I was right").
    public var judgement: QuizJudgement

    public init(
        cardID: Int64, topicID: Int64, isFirstTry: Bool, duration: TimeInterval, judgement: QuizJudgement = .graded
    ) {
        self.cardID = cardID
        self.topicID = topicID
        self.isFirstTry = isFirstTry
        self.duration = duration
        self.judgement = judgement
    }

    /// The tier the answer pays at: a graded answer's by its first try; an overridden one is never a first try.
    public var tier: CardTier {
        switch judgement {
        case .graded: CardTier(correct: true, firstTry: isFirstTry)
        case .overridden: .correct
        }
    }
}

/// The totals of a finished session.
public struct SessionSummary: Sendable, Hashable, Codable {
    /// The store's session id; boxes are keyed by it.
    public var sessionID: Int64
    /// Cards the session planned to show (its queue); a session that answered fewer was abandoned.
    public var queueSize: Int
    /// Answers given in the session.
    public var cardsReviewed: Int
    /// Answers that were recalled (any rating but `fail`, or a right quiz answer), the ``overridden`` ones included.
    public var correct: Int
    /// Quiz answers of ``correct`` that the learner claimed right over the grader's "wrong": the session counts them
    /// right, but its ``accuracy`` (boxes, Speed Demon) leaves them out.
    public var overridden: Int
    /// Cards recalled on the first try.
    public var perfect: Int
    /// The session's distinct cards: fewer than ``cardsReviewed`` when a card came back (learning steps) and was
    /// answered again; `nil` (a summary from before learning steps): as many as ``cardsReviewed``.
    public var cards: Int?
    /// Wall time of the session, in seconds.
    public var duration: TimeInterval
    /// The topics studied in the session.
    public var topicIDs: [Int64]

    public init(
        sessionID: Int64, queueSize: Int, cardsReviewed: Int, correct: Int, perfect: Int, duration: TimeInterval,
        topicIDs: [Int64], cards: Int? = nil, overridden: Int = 0
    ) {
        self.sessionID = sessionID
        self.queueSize = queueSize
        self.cardsReviewed = cardsReviewed
        self.correct = correct
        self.overridden = overridden
        self.perfect = perfect
        self.cards = cards
        self.duration = duration
        self.topicIDs = topicIDs
    }
}

// Events an app persisted before quiz overrides existed have no `judgement` or `overridden`: they decode as graded
// answers and sessions without overrides, as they were.
extension CardAnswer {
    private enum CodingKeys: String, CodingKey {
        case cardID, topicID, isFirstTry, duration, judgement
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            cardID: try container.decode(Int64.self, forKey: .cardID),
            topicID: try container.decode(Int64.self, forKey: .topicID),
            isFirstTry: try container.decode(Bool.self, forKey: .isFirstTry),
            duration: try container.decode(TimeInterval.self, forKey: .duration),
            judgement: try container.decodeIfPresent(QuizJudgement.self, forKey: .judgement) ?? .graded)
    }
}

extension SessionSummary {
    private enum CodingKeys: String, CodingKey {
        case sessionID, queueSize, cardsReviewed, correct, overridden, perfect, cards, duration, topicIDs
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            sessionID: try container.decode(Int64.self, forKey: .sessionID),
            queueSize: try container.decode(Int.self, forKey: .queueSize),
            cardsReviewed: try container.decode(Int.self, forKey: .cardsReviewed),
            correct: try container.decode(Int.self, forKey: .correct),
            perfect: try container.decode(Int.self, forKey: .perfect),
            duration: try container.decode(TimeInterval.self, forKey: .duration),
            topicIDs: try container.decode([Int64].self, forKey: .topicIDs),
            cards: try container.decodeIfPresent(Int.self, forKey: .cards),
            overridden: try container.decodeIfPresent(Int.self, forKey: .overridden) ?? 0)
    }
}
