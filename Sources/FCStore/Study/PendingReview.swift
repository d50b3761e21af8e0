/// One review of a batch (FCPipeline's `RecordReview.record(_:in:decide:gamify:)`): whose, which card, which
/// session, which window.
package struct PendingReview: Sendable, Hashable {
    package var userID: Int64
    package var cardID: Int64
    package var sessionID: Int64?
    package var recallWindow: RecallWindow?

    package init(userID: Int64, cardID: Int64, sessionID: Int64? = nil, recallWindow: RecallWindow? = nil) {
        self.userID = userID
        self.cardID = cardID
        self.sessionID = sessionID
        self.recallWindow = recallWindow
    }
}
