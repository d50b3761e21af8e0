import Foundation

/// Badger's interval fuzz: ±10 % for intervals up to a month, narrowing to ±5 % from a year on.
///
/// The spec asks for "±5–10 %". Short intervals get the wider spread because that is where cards learned together
/// would otherwise come back together; long intervals are already spread in absolute terms (±5 % of a year is
/// ±18 days). Between one month and one year the amplitude falls linearly in log(interval).
enum BadgerFuzz {
    static let widest = 0.10
    static let narrowest = 0.05
    static let wideUpToDays = 30.0
    static let narrowFromDays = 365.0

    /// The largest relative change fuzz may make to an interval of `days`.
    static func amplitude(days: Double) -> Double {
        if days <= wideUpToDays { return widest }
        if days >= narrowFromDays { return narrowest }
        let position = log(days / wideUpToDays) / log(narrowFromDays / wideUpToDays)
        return widest - (widest - narrowest) * position
    }

    /// `days` times a uniformly drawn factor in 1 ± amplitude.
    static func fuzzed(days: Double, using generator: inout some RandomNumberGenerator) -> Double {
        let amplitude = amplitude(days: days)
        return days * (1 + Double.random(in: -amplitude...amplitude, using: &generator))
    }
}
