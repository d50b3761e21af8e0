package import struct Foundation.Date

/// The learner's persisted gamification state.
package struct StoredGamificationState: Sendable, Hashable {
    package var userID: Int64
    /// The engine's state, as the engine encoded it.
    package var stateJSON: String
    /// The XP of every award inserted so far: authoritative over the XP inside ``stateJSON``.
    package var totalXP: Int
    package var updatedAt: Date
}

/// What the store hands the gamification step, read inside the event's transaction (holding the write lock).
package struct GamificationInput: Sendable {
    package var userID: Int64
    /// The learner's IANA time zone (`users.time_zone`); `nil`: UTC.
    package var timeZone: String?
    /// `nil` before the learner's first gamified event.
    package var stored: StoredGamificationState?
    /// The session the event belongs to.
    package var sessionID: Int64?
    /// The card answered, for answers.
    package var card: AnsweredCard?
    /// The session that just ended, for a session end.
    package var endedSession: EndedSession?
}

/// The card behind an answer, with what first-try and topic-completion detection need.
package struct AnsweredCard: Sendable, Hashable {
    package var cardID: Int64
    package var topicID: Int64
    /// The learner's last review of the card *before* this answer (`card_states.last_review`); `nil` when never.
    package var lastReviewBefore: Date?
    /// Whether, after this answer, every card of the topic is known (FCScheduler's `KnownRule`) (checked only when this
    /// card became known, so ordinary reviews cost no topic scan).
    package var completesTopic: Bool
    /// When the answer's review was recorded (the decision's time, after any move up to the card's last review:
    /// ``RecallWindow/followsLastReview``); `nil` for an answer without a review (a quiz answer).
    package var reviewedAt: Date? = nil

    package init(
        cardID: Int64, topicID: Int64, lastReviewBefore: Date?, completesTopic: Bool, reviewedAt: Date? = nil
    ) {
        self.cardID = cardID
        self.topicID = topicID
        self.lastReviewBefore = lastReviewBefore
        self.completesTopic = completesTopic
        self.reviewedAt = reviewedAt
    }
}

/// A session that was ended by this call (not one that had ended before).
package struct EndedSession: Sendable, Hashable {
    package var session: StudySessionRecord
    /// Answers recalled on the first try (`sessions.perfect`).
    package var perfect: Int
    /// The distinct topics of the cards answered in the session.
    package var studiedTopicIDs: [Int64]

    package init(session: StudySessionRecord, perfect: Int, studiedTopicIDs: [Int64]) {
        self.session = session
        self.perfect = perfect
        self.studiedTopicIDs = studiedTopicIDs
    }
}

/// What a gamification write did.
package struct GamificationCommit: Sendable, Hashable, Codable {
    /// Keys (`kind:reference`) of the awards that were new; the rest were already stored and paid nothing.
    package var insertedKeys: Set<String>
    /// XP added by this write.
    package var paidXP: Int
    /// The learner's total XP afterwards.
    package var totalXP: Int

    package init(insertedKeys: Set<String> = [], paidXP: Int = 0, totalXP: Int = 0) {
        self.insertedKeys = insertedKeys
        self.paidXP = paidXP
        self.totalXP = totalXP
    }
}
