import FCCore
package import Foundation

extension Database {
    /// Buries cards for the learner until `until` (the start of their next local day): no study queue shows them
    /// before then (FCPipeline's `StudyService.bury` takes them out of the learner's open sessions). A cloze card's siblings are
    /// buried with it, as Anki does: the other deletion numbers of its text would give its answer away.
    ///
    /// - Returns: The ids buried, ascending, each once: those given and their cloze siblings (as ``deleteCards(ids:
    ///   inTopic:withSiblings:)`` reports them), so the caller can tell the learner about the siblings too.
    /// - Throws: ``StoreError/cardNotFound(id:)`` (nothing is buried then).
    @discardableResult
    package func buryCards(ids: [Int64], userID: Int64, until: Date) async throws -> [Int64] {
        let buried = try await withClozeSiblings(ids)
        try await setFlags(
            ids: buried, userID: userID, value: until.unixMilliseconds, operation: "bury cards",
            column: "buried_until")
        return Set(buried).sorted()
    }

    /// Suspends cards for the learner: no study queue shows them until ``unsuspendCards(ids:userID:)``
    /// (FCPipeline's `StudyService.suspend` takes them out of the learner's open sessions).
    ///
    /// - Throws: ``StoreError/cardNotFound(id:)`` (nothing is suspended then).
    package func suspendCards(ids: [Int64], userID: Int64) async throws {
        try await setFlags(
            ids: ids, userID: userID, value: now().unixMilliseconds, operation: "suspend cards",
            column: "suspended_at")
    }

    /// Lets suspended cards back into the learner's queues (a burial stays until it ends).
    ///
    /// - Throws: ``StoreError/cardNotFound(id:)``.
    package func unsuspendCards(ids: [Int64], userID: Int64) async throws {
        try await connection.immediateTransaction("unsuspend cards") {
            for cardID in ids {
                _ = try await card(id: cardID)
                try await connection.withQuery(
                    "UPDATE card_flags SET suspended_at = NULL WHERE user_id = \(userID) AND card_id = \(cardID)",
                    operation: "unsuspend card"
                ) { statement in
                    try await statement.run()
                }
            }
        }
    }

    /// The SQL condition "card `column` is held back for the learner": suspended, or buried past `now`. The queue
    /// queries append it as `AND NOT \(…)`; one primary-key probe per candidate, usually finding no row.
    static func heldBack(cardColumn column: String, userID: Int64, now: Date) -> StoreQuery {
        """
        EXISTS (SELECT 1 FROM card_flags f WHERE f.user_id = \(userID) AND f.card_id = \(raw: column)
            AND (\(raw: suspendedFlag) OR \(buriedFlag(now: now))))
        """
    }

    /// Sets one flag per card (`column` of `card_flags`, one of the store's own names, to `value`), in one
    /// transaction.
    private func setFlags(ids: [Int64], userID: Int64, value: Int64, operation: String, column: String) async throws {
        try await connection.immediateTransaction(operation) {
            for cardID in ids {
                _ = try await card(id: cardID)
                try await connection.runQuery(
                    """
                    INSERT INTO card_flags (user_id, card_id, \(raw: column)) VALUES (\(userID), \(cardID), \(value))
                    ON CONFLICT (user_id, card_id) DO UPDATE SET \(raw: column) = excluded.\(raw: column)
                    """,
                    operation: operation)
            }
        }
    }
}
