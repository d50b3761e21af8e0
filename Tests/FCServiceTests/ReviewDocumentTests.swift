import FCCommandLine
import FCContract
import FCService
import Foundation
import Testing

/// The review responses written by hand are, byte for byte, what the contract's generic encoder writes for the same
/// reviews, single and in batches, with times across the range and text that needs escaping.
struct ReviewDocumentTests {
    struct SingleReview: Encodable { var review: ReviewJSON }
    struct ReviewBatch: Encodable { var reviews: [ReviewJSON] }

    static let reviews = [
        ReviewJSON(
            cardId: 1, rating: "good", reviewedAt: Date(timeIntervalSince1970: 1_795_000_000.123),
            due: Date(timeIntervalSince1970: 1_795_086_400.5), reps: 1, lapses: 0, algorithm: "fsrs", xpGained: 10),
        ReviewJSON(
            cardId: 9_223_372_036_854_775_807, rating: "again", reviewedAt: Date(timeIntervalSince1970: -1.001),
            due: Date(timeIntervalSince1970: 0), reps: 0, lapses: 12, algorithm: "badger", xpGained: 0),
        ReviewJSON(
            cardId: 42, rating: "a \"q\" \\ \u{7F}\u{2028}", reviewedAt: Date(timeIntervalSince1970: 951_782_399.9996),
            due: Date(timeIntervalSince1970: 253_402_300_799), reps: 3, lapses: 1, algorithm: "léitner\n",
            xpGained: -5),
    ]

    @Test func aSingleReview() throws {
        for review in Self.reviews {
            #expect(
                ReviewJSON.document([review], single: true)
                    == (try ContractJSON.document(SingleReview(review: review), pretty: false)))
        }
    }

    @Test func batches() throws {
        for count in 0...Self.reviews.count {
            let reviews = Array(Self.reviews.prefix(count))
            #expect(
                ReviewJSON.document(reviews, single: false)
                    == (try ContractJSON.document(ReviewBatch(reviews: reviews), pretty: false)))
        }
    }
}
