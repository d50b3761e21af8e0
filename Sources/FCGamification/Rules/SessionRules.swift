/// What a finished session must show before it earns anything for itself: mystery boxes and the session
/// achievements (Speed Demon, Perfectionist).
///
/// Rewards follow effort. Without these rules a one-card quiz answered with nothing, or a study session quit
/// after one card, paid three or four boxes every time. A session *counts* when all of these hold:
/// - it answered its whole queue (``requiresCompletedQueue``): a session ended early is *abandoned*;
/// - it answered at least ``minimumAnswers`` cards (so a one-card session repeated all day earns nothing);
/// - at least ``minimumAccuracy`` of its answers were right (an all-wrong or all-empty session earns nothing).
///
/// The answers themselves still pay their card XP (each card once per local day), whatever the session does.
public struct SessionRules: Sendable, Hashable, Codable {
    /// The fewest answers a session needs.
    public var minimumAnswers: Int
    /// The lowest share (0–1) of right answers (`correct ÷ answers`) a session needs.
    public var minimumAccuracy: Double
    /// Whether every card of the session's queue must be answered.
    public var requiresCompletedQueue: Bool

    public init(minimumAnswers: Int, minimumAccuracy: Double, requiresCompletedQueue: Bool) {
        self.minimumAnswers = minimumAnswers
        self.minimumAccuracy = minimumAccuracy
        self.requiresCompletedQueue = requiresCompletedQueue
    }

    /// At least 5 answers, at least half of them right, and the whole queue answered.
    public static let `default` = SessionRules(minimumAnswers: 5, minimumAccuracy: 0.5, requiresCompletedQueue: true)

    /// Whether `session` counts (earns boxes and can unlock session achievements).
    public func counts(_ session: SessionSummary) -> Bool {
        guard session.cardsReviewed > 0, session.cardsReviewed >= minimumAnswers else { return false }
        if requiresCompletedQueue && session.cardsReviewed < session.queueSize { return false }
        return session.accuracy >= minimumAccuracy
    }
}

extension SessionSummary {
    /// Answers found right by the grader or the rating: ``correct`` without the ``overridden`` ones.
    public var gradedCorrect: Int { max(0, correct - max(0, overridden)) }

    /// Graded right answers ÷ answers (0 without answers): what every accuracy rule reads (a session that counts,
    /// the boxes' accuracy bonus, Speed Demon), so an answer claimed right on the learner's word never helps one.
    public var accuracy: Double {
        cardsReviewed > 0 ? Double(gradedCorrect) / Double(cardsReviewed) : 0
    }
}
