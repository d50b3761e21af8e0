/// Where a card is in its life: never reviewed, in short learning steps, in long-term review, or relearning.
///
/// The raw values 1–3 are FSRS's `State` numbers (Learning, Review, Relearning), so they can be compared with
/// py-fsrs output directly; 0 is Anki's and ts-fsrs's "New".
public enum CardPhase: Int, Sendable, Codable, CaseIterable, Hashable {
    /// Never reviewed.
    case new = 0
    /// Going through the learning steps (minutes apart) after the first review.
    case learning = 1
    /// In long-term scheduling (intervals of a day or more).
    case review = 2
    /// Failed in review and going through the relearning steps.
    case relearning = 3
}
