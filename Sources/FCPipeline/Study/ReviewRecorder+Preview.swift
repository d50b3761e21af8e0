public import FCCore
import FCScheduler
import FCStore
public import Foundation

extension ReviewRecorder {
    /// When `cardID` would come back after each rating, were it answered now: the read and the scheduler code
    /// ``record(userID:cardID:rating:at:durationMilliseconds:sessionID:)`` runs (the same seed, recall window and
    /// algorithm), in a read transaction that writes nothing. What the answer buttons show ("10 min", "3 d").
    ///
    /// - Throws: ``FCStore/StoreError/cardNotFound(id:)``, or what recording would throw (a card created in the
    ///   future by a skewed clock).
    public func nextDue(userID: Int64, cardID: Int64) async throws -> [Rating: Date] {
        let now = now()
        let window = Self.recallWindow(at: now, fromClock: true)
        let context = try await store.read { db in
            try await db.reviewContext(userID: userID, cardID: cardID, window: window)
        }
        var due: [Rating: Date] = [:]
        for rating in Rating.allCases {
            let decision = try Self.decide(
                context, rating: rating, at: now, fromClock: true, now: now, durationMilliseconds: nil)
            due[rating] = CardState(decision.state).due
        }
        return due
    }
}
