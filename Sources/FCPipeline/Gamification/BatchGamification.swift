import FCGamification
import FCStore
import Synchronization

/// The gamification of one batch of answers: each answer's decision, and each learner's state between steps.
///
/// The store's steps for a batch run in order inside one transaction. Decoding the stored state and encoding the
/// new one cost more than everything else a gamified review does (they grow with the day's answered cards), so a
/// batch decodes each learner's state at most once and encodes it once, at the learner's last answer of the batch:
/// the steps in between take the state the previous step left (``Gamifier/decide(_:input:at:isPerfectSessionAnswer:known:encodesState:)``)
/// and leave the write's `stateJSON` `nil` for the store (see `GamificationWrite.stateJSON`).
final class BatchGamification: Sendable {
    /// The index of each learner's last answer in the batch: the step that encodes the state.
    let lastIndex: [Int64: Int]
    private let memory = Mutex<(decisions: [Int: Gamifier.Decision], states: [Int64: GamificationState])>(([:], [:]))

    init(userIDs: [Int64]) {
        var last: [Int64: Int] = [:]
        for (index, userID) in userIDs.enumerated() { last[userID] = index }
        lastIndex = last
    }

    /// The learner's state after the batch's previous step, if there was one.
    func state(of userID: Int64) -> GamificationState? {
        memory.withLock { $0.states[userID] }
    }

    /// Remembers the decision of the answer at `index`.
    func set(_ decision: Gamifier.Decision, at index: Int, userID: Int64) {
        memory.withLock {
            $0.decisions[index] = decision
            $0.states[userID] = decision.state
        }
    }

    /// Every answer's decision by index.
    var decisions: [Int: Gamifier.Decision] { memory.withLock { $0.decisions } }
}
