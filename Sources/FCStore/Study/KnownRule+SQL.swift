import FCScheduler

extension KnownRule {
    /// The rule as an SQL condition on `card_states` aliased `s`, built from the rule's own values so that the two
    /// cannot drift; `KnownRuleSQLTests` checks it against ``KnownRule/isKnown(_:algorithm:)`` on both engines.
    package static let sql = """
        (s.phase = \(phase.rawValue) AND ((s.algorithm = '\(boxAlgorithm.rawValue)' AND s.box >= \(minimumLeitnerBox))
            OR (s.algorithm <> '\(boxAlgorithm.rawValue)' AND s.stability >= \(minimumStability))))
        """
}
