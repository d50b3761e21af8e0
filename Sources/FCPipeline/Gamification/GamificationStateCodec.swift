import FCGamification
import Foundation

/// Encodes the engine's state as JSON for `gamification_state.state_json`.
///
/// Dates are Unix milliseconds (numbers), like every time in the store, and keys are sorted so equal states are
/// equal texts.
struct GamificationStateCodec: Sendable {
    func encode(_ state: GamificationState) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .millisecondsSince1970
        return String(decoding: try encoder.encode(state), as: UTF8.self)
    }

    func decode(_ json: String, userID: Int64) throws -> GamificationState {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        do {
            return try decoder.decode(GamificationState.self, from: Data(json.utf8))
        } catch {
            throw PipelineError.study("learner \(userID): the stored gamification state cannot be read")
        }
    }
}
