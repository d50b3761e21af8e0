import FCGamification
import Foundation
import Testing

@testable import FCPipeline

/// The state's JSON decodes to the state it encoded, card id sets of thousands included.
struct GamificationStateCodecTests {
    static func state(cards: [Int64]) -> GamificationState {
        var state = GamificationState(learnerID: 3)
        var today = DayProgress(day: LocalDay(ordinal: 19_675), challenges: [])
        for card in cards { today.cardIDs.insert(card) }
        today.perfectCardIDs = Set(cards.filter { $0 % 3 == 0 })
        today.topicIDs = [4, 5]
        state.today = today
        state.lifetime.exploredTopicIDs = [4, 5]
        return state
    }

    @Test func aStateWithThousandsOfCardsRoundTrips() throws {
        let state = Self.state(cards: (1...3_000).map { Int64($0) * 7 } + [0, 10, 99, 100, .max, .min])
        let json = try GamificationStateCodec().encode(state)
        for id in ["-9223372036854775808", "0", "7", "10", "99", "21000", "9223372036854775807"] {
            #expect(json.contains(",\(id),") || json.contains("[\(id),") || json.contains(",\(id)]"))
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        #expect(try decoder.decode(GamificationState.self, from: Data(json.utf8)) == state)
        // A fresh codec decodes (no cache) to the same state.
        #expect(try GamificationStateCodec().decode(json, userID: 3) == state)
    }

    @Test func aStateWithoutADayHasNoCardArrays() throws {
        let json = try GamificationStateCodec().encode(GamificationState(learnerID: 3))
        #expect(!json.contains("cardIDs"))
        #expect(try GamificationStateCodec().decode(json, userID: 3) == GamificationState(learnerID: 3))
    }
}
