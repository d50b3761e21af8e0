import FCCore

extension RefillRule {
    /// ``RefillRule/isStudyMaterial(_:)`` as an SQL condition on the card aliased `c`, built from the rule itself:
    /// the origins it leaves out, by name.
    static let studyMaterialSQL =
        "c.origin NOT IN ("
        + CardOrigin.allCases.filter { !isStudyMaterial($0) }.map { "'\($0.rawValue)'" }.joined(separator: ", ") + ")"

    /// The unstudied cards of the topic aliased `t`, as an SQL expression (``RefillRule/unstudiedCount(_:)``).
    static let unstudiedCardsSQL = """
        ((SELECT COUNT(*) FROM cards c WHERE c.topic_id = t.id AND \(studyMaterialSQL))
            - COALESCE((SELECT COUNT(*) FROM card_states s JOIN cards c ON c.id = s.card_id
                WHERE c.topic_id = t.id AND \(studyMaterialSQL) GROUP BY s.user_id ORDER BY 1 DESC LIMIT 1), 0))
        """

    /// The batches of the topic aliased `t`, as an SQL expression.
    static let batchCountSQL = "(SELECT COUNT(*) FROM batches b WHERE b.topic_id = t.id)"

    /// ``RefillRule/isDue(policy:unstudied:batches:)`` as an SQL condition on the topic aliased `t`.
    static let isDueSQL = """
        t.refill_below IS NOT NULL AND t.batch_size IS NOT NULL
            AND \(unstudiedCardsSQL) < t.refill_below
            AND (t.max_batches IS NULL OR \(batchCountSQL) < t.max_batches)
        """
}
