public import struct Foundation.Date

/// The learner's persisted gamification state.
public struct StoredGamificationState: Sendable, Hashable {
    public var userID: Int64
    /// The engine's state, as the engine encoded it.
    public var stateJSON: String
    /// The XP of every award inserted so far: authoritative over the XP inside ``stateJSON``.
    public var totalXP: Int
    public var updatedAt: Date
}

/// What the store hands the gamification step, read inside the event's transaction (holding the write lock).
public struct GamificationInput: Sendable {
    public var userID: Int64
    /// The learner's IANA time zone (`users.time_zone`); `nil`: UTC.
    public var timeZone: String?
    /// `nil` before the learner's first gamified event.
    public var stored: StoredGamificationState?
    /// The session the event belongs to.
    public var sessionID: Int64?
    /// The card answered, for answers.
    public var card: AnsweredCard?
    /// The session that just ended, for a session end.
    public var endedSession: EndedSession?
}

/// The card behind an answer, with what first-try and topic-completion detection need.
public struct AnsweredCard: Sendable, Hashable {
    public var cardID: Int64
    public var topicID: Int64
    /// The learner's last review of the card *before* this answer (`card_states.last_review`); `nil` when never.
    public var lastReviewBefore: Date?
    /// Whether, after this answer, every card of the topic is known by ``KnownRule`` (checked only when this
    /// card became known, so ordinary reviews cost no topic scan).
    public var completesTopic: Bool
}

/// A session that was ended by this call (not one that had ended before).
public struct EndedSession: Sendable, Hashable {
    public var session: StudySessionRecord
    /// Answers recalled on the first try (`sessions.perfect`).
    public var perfect: Int
    /// The distinct topics of the cards answered in the session.
    public var studiedTopicIDs: [Int64]
}

/// What a gamification write did.
public struct GamificationCommit: Sendable, Hashable, Codable {
    /// Keys (`kind:reference`) of the awards that were new; the rest were already stored and paid nothing.
    public var insertedKeys: Set<String>
    /// XP added by this write.
    public var paidXP: Int
    /// The learner's total XP afterwards.
    public var totalXP: Int

    public init(insertedKeys: Set<String> = [], paidXP: Int = 0, totalXP: Int = 0) {
        self.insertedKeys = insertedKeys
        self.paidXP = paidXP
        self.totalXP = totalXP
    }
}
