/// Everything that can go wrong in FCGamification: only bad rules, since applying events cannot fail.
public enum GamificationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A field of ``GamificationRules`` is out of range.
    case invalidRule(field: String, problem: String)

    public var description: String {
        switch self {
        case .invalidRule(let field, let problem): "gamification rule \(field): \(problem)"
        }
    }
}
