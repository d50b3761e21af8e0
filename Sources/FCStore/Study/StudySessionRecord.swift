package import FCCore
import Foundation

package import struct Foundation.Date

/// How a session treats learning state.
package enum SessionMode: String, Sendable, Codable, CaseIterable, Hashable {
    /// Spaced repetition: each answer is a review that reschedules the card.
    case spaced
    /// Free practice: any cards, no learning state touched.
    case free
    /// A typed-answer test: counts right, wrong and empty answers; no learning state touched.
    case quiz
}

/// A study session as stored: its planned queue, how far it got, and its counters.
package struct StudySessionRecord: Sendable, Codable, Hashable, Identifiable {
    package var id: Int64
    package var userID: Int64
    package var mode: SessionMode
    package var topicIDs: [Int64]
    /// The cards in the order they are shown: the answered part (`queue[..<position]`), then the cards still to
    /// pass. A card that comes back (FCPipeline's `advance(cardID:answer:comesBack:)`) is in the answered part once
    /// per answer and in the part still to come at most once, so ``remaining`` counts cards, not answers.
    package var queue: [Int64]
    /// How many answers were given (entries of ``queue`` answered); the next card is `queue[position]`.
    package var position: Int
    package var startedAt: Date
    package var endedAt: Date?
    package var counts: SessionCounts

    /// The card to show next; `nil` when the queue is done.
    package var nextCardID: Int64? { position < queue.count ? queue[position] : nil }
    /// The cards still to pass: the rest of the queue (each card is in it at most once).
    package var remaining: Int { max(queue.count - position, 0) }
    /// The session's cards, each counted once however often it was asked.
    package var cardCount: Int { Set(queue).count }
    /// Whether the next card was asked before in this session (it came back).
    package var nextIsRepeat: Bool { nextCardID.map { queue[..<position].contains($0) } ?? false }
    package var isEnded: Bool { endedAt != nil }

    package init(
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
package struct SessionCounts: Sendable, Codable, Hashable {
    /// Cards answered.
    package var cards: Int
    /// Answers that were not failed (rating above Fail; in a quiz, right answers).
    package var correct: Int
    /// Failed answers (in a quiz, wrong answers that were not empty).
    package var failed: Int
    /// Quiz answers left empty.
    package var empty: Int
    /// The sum of the ratings as stored (0 Again … 3 Easy), for the average.
    package var ratingSum: Int
    /// Quiz answers the grader said were wrong and the learner claimed right ("I was right"): counted in
    /// ``correct``, no longer in ``failed``, and told apart so gamification never takes them for graded ones.
    package var overridden: Int

    package init(
        cards: Int = 0, correct: Int = 0, failed: Int = 0, empty: Int = 0, ratingSum: Int = 0, overridden: Int = 0
    ) {
        self.cards = cards
        self.correct = correct
        self.failed = failed
        self.empty = empty
        self.ratingSum = ratingSum
        self.overridden = overridden
    }

    /// The mean rating as stored (0 Again … 3 Easy; the CLI and its JSON show it on the 1–4 scale); `nil` before the
    /// first answer.
    package var averageRating: Double? { cards > 0 ? Double(ratingSum) / Double(cards) : nil }
}

// Undo records (`session_answers.undo_json`) written before `overridden` existed decode with none.
extension SessionCounts {
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        cards = try container.decode(Int.self, forKey: .cards)
        correct = try container.decode(Int.self, forKey: .correct)
        failed = try container.decode(Int.self, forKey: .failed)
        empty = try container.decode(Int.self, forKey: .empty)
        ratingSum = try container.decode(Int.self, forKey: .ratingSum)
        overridden = try container.decodeIfPresent(Int.self, forKey: .overridden) ?? 0
    }
}

/// One answer's contribution to a session's counters, and (a quiz answer) what the session keeps of it.
package struct SessionAnswer: Sendable, Hashable {
    package var rating: Int
    package var isCorrect: Bool
    package var isEmpty: Bool
    /// A quiz answer's text and verdict, kept with the answer (`session_answers`); `nil` for a rated answer.
    package var quiz: QuizGrading?

    /// A rated answer (spaced or free): correct unless Fail.
    package init(rating: Int) {
        self.rating = rating
        isCorrect = rating > 0
        isEmpty = false
    }

    /// A quiz answer, graded.
    package init(quiz: QuizGrading) {
        rating = 0
        isCorrect = quiz.verdict == .correct
        isEmpty = quiz.verdict == .empty
        self.quiz = quiz
    }
}

/// A quiz answer as its session keeps it: what the learner gave and what the grader said. The verdict stays as
/// graded when the learner claims the answer right (``StoredSessionAnswer/overridden``).
package struct QuizGrading: Sendable, Hashable {
    /// The most characters of an answer kept (``typed`` is cut there): twice the longest card answer
    /// (``FCCore/CardLimits/standard``), so a request body of any size stores a bounded row.
    package static let typedMax = 2 * CardLimits.standard.answerMax

    /// The answer as given, without surrounding whitespace: one text per question joined with "; " (a cloze card
    /// asks one per deletion number), an mcq option given by its position as the option's text; at most
    /// ``typedMax`` characters.
    package var typed: String
    package var verdict: QuizVerdict

    package init(typed: String, verdict: QuizVerdict) {
        self.typed = String(typed.trimmingCharacters(in: .whitespacesAndNewlines).prefix(Self.typedMax))
        self.verdict = verdict
    }
}
