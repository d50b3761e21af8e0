public import FCCore
import Foundation

// The calibrated constants and formulas of the badger rule; `BadgerScheduler.swift` explains the choices.
extension BadgerScheduler {
    /// The spec's stability multipliers for a successful recall: Difficult 1.2, Good 1.8, Easy 2.5.
    public static func multiplier(for rating: Rating) -> Double {
        switch rating {
        case .fail: 1.0
        case .difficult: 1.2
        case .good: 1.8
        case .easy: 2.5
        }
    }

    /// The spec's difficulty drift per rating: Fail +0.1, Difficult +0.05, Good 0, Easy −0.05 (difficulty stays in
    /// 0…1).
    public static func drift(for rating: Rating) -> Double {
        switch rating {
        case .fail: 0.1
        case .difficult: 0.05
        case .good: 0
        case .easy: -0.05
        }
    }

    /// The stability every card starts with, in days (spec: 1.0), and the floor after a failure.
    public static let initialStability = 1.0
    /// A failure keeps this share of the stability (spec: × 0.5, never below 1 day).
    public static let failureFactor = 0.5
    /// After a failure (and its relearning steps) the card comes back after this many days (spec: 1 day).
    public static let failureIntervalDays = 1.0
    /// The difficulty the Good ladder is calibrated at: the middle of the spec's "medium" 0.3–0.5.
    public static let referenceDifficulty = 0.4
    /// `1 − difficulty` never counts for less than this, so the hardest cards still grow (no "ease hell").
    public static let easeFloor = 0.2
    /// κ in the growth formula: with Good's 0.8 it gives a first long-term step of 1 → 3.2 days.
    public static let spacingGain = 2.75
    /// p in S^(−p): growth slows as stability rises, so the ladder bends from ×3.2 to about ×2.3.
    public static let spacingDecay = 0.1
    /// How strongly the recall rate outside the target band moves the multipliers (per unit of rate).
    public static let adaptationSlope = 1.5
    /// The adaptation never moves the multipliers' gain by more than this share, up or down.
    public static let adaptationLimit = 0.15
    /// A review counts as on time from this share of the stability on (it covers the largest fuzz, −10 %).
    public static let onTimeShare = 0.9

    /// The factor the recent recall rate applies to the multipliers' gain: 1 inside the target band, above 1 when
    /// the learner recalls more than the target (intervals may stretch), below 1 when less; within 1 ± 0.15.
    ///
    /// ```swift
    /// BadgerScheduler.adaptation(recallRate: 0.95, target: 0.85...0.90)  // 1.075
    /// BadgerScheduler.adaptation(recallRate: 0.40, target: 0.85...0.90)  // 0.85 (the bound)
    /// ```
    public static func adaptation(recallRate: Double?, target: ClosedRange<Double>) -> Double {
        guard let rate = recallRate, rate.isFinite else { return 1 }
        if rate > target.upperBound {
            return min(1 + adaptationLimit, 1 + adaptationSlope * (rate - target.upperBound))
        }
        if rate < target.lowerBound {
            return max(1 - adaptationLimit, 1 - adaptationSlope * (target.lowerBound - rate))
        }
        return 1
    }

    /// The stability after a successful recall:
    /// S' = S · (1 + (M − 1) · A · ease(D) · κ · S^(−p) · timing).
    ///
    /// - Parameters:
    ///   - stability: S before the review, in days.
    ///   - difficulty: D before the review, 0…1.
    ///   - rating: Difficult, Good or Easy (M = 1.2, 1.8, 2.5).
    ///   - elapsedDays: Days since the previous review, fractional.
    func grownStability(_ stability: Double, difficulty: Double, rating: Rating, elapsedDays: Double) -> Double {
        let gain = Self.multiplier(for: rating) - 1
        let ease = max(1 - difficulty, Self.easeFloor) / (1 - Self.referenceDifficulty)
        let spacing = Self.spacingGain * pow(stability, -Self.spacingDecay)
        let timing = min(1, max(0, elapsedDays / (Self.onTimeShare * stability)))
        return stability * (1 + gain * adaptation * ease * spacing * timing)
    }
}
