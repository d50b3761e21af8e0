import FCCore
package import FCStore
import Synchronization

/// The refill worker's budgets per UTC day: each topic's `daily_budget` and the worker's overall one.
///
/// What was spent today comes from the usage ledger (so several workers on one database see each other's
/// requests once they are over); requests of this process still in flight count with their estimate. The day
/// is the UTC day of the store's clock.
package final class DailyBudget: RequestBudget {
    private struct State {
        var reserved: [UInt64: (topicID: Int64?, estimate: Double)] = [:]
        var nextID: UInt64 = 0
        /// The UTC day (its first millisecond) on which the overall budget refused a request.
        var overallSpentOn: Int64?
    }

    let store: Store
    /// The overall limit per UTC day; `nil` for none.
    package let overall: Double?
    private let state = Mutex(State())

    package init(store: Store, overall: Double?) {
        self.store = store
        self.overall = overall
    }

    package func admit(_ request: BudgetedRequest) async throws -> BudgetReservation {
        let topicLimit: Double? =
            try await request.topicID.asyncMap { id in
                try await UsageLedger.dailyBudget(on: store, topicID: id)
            } ?? nil
        guard topicLimit != nil || overall != nil else { return BudgetReservation(request: request, id: 0) }
        let estimate = try request.pricedEstimate()
        let today = UsageLedger.today(on: store)
        let (topicSpent, allSpent) = try await store.read { db in
            let topic = try await request.topicID.asyncMap { try await db.spending(since: today, topicID: $0).costUSD }
            return (topic ?? 0, try await db.spending(since: today, topicID: nil).costUSD)
        }
        return try state.withLock { state in
            let inFlight = state.reserved.values
            if let topicLimit {
                let spent =
                    topicSpent + inFlight.filter { $0.topicID == request.topicID }.reduce(0) { $0 + $1.estimate }
                guard spent + estimate <= topicLimit else {
                    throw BudgetExceeded(
                        scope: .topicDay(topic: request.topic), spent: spent, limit: topicLimit, estimate: estimate,
                        batch: request.batch)
                }
            }
            if let overall {
                let spent = allSpent + inFlight.reduce(0) { $0 + $1.estimate }
                guard spent + estimate <= overall else {
                    state.overallSpentOn = today
                    throw BudgetExceeded(
                        scope: .allDay, spent: spent, limit: overall, estimate: estimate, batch: request.batch)
                }
            }
            state.nextID += 1
            state.reserved[state.nextID] = (request.topicID, estimate)
            return BudgetReservation(request: request, id: state.nextID)
        }
    }

    /// Whether the overall budget refused a request today: the worker then claims nothing more until the next
    /// UTC day.
    package var isOverallSpentToday: Bool {
        let today = UsageLedger.today(on: store)
        return state.withLock { $0.overallSpentOn == today }
    }

    package func settle(_ reservation: BudgetReservation, cost: Double) {
        // The ledger holds the request's cost by now; the reservation only covered the time in flight.
        _ = state.withLock { $0.reserved.removeValue(forKey: reservation.id) }
    }
}
