import Logging
import PostgresNIO

/// What the generation listener tells its follower (``Store/listenForGenerations(retry:_:)``).
package enum GenerationNotice: Sendable, Equatable {
    /// The listening connection is up: first, or again after it was lost. A notification sent while it was down is
    /// lost, so the follower reads the database once (the catch-up read).
    case listening
    /// A generation changed on some instance (`NOTIFY` with its public id): an event stored, queued, cancelled.
    case changed(id: String)
    /// The listening connection is lost (why, without the password); it is opened again after the retry's wait.
    case lost(String)
}

extension Database {
    /// On PostgreSQL, `pg_notify(`\(``Store/generationChannel``)`, id)` in this transaction: the listening instances
    /// hear of it once it commits, and never if it rolls back. Nothing on SQLite, which one instance serves.
    func notifyGenerationChanged(id: String) async throws {
        guard connection.dialect == .postgres else { return }
        try await connection.withQuery(
            "SELECT pg_notify(\(Store.generationChannel), \(id))", operation: "notify generation change"
        ) { statement in
            _ = try await statement.step()
        }
    }
}

extension Store {
    /// The PostgreSQL notification channel of generations: each transaction that queues a generation, stores one of
    /// its events (a batch, its end) or flags it cancelled sends `NOTIFY fcgen_generations, '<generation id>'`.
    package static let generationChannel = "fcgen_generations"

    /// Whether the database tells listeners of generations' changes (PostgreSQL); on SQLite nothing does.
    package var notifiesGenerations: Bool { postgresTarget != nil }

    /// Listens on ``generationChannel`` through a connection of its own (not one of the pools') and tells `handle`
    /// of each notification, until the task is cancelled. A lost connection is told (``GenerationNotice/lost(_:)``)
    /// and opened again after `retry`; each time it listens (again), ``GenerationNotice/listening`` comes first.
    /// Returns at once on SQLite.
    package func listenForGenerations(
        retry: Duration = .seconds(1), _ handle: @escaping @Sendable (GenerationNotice) -> Void
    ) async {
        guard let target = postgresTarget else { return }
        var attempt = 0
        while !Task.isCancelled {
            attempt += 1
            var opened: PostgresConnection?
            do {
                let connection = try await PostgresConnection.connect(
                    configuration: try target.connectionConfiguration(), id: attempt, logger: .postgresStore)
                opened = connection
                try await connection.listen(on: Self.generationChannel) { notifications in
                    handle(.listening)
                    for try await notification in notifications {
                        handle(.changed(id: notification.payload))
                    }
                }
                if !Task.isCancelled { handle(.lost("the listening connection closed")) }
            } catch {
                if !Task.isCancelled {
                    handle(.lost("\(PostgresErrors.openFailure(error, target: target.description))"))
                }
            }
            if let opened { try? await opened.close() }
            if Task.isCancelled { break }
            try? await Task.sleep(for: retry)
        }
    }
}
