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

    package init(
        cardID: Int64, reviewID: Int64? = nil, stateBefore: StoredCardState?, stateAfter: StoredCardState? = nil,
        session: SessionSnapshot, gamification: GamificationUndo? = nil
    ) {
        self.cardID = cardID
        self.reviewID = reviewID
        self.stateBefore = stateBefore
        self.stateAfter = stateAfter
        self.session = session
        self.gamification = gamification
    }
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

    package init(position: Int, counts: SessionCounts, perfect: Int) {
        self.position = position
        self.counts = counts
        self.perfect = perfect
    }
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

        package init(kind: String, reference: String) {
            self.kind = kind
            self.reference = reference
        }
    }

    /// A challenge row (`challenges`) as it was before; `row` `nil`: there was none.
    package struct ChallengeBefore: Sendable, Codable, Hashable {
        package var day: String
        package var kind: String
        package var row: ChallengeRecord?

        package init(day: String, kind: String, row: ChallengeRecord?) {
            self.day = day
            self.kind = kind
            self.row = row
        }
    }

    /// A learner's daily numbers (`daily_stats`) as they were before; `row` `nil`: there were none.
    package struct DailyStatsBefore: Sendable, Codable, Hashable {
        package var day: String
        package var row: DailyStatsRecord?

        package init(day: String, row: DailyStatsRecord?) {
            self.day = day
            self.row = row
        }
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

    package init(stateBefore: StateRow?) {
        self.stateBefore = stateBefore
    }

    /// The XP the answer paid (what undoing it takes back).
    package var paidXP: Int { (stateAfter?.totalXP ?? 0) - (stateBefore?.totalXP ?? 0) }
}
