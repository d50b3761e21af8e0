public import Foundation

/// One of a learner's three challenges for a local day.
public struct DailyChallenge: Sendable, Hashable, Codable {
    public var kind: ChallengeKind
    public var title: String
    public var description: String
    /// The learner's local day the challenge belongs to.
    public var day: LocalDay
    public var target: Int
    /// XP paid once when ``progress`` reaches ``target``.
    public var xp: Int
    /// Distinct things counted so far today, capped at ``target``.
    public var progress: Int
    /// When the target was reached; `nil` while open.
    public var completedAt: Date?
    /// The start of the learner's next local day, computed in their zone (23 or 25 hours after the start on DST days).
    public var expiresAt: Date

    public init(
        kind: ChallengeKind, title: String, description: String, day: LocalDay, target: Int, xp: Int,
        progress: Int = 0, completedAt: Date? = nil, expiresAt: Date
    ) {
        self.kind = kind
        self.title = title
        self.description = description
        self.day = day
        self.target = target
        self.xp = xp
        self.progress = progress
        self.completedAt = completedAt
        self.expiresAt = expiresAt
    }

    /// Whether the target was reached.
    public var isCompleted: Bool { completedAt != nil }

    /// Whether the challenge can no longer be completed at `instant`.
    public func isExpired(at instant: Date) -> Bool { instant >= expiresAt }
}
