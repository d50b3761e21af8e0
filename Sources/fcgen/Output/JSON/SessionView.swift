import FCCore
import FCPipeline
import FCStore
import Foundation

/// A session as study commands print it.
struct SessionView: Encodable {
    var id: Int64
    var mode: String
    var topicIds: [Int64]
    var size: Int
    var answered: Int
    var remaining: Int
    var cards: Int
    var correct: Int
    var failed: Int
    var empty: Int
    /// Quiz sessions: answers claimed right over the grader's "wrong" (counted in ``correct``).
    var overridden: Int?
    /// The mean rating on the 1 (again) to 4 (easy) scale.
    var averageRating: Double?
    var startedAt: Date
    var endedAt: Date?

    init(_ session: StudySessionRecord) {
        id = session.id
        mode = session.mode.rawValue
        topicIds = session.topicIDs
        size = session.queue.count
        answered = session.position
        remaining = session.queue.count - session.position
        cards = session.counts.cards
        correct = session.counts.correct
        failed = session.counts.failed
        empty = session.counts.empty
        overridden = session.mode == .quiz ? session.counts.overridden : nil
        averageRating = displayedAverageRating(session.counts.averageRating)
        startedAt = session.startedAt
        endedAt = session.endedAt
    }

    /// "3 cards, 2 correct, 1 failed, average rating 2.67 (1 again … 4 easy)".
    var summaryLine: String {
        if mode == SessionMode.quiz.rawValue {
            let claimed = (overridden ?? 0) > 0 ? " (\(overridden ?? 0) on your word)" : ""
            return "\(Plural.count(cards, "card")), \(correct) right\(claimed), \(failed) wrong, \(empty) empty"
        }
        var line = "\(Plural.count(cards, "card")), \(correct) correct, \(failed) failed"
        if let averageRating { line += ", average rating \(String(format: "%.2f", averageRating)) (1 again … 4 easy)" }
        return line
    }
}
