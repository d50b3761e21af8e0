import FCScheduler
import Foundation

/// The py-fsrs 6.3.2 reference sequences in `Vectors/vectors-200.jsonl` (generated with py-fsrs 6.3.2).
struct ReferenceSequence: Decodable, Sendable {
    struct Review: Decodable, Sendable {
        var t: Int64
        var rating: Int
    }

    /// The card after one review, as py-fsrs computed it.
    struct Expected: Decodable, Sendable {
        var state: Int
        var step: Int?
        var stability: Double
        var difficulty: Double
        var due: Int64
        var retrievability: Double
        var branch: String
    }

    var id: Int
    var created: Int64
    var reviews: [Review]
    var expected: [Expected]
}

enum ReferenceVectors {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Vectors")

    static let file = directory.appendingPathComponent("vectors-200.jsonl")

    /// All sequences, loaded once for the whole test run.
    static let sequences: Result<[ReferenceSequence], any Error> = Result {
        let text = try String(contentsOf: file, encoding: .utf8)
        let decoder = JSONDecoder()
        return try text.split(separator: "\n").map { try decoder.decode(ReferenceSequence.self, from: Data($0.utf8)) }
    }

    static func date(_ seconds: Int64) -> Date { Date(timeIntervalSince1970: Double(seconds)) }

    /// |actual − expected| / |expected|, or the absolute difference when the expected value is 0.
    static func relativeError(_ actual: Double, _ expected: Double) -> Double {
        expected == 0 ? abs(actual) : abs(actual - expected) / abs(expected)
    }
}
