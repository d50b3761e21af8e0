/// What a card delete removed, as `fcgen card delete --json`, `DELETE /v1/cards/{id}` and
/// `POST /v1/topics/{id}/cards/delete` write it: one type for all three, so each names every card that went — those
/// asked for and the cloze siblings that go with a cloze card (its note's card and every other deletion number's).
package struct CardsDeletedJSON: Encodable, Sendable {
    /// The ids deleted, ascending, each once.
    package var deleted: [Int64]

    package init(deleted: [Int64]) { self.deleted = deleted }
}
