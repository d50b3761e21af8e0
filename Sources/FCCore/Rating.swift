/// How well a learner recalled a card: the four buttons (or keys) of a review.
///
/// The raw values are the product's (`Fail = 0` … `Easy = 3`). FSRS and its reference implementations number the
/// same grades 1–4 (Again, Hard, Good, Easy); ``init(fsrsGrade:)`` and ``fsrsGrade`` convert.
///
/// ```swift
/// Rating(fsrsGrade: 3) == .good  // true
/// Rating.fail.fsrsGrade          // 1 (Again)
/// ```
public enum Rating: Int, Sendable, Codable, CaseIterable, Hashable, Comparable {
    /// Not recalled (FSRS "Again").
    case fail = 0
    /// Recalled with serious effort (FSRS "Hard").
    case difficult = 1
    /// Recalled after some thought (FSRS "Good").
    case good = 2
    /// Recalled at once (FSRS "Easy").
    case easy = 3

    /// The rating for an FSRS grade: 1 Again, 2 Hard, 3 Good, 4 Easy; `nil` for anything else.
    ///
    /// The grade is range-checked before any arithmetic: it often comes from outside (a request body, a replay
    /// file), and `Int.min - 1` would trap.
    public init?(fsrsGrade: Int) {
        guard (1...4).contains(fsrsGrade) else { return nil }
        self.init(rawValue: fsrsGrade - 1)
    }

    /// The FSRS grade of this rating, 1 (Again) to 4 (Easy).
    public var fsrsGrade: Int { rawValue + 1 }

    /// Whether the card was recalled at all (every rating but ``fail``).
    public var isSuccess: Bool { self != .fail }

    public static func < (lhs: Rating, rhs: Rating) -> Bool { lhs.rawValue < rhs.rawValue }
}
