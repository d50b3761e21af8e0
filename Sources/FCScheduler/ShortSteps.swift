public import struct Foundation.Date

extension CardState {
    /// The longest wait that still counts as a short step: a day (Leitner's box 0 waits exactly one).
    public static let longestShortStep: Double = 86_400

    /// Whether a review left the card on its scheduler's short steps, not passed yet: what brings it back later in
    /// the same study session (Anki's learning steps).
    ///
    /// The rule reads only the scheduler's result, so it holds for every algorithm:
    /// - FSRS-6 and badger: the card is in `learning` or `relearning` (its minutes-apart steps; ``StepLadder``);
    ///   graduating to `review` passes it.
    /// - Leitner: the card is in box 0, where new and failed cards wait; climbing to box 1 passes it.
    ///
    /// and in both cases it is due at most ``longestShortStep`` after `answeredAt`, so steps configured a day or
    /// more apart are left to the next day's queue.
    public func isOnShortStep(answeredAt: Date) -> Bool {
        let stepping = phase == .learning || phase == .relearning || box == 0
        return stepping && due.timeIntervalSince(answeredAt) <= Self.longestShortStep
    }
}
