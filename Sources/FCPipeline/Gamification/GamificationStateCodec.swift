import FCGamification
import Foundation
import Synchronization

/// Encodes the engine's state as JSON for `gamification_state.state_json`.
///
/// Dates are Unix milliseconds (numbers), like every time in the store, and keys are sorted
/// (``GamificationStateWriter``). Sets are written in their iteration order (sorting the day's thousands of card ids
/// cost as much as the rest of the encoding), so two equal states may give different texts; the cache below only
/// needs the text it wrote itself. Decoding costs as much as the rest of a review, so the codec remembers the last state it encoded
/// per learner: when the stored text is exactly that text (the usual case: this process wrote it), the state is
/// reused instead of decoded. Equal text means an equal state, so the cache can never serve a stale one.
final class GamificationStateCodec: Sendable {
    private let lastEncoded = Mutex<[Int64: (json: String, state: GamificationState)]>([:])

    func encode(_ state: GamificationState) throws -> String {
        let json = try GamificationStateWriter.json(state)
        lastEncoded.withLock { cache in
            if cache.count > 1_000 { cache.removeAll() }
            cache[state.learnerID] = (json, state)
        }
        return json
    }

    func decode(_ json: String, userID: Int64) throws -> GamificationState {
        if let cached = lastEncoded.withLock({ $0[userID] }), cached.json == json, cached.state.learnerID == userID {
            return cached.state
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        do {
            return try decoder.decode(GamificationState.self, from: Data(json.utf8))
        } catch {
            throw PipelineError.study("learner \(userID): the stored gamification state cannot be read")
        }
    }
}
