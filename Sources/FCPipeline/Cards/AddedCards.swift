package import FCStore

/// What adding a card by hand stored: the card and its reversed twin, and for a cloze text the siblings that ask its
/// further deletion numbers, so `card add` and its route can show every card the learner will now study.
package struct AddedCards: Sendable {
    /// The stored card, then its twin.
    package var cards: [CardDetails]
    /// A cloze card's siblings, by deletion number (at the end of the deck); empty for any other card.
    package var siblings: [CardDetails]
}
