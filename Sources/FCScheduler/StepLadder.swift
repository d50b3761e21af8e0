import FCCore
import Foundation

/// Short (re)learning steps, minutes apart, that a card climbs before long-term scheduling.
///
/// The rules are py-fsrs's, and badger uses them too:
/// - Fail goes back to step 0.
/// - Difficult stays on the step. On step 0 it waits the mean of the first two steps, or 1.5× the only step;
///   on later steps it repeats the step's delay.
/// - Good moves to the next step, or graduates from the last one.
/// - Easy always graduates.
/// - A card beyond the last step (the steps were shortened since) graduates on anything but Fail.
struct StepLadder {
    /// What a rating does to a card on the ladder.
    enum Decision: Equatable {
        /// The card stays in (re)learning on `step`, due after `delay` seconds.
        case stay(step: Int, delay: TimeInterval)
        /// The card leaves the ladder for long-term review.
        case graduate
    }

    let steps: [TimeInterval]

    func decide(step: Int, rating: Rating) -> Decision {
        guard let first = steps.first else { return .graduate }
        if step >= steps.count && rating != .fail { return .graduate }
        switch rating {
        case .fail:
            return .stay(step: 0, delay: first)
        case .difficult:
            if step == 0 {
                return .stay(step: 0, delay: steps.count == 1 ? first * 1.5 : (first + steps[1]) / 2.0)
            }
            return .stay(step: step, delay: steps[step])
        case .good:
            if step + 1 == steps.count { return .graduate }
            return .stay(step: step + 1, delay: steps[step + 1])
        case .easy:
            return .graduate
        }
    }
}
