package import Foundation

/// What undoing one answer in a session restores, captured inside the answer's transaction (a `session_answers`
/// row): every row the answer changed, as it was before, and every row it inserted.
///
/// Undo restores these exactly, so the card's state, the learner's XP, challenges, daily numbers and achievements
/// are as if the answer had never been given. It is refused when anything the answer wrote has changed since
/// (``stateAfter``, ``GamificationUndo/stateAfter``): restoring would then throw away a later event.
package struct AnswerUndo: Sendable, Codable, Hashable {
    package var cardID: Int64
    /// The review row the answer wrote (spaced sessions); `nil` for free and quiz answers.
    package var reviewID: Int64?
    /// The learner's state of the card before the answer; `nil`: there was none (a new card).
    package var stateBefore: StoredCardState?
    /// The state the answer wrote; `nil` when it wrote none.
    package var stateAfter: StoredCardState?
    /// The session's position and counters before the answer.
    package var session: SessionSnapshot
    /// The gamification rows, when the answer was gamified.
    package var gamification: GamificationUndo?
}

extension AnswerUndo {
    /// Times as integer Unix milliseconds, exactly as the tables hold them, so a restored row is the same row; keys
    /// sorted, so the same record is always the same text.
    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(date.unixMilliseconds)
        }
        return encoder
    }

    /// Reads what ``encoder`` wrote.
    static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            Date(unixMilliseconds: try decoder.singleValueContainer().decode(Int64.self))
        }
        return decoder
    }
}

/// A session's position and counters at one moment.
package struct SessionSnapshot: Sendable, Codable, Hashable {
    package var position: Int
    package var counts: SessionCounts
    /// Answers recalled on the first try (`sessions.perfect`).
    package var perfect: Int
}

/// The gamification rows an answer changed and inserted.
package struct GamificationUndo: Sendable, Codable, Hashable {
    /// A `gamification_state` row.
    package struct StateRow: Sendable, Codable, Hashable {
        package var stateJSON: String
        package var totalXP: Int
        package var updatedAt: Date
    }

    /// An award the answer inserted (`xp_events`).
    package struct AwardKey: Sendable, Codable, Hashable {
        package var kind: String
        package var reference: String
    }

    /// A challenge row (`challenges`) as it was before; `row` `nil`: there was none.
    package struct ChallengeBefore: Sendable, Codable, Hashable {
        package var day: String
        package var kind: String
        package var row: ChallengeRecord?
    }

    /// A learner's daily numbers (`daily_stats`) as they were before; `row` `nil`: there were none.
    package struct DailyStatsBefore: Sendable, Codable, Hashable {
        package var day: String
        package var row: DailyStatsRecord?
    }

    /// The learner's state row before the answer; `nil`: none yet.
    package var stateBefore: StateRow?
    /// The state row after the answer's transaction.
    package var stateAfter: StateRow?
    package var awards: [AwardKey] = []
    /// Achievement ids the answer unlocked.
    package var achievements: [String] = []
    /// Box ids the answer earned.
    package var boxes: [String] = []
    package var challenges: [ChallengeBefore] = []
    package var dailyStats: [DailyStatsBefore] = []

    /// The XP the answer paid (what undoing it takes back).
    package var paidXP: Int { (stateAfter?.totalXP ?? 0) - (stateBefore?.totalXP ?? 0) }
}

/// Collects an ``AnswerUndo`` while an answer's transaction writes (``Database/beginAnswerUndo(sessionID:userID:cardID:)``
/// to ``Database/storeAnswerUndo(_:sessionID:userID:reviewID:stateAfter:)``); a reference, so each write step can
/// add what it replaced and inserted.
package final class AnswerUndoCapture {
    package internal(set) var undo: AnswerUndo

    /// A capture that goes on from `undo`, a stored answer's record: what a later step of that answer (the learner's
    /// "I was right") writes is added to it, so undoing the answer takes the step back too.
    package init(_ undo: AnswerUndo) {
        self.undo = undo
    }
}

/// What undoing a session's last answer (FCPipeline's `SessionSteps.undoLastAnswer`) undid.
package struct UndoneAnswer: Sendable {
    /// The session, back at the undone card.
    package var session: StudySessionRecord
    package var cardID: Int64
    /// Whether a review (and a card state) was taken back.
    package var reviewRemoved: Bool
    /// The XP taken back.
    package var xpReturned: Int

    package init(session: StudySessionRecord, cardID: Int64, reviewRemoved: Bool, xpReturned: Int) {
        self.session = session
        self.cardID = cardID
        self.reviewRemoved = reviewRemoved
        self.xpReturned = xpReturned
    }
}
