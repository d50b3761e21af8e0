public import FCCore
public import Foundation

/// The Leitner system: eight boxes, each reviewed less often than the one before.
///
/// - New and failed cards are in box 0, which comes back after 1 day.
/// - Box b ≥ 1 comes back after ⌈3 × 2.05^(b−1)⌉ days: 3, 7, 13, 26, 53, 109, 223. Each interval is rounded up
///   from the unrounded value (not from the previous rounded one), and the table is computed, not typed in.
/// - Fail: back to box 0. Difficult: down one box (box 0 stays). Good: up one box.
/// - Easy: up to box max(b + 1, ⌊1.5 × b⌋) — the "up by a factor of 1.5, rounded down", with at least
///   one box of progress so that Easy never does less than Good (for b = 0…3, ⌊1.5 × b⌋ ≤ b + 1 and Easy equals
///   Good; from box 4 on it jumps further: 4 → 6, 5 → 7, and past the top).
/// - Past the top box the card stays in box 7 and its interval keeps growing by ×2.05 per level it would have
///   climbed: Good in box 7 gives ⌈3 × 2.05^7⌉ = ⌈456.5⌉ = 457 days, then 936, 1919, … (Easy in box 7 climbs
///   ⌊7 × 1.5⌋ − 7 = 3 levels). The unrounded interval of the card's level is kept in ``CardState/stability``, so
///   the growth never compounds rounding.
///
/// A lapse is counted when a card above box 0 is failed.
///
/// ```swift
/// var rng = SplitMix64(seed: 0)
/// let outcome = LeitnerScheduler().review(CardState(newAt: now), rating: .good, at: now, using: &rng)
/// outcome.card.box  // 1, due in 3 days
/// ```
public struct LeitnerScheduler: CardScheduler {
    /// The configuration this scheduler runs with.
    public let parameters: LeitnerParameters

    /// A scheduler with the boxes and intervals.
    public init() {
        parameters = LeitnerParameters()
    }

    /// A scheduler with the given configuration.
    ///
    /// - Throws: ``SchedulerError/invalidParameter(algorithm:name:problem:)`` when a value is out of range.
    public init(parameters: LeitnerParameters) throws(SchedulerError) {
        try parameters.validate()
        self.parameters = parameters
    }

    /// The highest box (7 by default).
    public var topBox: Int { parameters.boxCount - 1 }

    /// The unrounded interval of `box`, in days: box 0's interval, then firstInterval × growth^(box − 1).
    public func unroundedInterval(box: Int) -> Double {
        box <= 0 ? parameters.boxZeroInterval : parameters.firstInterval * pow(parameters.growth, Double(box - 1))
    }

    /// The interval of `box` in whole days, rounded up from the unrounded value.
    public func intervalDays(box: Int) -> Int {
        wholeDays(unroundedInterval(box: box))
    }

    /// The box Easy moves a card in `box` to, before capping at the top: max(box + 1, ⌊1.5 × box⌋).
    public static func easyTarget(from box: Int) -> Int {
        max(box + 1, box * 3 / 2)
    }

    public func review(
        _ card: CardState,
        rating: Rating,
        at time: Date,
        using generator: inout some RandomNumberGenerator
    ) -> ReviewOutcome {
        let box = min(max(card.box ?? 0, 0), topBox)
        var next = card
        switch rating {
        case .fail:
            if box > 0 { next.lapses += 1 }
            place(&next, inBox: 0)
        case .difficult:
            place(&next, inBox: max(box - 1, 0))
        case .good:
            climb(&next, from: box, to: box + 1)
        case .easy:
            climb(&next, from: box, to: Self.easyTarget(from: box))
        }
        next.phase = .review
        next.step = nil
        next.difficulty = nil
        next.reps += 1
        next.lastReview = time
        let interval = Double(wholeDays(next.stability ?? parameters.boxZeroInterval)) * TimeMath.secondsPerDay
        next.due = time.addingTimeInterval(interval)
        let elapsedDays = card.lastReview.map { TimeMath.elapsedDays(from: $0, to: time) }
        return ReviewOutcome(card: next, interval: interval, elapsedDays: elapsedDays)
    }

    private func place(_ next: inout CardState, inBox box: Int) {
        next.box = box
        next.stability = unroundedInterval(box: box)
    }

    /// Moves a card up to `target`; levels past the top box multiply the interval instead.
    private func climb(_ next: inout CardState, from box: Int, to target: Int) {
        guard target > topBox else { return place(&next, inBox: target) }
        // A card already in the top box grows from its own (possibly already grown) interval.
        let start = box == topBox ? (next.stability ?? unroundedInterval(box: topBox)) : unroundedInterval(box: topBox)
        let grown = start * pow(parameters.growth, Double(target - topBox))
        next.box = topBox
        // Capped so that endless Easy answers cannot overflow; the interval is capped there anyway.
        next.stability = min(grown, Double(parameters.maximumInterval))
    }

    private func wholeDays(_ days: Double) -> Int {
        Int(min(days.rounded(.up), Double(parameters.maximumInterval)))
    }
}
