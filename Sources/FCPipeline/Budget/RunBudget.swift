import Synchronization

/// `fcgen generate --max-cost USD`: the most one run may spend, kept in memory.
package final class RunBudget: RequestBudget {
    private struct State {
        var spent = 0.0
        var reserved: [UInt64: Double] = [:]
        var nextID: UInt64 = 0
    }

    package let limit: Double
    private let state = Mutex(State())

    package init(limit: Double) { self.limit = limit }

    /// What the run has spent on requests that are over.
    package var spent: Double { state.withLock { $0.spent } }

    package func admit(_ request: BudgetedRequest) async throws -> BudgetReservation {
        let estimate = try request.pricedEstimate()
        return try state.withLock { state in
            let committed = state.spent + state.reserved.values.reduce(0, +)
            guard committed + estimate <= limit else {
                throw BudgetExceeded(
                    scope: .run, spent: committed, limit: limit, estimate: estimate, batch: request.batch)
            }
            state.nextID += 1
            state.reserved[state.nextID] = estimate
            return BudgetReservation(request: request, id: state.nextID)
        }
    }

    package func settle(_ reservation: BudgetReservation, cost: Double) {
        state.withLock { state in
            guard state.reserved.removeValue(forKey: reservation.id) != nil else { return }
            state.spent += cost
        }
    }
}
