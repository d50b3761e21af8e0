/// Who found a quiz answer right: the grader, or the learner over the grader's "wrong" ("I was right"). It decides
/// what the answer may earn, in one place (``CardAnswer/tier``, ``Gamification/apply(_:to:at:timeZone:using:)``), so
/// no caller compares flags to keep an override from paying like a graded answer.
public enum QuizJudgement: String, Sendable, Hashable, Codable, CaseIterable {
    /// The grader accepted the typed answer: it earns as any right answer (first try included).
    case graded
    /// The grader said wrong and the learner claimed it right. It pays the card's XP for a right answer that is not a
    /// first try (``XPRewards/correctAnswer``), once per card per local day like any card XP, and nothing else: no
    /// first try (Perfect Score, Perfectionist), no challenge, no topic studied, no streak day, and a finished session
    /// leaves it out of its accuracy (``SessionSummary/overridden``: boxes, Speed Demon).
    case overridden
}
