import Foundation

// FSRS-6's memory model, written as py-fsrs 6.3.2 writes it (`fsrs/scheduler.py`): same operations in the same
// order, and e^x as pow(e, x) like Python's `math.e ** x`, so results match the reference vectors to the last bit
// or nearly (the vectors' README, traps 2 and 3).
extension FSRSScheduler {
    /// The smallest stability py-fsrs allows (`STABILITY_MIN`); there is no upper bound.
    static let minimumStability = 0.001

    /// S0(g) = w[g−1].
    func initialStability(_ grade: Double) -> Double {
        max(weights[Int(grade) - 1], Self.minimumStability)
    }

    /// D0(g) = w4 − e^(w5·(g−1)) + 1, clamped to 1…10 unless `clamped` is false.
    func initialDifficulty(_ grade: Double, clamped: Bool = true) -> Double {
        let difficulty = weights[4] - pow(M_E, weights[5] * (grade - 1)) + 1
        return clamped ? Self.clampDifficulty(difficulty) : difficulty
    }

    /// D' = w7·D0(4) + (1−w7)·(D + (10−D)·ΔD/9), ΔD = −w6·(g−3), clamped to 1…10.
    func nextDifficulty(_ difficulty: Double, grade: Double) -> Double {
        let deltaDifficulty = -(weights[6] * (grade - 3))
        let damped = difficulty + (10.0 - difficulty) * deltaDifficulty / 9.0
        return Self.clampDifficulty(weights[7] * easyInitialDifficulty + (1 - weights[7]) * damped)
    }

    /// The same-day update: S·e^(w17·(g−3+w18))·S^(−w19), the multiplier floored at 1 for Hard, Good and Easy.
    func shortTermStability(_ stability: Double, grade: Double) -> Double {
        var increase = pow(M_E, weights[17] * (grade - 3 + weights[18])) * pow(stability, -weights[19])
        // py-fsrs 6.3.2 floors Hard too (6.3.1 only Good and Easy), as fsrs-rs does with `rating >= 2`.
        if grade >= 2 { increase = max(increase, 1.0) }
        return max(stability * increase, Self.minimumStability)
    }

    /// The update after a day or more: the recall formula for a success, the forget formula for Again.
    func nextStability(difficulty: Double, stability: Double, retrievability: Double, grade: Double) -> Double {
        let next =
            grade == 1
            ? forgetStability(difficulty: difficulty, stability: stability, retrievability: retrievability)
            : recallStability(
                difficulty: difficulty, stability: stability, retrievability: retrievability, grade: grade)
        return max(next, Self.minimumStability)
    }

    /// S·(1 + e^w8·(11−D)·S^(−w9)·(e^((1−R)·w10) − 1)·(w15 if Hard)·(w16 if Easy)).
    func recallStability(difficulty: Double, stability: Double, retrievability: Double, grade: Double) -> Double {
        let hardPenalty = grade == 2 ? weights[15] : 1
        let easyBonus = grade == 4 ? weights[16] : 1
        return stability
            * (1 + expW8 * (11 - difficulty) * pow(stability, -weights[9])
                * (pow(M_E, (1 - retrievability) * weights[10]) - 1) * hardPenalty * easyBonus)
    }

    /// min(w11·D^(−w12)·((S+1)^w13 − 1)·e^((1−R)·w14), S / e^(w17·w18)).
    func forgetStability(difficulty: Double, stability: Double, retrievability: Double) -> Double {
        let longTerm =
            weights[11] * pow(difficulty, -weights[12]) * (pow(stability + 1, weights[13]) - 1)
            * pow(M_E, (1 - retrievability) * weights[14])
        let shortTerm = stability / pow(M_E, weights[17] * weights[18])
        return min(longTerm, shortTerm)
    }

    /// R(t, S) = (1 + FACTOR·t/S)^DECAY with t in whole days (negative gaps count as 0).
    func retrievability(elapsedDays: Int, stability: Double) -> Double {
        pow(1 + factor * Double(max(0, elapsedDays)) / stability, decay)
    }

    /// round((S/FACTOR)·(DR^(1/DECAY) − 1)) days, ties to even like Python's `round`, clamped to 1…maximum.
    func intervalDays(stability: Double) -> Int {
        let raw = (stability / factor) * retentionTerm
        let rounded = raw.rounded(.toNearestOrEven)
        // Clamped as a Double first: S has no upper bound, and a huge or non-finite value must not trap in `Int()`.
        guard rounded.isFinite else { return parameters.maximumInterval }
        return Int(min(max(rounded, 1), Double(parameters.maximumInterval)))
    }

    static func clampDifficulty(_ difficulty: Double) -> Double {
        min(max(difficulty, 1.0), 10.0)
    }
}
