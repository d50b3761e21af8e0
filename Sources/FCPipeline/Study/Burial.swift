package import Foundation

/// What burying did: a cloze card takes its siblings along (their other deletion numbers would give its answer away),
/// so the learner is told about every card that left their queues, not only those they named.
package struct Burial: Sendable, Equatable {
    /// When the cards come back: the start of the learner's next local day.
    package var until: Date
    /// Every card buried, ascending, each once: those asked for and their cloze siblings.
    package var cardIDs: [Int64]
    /// The cards buried that were not asked for (the cloze siblings that went along), ascending; empty for cards
    /// that are no cloze cards.
    package var siblingIDs: [Int64]

    package init(until: Date, cardIDs: [Int64], asked: [Int64]) {
        self.until = until
        self.cardIDs = cardIDs
        let asked = Set(asked)
        siblingIDs = cardIDs.filter { !asked.contains($0) }
    }
}
