import Synchronization

/// Several budgets over the same requests (a run's `--max-cost` and the daily budgets): a request is sent only when
/// every one admits it, and each one settles its cost.
package final class CombinedBudget: RequestBudget {
    private struct State {
        var held: [UInt64: [BudgetReservation]] = [:]
        var nextID: UInt64 = 0
    }

    private let budgets: [any RequestBudget]
    private let state = Mutex(State())

    package init(_ budgets: [any RequestBudget]) { self.budgets = budgets }

    package func admit(_ request: BudgetedRequest) async throws -> BudgetReservation {
        var granted: [BudgetReservation] = []
        do {
            for budget in budgets { granted.append(try await budget.admit(request)) }
        } catch {
            // Refused by one: the others' reservations are released, as for a request that cost nothing.
            for (budget, reservation) in zip(budgets, granted) { budget.settle(reservation, cost: 0) }
            throw error
        }
        let all = granted
        return state.withLock { state in
            state.nextID += 1
            state.held[state.nextID] = all
            return BudgetReservation(request: request, id: state.nextID)
        }
    }

    package func settle(_ reservation: BudgetReservation, cost: Double) {
        let granted = state.withLock { $0.held.removeValue(forKey: reservation.id) } ?? []
        for (budget, held) in zip(budgets, granted) { budget.settle(held, cost: cost) }
    }
}
