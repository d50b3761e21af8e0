import FCScheduler

extension SQLStatement {
    /// The scheduling algorithm in `column` (a `topics.algorithm` or `card_states.algorithm` value).
    ///
    /// - Throws: ``StoreError/corruptRow(table:column:rowID:)`` naming `table`, when the value names no algorithm.
    func algorithm(at column: Int32, table: String) throws -> SchedulingAlgorithm {
        guard let algorithm = SchedulingAlgorithm(rawValue: string(at: column)) else {
            throw StoreError.corruptRow(table: table, column: "algorithm", rowID: 0)
        }
        return algorithm
    }

    /// The card phase in `column` (`card_states.phase`).
    ///
    /// - Throws: ``StoreError/corruptRow(table:column:rowID:)`` when the number is no phase.
    func phase(at column: Int32) throws -> CardPhase {
        guard let phase = CardPhase(rawValue: int(at: column)) else {
            throw StoreError.corruptRow(table: "card_states", column: "phase", rowID: 0)
        }
        return phase
    }
}
