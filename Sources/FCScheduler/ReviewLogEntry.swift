public import FCCore

public import struct Foundation.Date

/// One line of a card's review log: when it was reviewed and how it was rated.
///
/// The log is the source of truth for scheduling; ``CardScheduler/rebuild(from:createdAt:using:)`` turns it back
/// into a ``CardState``.
public struct ReviewLogEntry: Sendable, Codable, Hashable {
    /// When the review happened.
    public var reviewedAt: Date
    /// The learner's rating.
    public var rating: Rating
    /// The learner's recent recall rate just before this review (see ``RecentRecall``), which badger's recall
    /// targeting used when it scheduled the review; `nil` when unknown or too few reviews to tell.
    public var recentRecallRate: Double?

    public init(reviewedAt: Date, rating: Rating, recentRecallRate: Double? = nil) {
        self.reviewedAt = reviewedAt
        self.rating = rating
        self.recentRecallRate = recentRecallRate
    }
}
