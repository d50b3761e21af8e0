import Synchronization

/// The event streams (`GET /v1/generations/{id}/events`) open at once, at most `limit` (`--max-streams`): each
/// holds a connection and a task for as long as the client listens, so they are counted apart from requests.
package final class EventStreamSlots: Sendable {
    /// Streams beyond this many are refused with 503.
    package let limit: Int
    private let open = Atomic<Int>(0)

    package init(limit: Int) {
        self.limit = limit
    }

    /// The streams open now.
    package var count: Int { open.load(ordering: .relaxed) }

    /// A slot for one stream, or `nil` when all `limit` are taken. The slot is given back when it is released,
    /// which ``Slot`` does when the response body that holds it is gone (written, failed or never sent).
    package func take() -> Slot? {
        guard open.wrappingAdd(1, ordering: .relaxed).newValue <= limit else {
            open.wrappingSubtract(1, ordering: .relaxed)
            return nil
        }
        return Slot(owner: self)
    }

    /// One taken slot; it gives itself back on deinit, so no path through a response can keep it.
    package final class Slot: Sendable {
        private let owner: EventStreamSlots

        fileprivate init(owner: EventStreamSlots) {
            self.owner = owner
        }

        deinit {
            owner.open.wrappingSubtract(1, ordering: .relaxed)
        }
    }
}
