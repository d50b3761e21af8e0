import FCCore
import FCScheduler
import Foundation
import Testing

/// FSRS agrees with py-fsrs 6.3.2 on every review of the 200 reference sequences.
struct FSRSVectorTests {
    static let tolerance = 1e-9

    @Test func vectorFileHasTheDocumentedCounts() throws {
        let sequences = try ReferenceVectors.sequences.get()
        #expect(sequences.count == 200)
        #expect(sequences.map(\.reviews.count).reduce(0, +) == 3_157)
        #expect(sequences.allSatisfy { $0.reviews.count == $0.expected.count })
        let branches = Dictionary(grouping: sequences.flatMap(\.expected), by: \.branch).mapValues(\.count)
        #expect(branches == ["init": 200, "recall": 1_206, "short_term": 1_457, "forget": 294])
    }

    @Test(arguments: 0..<200)
    func sequenceMatchesReference(index: Int) throws {
        let sequences = try ReferenceVectors.sequences.get()
        try #require(index < sequences.count)
        let sequence = sequences[index]
        if let mismatch = Self.firstMismatch(in: sequence) {
            Issue.record("sequence id \(sequence.id), review \(mismatch.review): \(mismatch.problem)")
        }
    }

    @Test func replayThroughSchedulerAgreesOnEverySequence() throws {
        let scheduler = Scheduler(algorithm: .fsrs)
        var maximumError = 0.0
        for sequence in try ReferenceVectors.sequences.get() {
            var generator = SplitMix64(seed: 0)
            let log = sequence.reviews.map {
                ReviewLogEntry(reviewedAt: ReferenceVectors.date($0.t), rating: Rating(fsrsGrade: $0.rating) ?? .fail)
            }
            let outcomes = scheduler.replay(log, createdAt: ReferenceVectors.date(sequence.created), using: &generator)
            for (outcome, expected) in zip(outcomes, sequence.expected) {
                maximumError = max(
                    maximumError,
                    ReferenceVectors.relativeError(outcome.card.stability ?? .nan, expected.stability),
                    ReferenceVectors.relativeError(outcome.card.difficulty ?? .nan, expected.difficulty),
                    ReferenceVectors.relativeError(outcome.retrievability ?? .nan, expected.retrievability))
                #expect(Int64(outcome.card.due.timeIntervalSince1970) == expected.due)
            }
        }
        // Measured: 0 on this machine (pow(e, x) as py-fsrs writes it); the contract is 1e-9.
        #expect(maximumError <= Self.tolerance)
    }

    struct Mismatch {
        var review: Int
        var problem: String
    }

    /// Runs a sequence through ``FSRSScheduler`` and returns the first review whose result differs.
    static func firstMismatch(in sequence: ReferenceSequence) -> Mismatch? {
        let scheduler = FSRSScheduler()
        var generator = SplitMix64(seed: 0)
        var card = CardState(newAt: ReferenceVectors.date(sequence.created))
        for (index, (review, expected)) in zip(sequence.reviews, sequence.expected).enumerated() {
            guard let rating = Rating(fsrsGrade: review.rating) else {
                return Mismatch(review: index, problem: "bad rating \(review.rating) in the vector file")
            }
            let outcome = scheduler.review(card, rating: rating, at: ReferenceVectors.date(review.t), using: &generator)
            card = outcome.card
            if let problem = compare(outcome, expected) { return Mismatch(review: index, problem: problem) }
        }
        return nil
    }

    private static func compare(_ outcome: ReviewOutcome, _ expected: ReferenceSequence.Expected) -> String? {
        let card = outcome.card
        if card.phase.rawValue != expected.state { return "state \(card.phase.rawValue), expected \(expected.state)" }
        if card.step != expected.step {
            return "step \(String(describing: card.step)), expected \(String(describing: expected.step))"
        }
        let due = Int64(card.due.timeIntervalSince1970)
        if due != expected.due { return "due \(due), expected \(expected.due) (branch \(expected.branch))" }
        let pairs: [(String, Double?, Double)] = [
            ("stability", card.stability, expected.stability),
            ("difficulty", card.difficulty, expected.difficulty),
            ("retrievability", outcome.retrievability, expected.retrievability),
        ]
        for (name, actual, wanted) in pairs {
            guard let actual else { return "\(name) is nil, expected \(wanted)" }
            let error = ReferenceVectors.relativeError(actual, wanted)
            if !(error <= tolerance) {
                return "\(name) \(actual), expected \(wanted) (relative error \(error), branch \(expected.branch))"
            }
        }
        return nil
    }
}
