/// The XP needed to reach each level: `(n − 1)² · quadratic + (n − 1) · linear` for level `n`.
///
/// With the default 50 and 450: level 1 at 0 XP, level 2 at 500, level 3 at 1,100, level 4 at 1,800, level 5 at
/// 2,600, level 10 at 8,100. A typical day of about 50 reviews (≈ 500–700 XP with its challenges and boxes) is about
/// one level for the first four levels; after that each level is 100 XP wider than the one before, so levels come
/// ever more slowly.
public struct LevelCurve: Sendable, Hashable, Codable {
    /// The coefficient of `(n − 1)²`.
    public var quadratic: Int
    /// The coefficient of `(n − 1)`.
    public var linear: Int

    public init(quadratic: Int, linear: Int) {
        self.quadratic = quadratic
        self.linear = linear
    }

    /// The default curve, 50 and 450.
    public static let `default` = LevelCurve(quadratic: 50, linear: 450)

    /// The total XP at which `level` is reached (0 for level 1 and below); saturates at `Int.max`.
    public func xpToReach(level: Int) -> Int {
        guard level > 1 else { return 0 }
        let steps = level - 1
        let (square, overflow1) = steps.multipliedReportingOverflow(by: steps)
        let (quadraticPart, overflow2) = square.multipliedReportingOverflow(by: quadratic)
        let (linearPart, overflow3) = steps.multipliedReportingOverflow(by: linear)
        let (sum, overflow4) = quadraticPart.addingReportingOverflow(linearPart)
        return overflow1 || overflow2 || overflow3 || overflow4 ? Int.max : sum
    }

    /// The level a learner with `totalXP` is at (1 or more).
    public func level(forXP totalXP: Int) -> Int {
        guard totalXP > 0, quadratic > 0 || linear > 0 else { return 1 }
        // Solve quadratic·k² + linear·k = xp for k = n − 1 in floating point, then correct the rounding exactly.
        let q = Double(quadratic)
        let l = Double(linear)
        let xp = Double(totalXP)
        let estimate = q > 0 ? (-l + (l * l + 4 * q * xp).squareRoot()) / (2 * q) : xp / l
        var level = max(1, Int(min(estimate, 1e15).rounded(.down)) + 1)
        while level > 1 && xpToReach(level: level) > totalXP { level -= 1 }
        while xpToReach(level: level + 1) <= totalXP && xpToReach(level: level + 1) != Int.max { level += 1 }
        return level
    }
}
