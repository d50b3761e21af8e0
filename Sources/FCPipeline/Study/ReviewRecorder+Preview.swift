public import FCCore
import FCStore
public import Foundation

extension ReviewRecorder {
    /// In how many seconds `cardID` would come back after each rating, were it answered now: the read and the
    /// scheduler code
    /// ``record(userID:cardID:rating:at:durationMilliseconds:sessionID:)`` runs (the same seed, recall window and
    /// algorithm), in a read transaction that writes nothing, measured from the one time the decisions are made at.
    /// What the answer buttons show ("10 min", "3 d").
    ///
    /// - Throws: ``FCStore/StoreError/cardNotFound(id:)``, or what recording would throw (a card created in the
    ///   future by a skewed clock).
    public func nextIntervals(userID: Int64, cardID: Int64) async throws -> [Rating: TimeInterval] {
        let now = now()
        let window = Self.recallWindow(at: now, fromClock: true)
        let context = try await store.read { db in
            try await db.reviewContext(userID: userID, cardID: cardID, window: window)
        }
        var intervals: [Rating: TimeInterval] = [:]
        for rating in Rating.allCases {
            let decision = try Self.decide(
                context, rating: rating, at: now, fromClock: true, now: now, durationMilliseconds: nil)
            intervals[rating] = decision.state.due.timeIntervalSince(decision.reviewedAt)
        }
        return intervals
    }
}
