package import Foundation

/// A card a learner bookmarked (the feed's swipe left), with when.
package struct Bookmark: Sendable, Hashable {
    package var details: CardDetails
    package var createdAt: Date

    package init(details: CardDetails, createdAt: Date) {
        self.details = details
        self.createdAt = createdAt
    }
}
