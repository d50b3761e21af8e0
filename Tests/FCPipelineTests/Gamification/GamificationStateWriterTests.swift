import FCCore
import FCGamification
import Foundation
import Testing

@testable import FCPipeline

/// The hand-written state JSON is the JSON `JSONEncoder` writes for the same state (as a parsed tree: member order
/// and number spelling aside), and decodes to the state `JSONEncoder`'s text decodes to, for states with every optional part both present and
/// absent. A field added to the model and not to the writer makes the trees differ.
struct GamificationStateWriterTests {
    @Test(arguments: 0..<60)
    func writesWhatJSONEncoderWrites(seed: Int) throws {
        var random = SplitMix64(seed: UInt64(seed))
        let state = Self.state(&random)
        let written = try GamificationStateWriter.json(state)

        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .millisecondsSince1970
        let expected = try encoder.encode(state)
        let writtenTree = try JSONSerialization.jsonObject(with: Data(written.utf8)) as? NSDictionary
        let expectedTree = try JSONSerialization.jsonObject(with: expected) as? NSDictionary
        #expect(writtenTree != nil)
        #expect(writtenTree == expectedTree, "\(written)\n\(String(decoding: expected, as: UTF8.self))")

        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        let decoded = try decoder.decode(GamificationState.self, from: Data(written.utf8))
        // Dates with a fraction of a millisecond read back as close as `JSONEncoder`'s own text gives them.
        #expect(decoded == (try decoder.decode(GamificationState.self, from: expected)))
        #expect(decoded.learnerID == state.learnerID && decoded.today?.cardIDs == state.today?.cardIDs)
    }

    @Test func topLevelKeysAreSorted() throws {
        var random = SplitMix64(seed: 7)
        var state = Self.state(&random)
        state.today = DayProgress(day: LocalDay(ordinal: 20_000), challenges: [])
        let written = try GamificationStateWriter.json(state)
        let keys = ["\"achievements\"", "\"learnerID\"", "\"lifetime\"", "\"streak\"", "\"today\"", "\"totalXP\""]
        let positions = keys.map { written.range(of: $0)?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil })
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
    }

    @Test func aDateThatIsNotFiniteIsRefused() {
        var state = GamificationState(learnerID: 1)
        state.achievements[.firstSteps] = Date(timeIntervalSince1970: .infinity)
        #expect(throws: PipelineError.self) { try GamificationStateWriter.json(state) }
    }

    static func state(_ random: inout SplitMix64) -> GamificationState {
        var state = GamificationState(learnerID: Int64.random(in: 1...1_000_000, using: &random))
        state.totalXP = Int.random(in: 0...100_000, using: &random)
        if Bool.random(using: &random) {
            state.streak = StreakState(
                current: Int.random(in: 0...40, using: &random), longest: Int.random(in: 40...90, using: &random),
                lastActiveDay: Bool.random(using: &random) ? LocalDay(ordinal: 20_100) : nil)
        }
        state.lifetime.cardsReviewed = Int.random(in: 0...9_999, using: &random)
        state.lifetime.quizAnswers = Int.random(in: 0...99, using: &random)
        state.lifetime.perfectCards = Int.random(in: 0...99, using: &random)
        state.lifetime.lateNightReviews = Int.random(in: 0...99, using: &random)
        state.lifetime.sessionsFinished = Int.random(in: 0...99, using: &random)
        state.lifetime.boxesOpened = Int.random(in: 0...99, using: &random)
        state.lifetime.exploredTopicIDs = ids(&random, upTo: 5)
        state.lifetime.studiedTopicIDs = ids(&random, upTo: 5)
        state.lifetime.completedTopicIDs = ids(&random, upTo: 3)
        for id in [AchievementID.firstSteps, .nightOwl, "a \"quoted\" id\n"] where Bool.random(using: &random) {
            state.achievements[id] = date(&random)
        }
        for ordinal in 0..<Int.random(in: 0...3, using: &random) {
            state.unopenedBoxes.append(
                MysteryBox(
                    sessionID: Int64.random(in: 1...500, using: &random), ordinal: ordinal,
                    rarity: Rarity.allCases.randomElement(using: &random) ?? .common, earnedAt: date(&random)))
        }
        if Bool.random(using: &random) {
            let day = LocalDay(ordinal: Int.random(in: 19_000...21_000, using: &random))
            var challenges: [DailyChallenge] = []
            for kind in ChallengeKind.allCases where Bool.random(using: &random) {
                challenges.append(
                    DailyChallenge(
                        kind: kind, title: "Title «\(kind.rawValue)» \\ \"q\"", description: "Do it\ttoday\u{1}",
                        day: day, target: Int.random(in: 1...50, using: &random), xp: 25,
                        progress: Int.random(in: 0...50, using: &random),
                        completedAt: Bool.random(using: &random) ? date(&random) : nil, expiresAt: date(&random)))
            }
            var today = DayProgress(day: day, challenges: challenges)
            today.cardIDs = ids(&random, upTo: 300)
            today.perfectCardIDs = ids(&random, upTo: 30)
            today.quizOnlyCardIDs = ids(&random, upTo: 5)
            today.topicIDs = ids(&random, upTo: 4)
            today.sessionIDs = ids(&random, upTo: 4)
            today.boxesEarned = Int.random(in: 0...3, using: &random)
            today.xp = Int.random(in: 0...900, using: &random)
            today.achievementsUnlocked = Int.random(in: 0...2, using: &random)
            state.today = today
        }
        return state
    }

    static func ids(_ random: inout SplitMix64, upTo count: Int) -> Set<Int64> {
        Set(
            (0..<Int.random(in: 0...count, using: &random)).map { _ in
                Bool.random(using: &random)
                    ? Int64.random(in: 1...1_000_000, using: &random) : Int64.random(in: .min ... .max, using: &random)
            })
    }

    /// Whole milliseconds, fractions of one, and times before 1970.
    static func date(_ random: inout SplitMix64) -> Date {
        switch Int.random(in: 0..<3, using: &random) {
        case 0:
            Date(
                timeIntervalSince1970: Double(Int.random(in: 1_600_000_000_000...1_900_000_000_000, using: &random))
                    / 1_000)
        case 1: Date(timeIntervalSince1970: Double.random(in: 1_600_000_000...1_900_000_000, using: &random))
        default: Date(timeIntervalSince1970: -Double(Int.random(in: 1...9_999_999, using: &random)) / 7)
        }
    }
}
