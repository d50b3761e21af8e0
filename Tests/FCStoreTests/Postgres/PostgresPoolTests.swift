import FCStore
import Foundation
import PostgresNIO
import Synchronization
import Testing

/// Connections leased from a `PostgresClient` pool by store threads.
struct PostgresPoolTests {
    @Test func storeThreadsLeaseConnectionsAndNeverGetOneInsideATransaction() async throws {
        let target = try PostgresTestCluster.target()
        let client = PostgresClient(configuration: target.clientConfiguration(maximumConnections: 2))
        let service = Task(executorPreference: PostgresTaskExecutor.shared) { await client.run() }
        defer { service.cancel() }

        // Four threads, two connections: each leaves a transaction open, which the lease must roll back.
        let answers = try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<4 {
                group.addTask {
                    try await onStoreThread {
                        try PostgresSQLConnection.withConnection(from: client, target: target) { connection in
                            // SAVEPOINT fails outside a transaction block (SQLSTATE 25P01): proof that the server
                            // side has no transaction open at the start of the lease.
                            var outside = false
                            do {
                                try connection.execute("SAVEPOINT probe", operation: "probe")
                            } catch StoreError.postgres(_, _, "25P01", _) {
                                outside = true
                            }
                            try connection.execute("BEGIN", operation: "begin")
                            let sum = try connection.withStatement("SELECT ?::bigint + 1", operation: "add") {
                                try $0.bind(index, at: 1)
                                return try $0.step() ? $0.int(at: 0) : -1
                            }
                            return "\(outside) \(sum)"
                        }
                    }
                }
            }
            var answers: [String] = []
            for try await answer in group { answers.append(answer) }
            return answers.sorted()
        }
        // Each lease starts outside a transaction: the previous holder's open one was rolled back.
        #expect(answers == ["true 1", "true 2", "true 3", "true 4"])
    }

    @Test func aPoolThatCannotConnectReportsTheTarget() async throws {
        let target = try PostgresTarget(url: "postgres://fcgen:pool-secret@127.0.0.1:1/fcgen?sslmode=disable")
        var configuration = target.clientConfiguration(maximumConnections: 1)
        configuration.options.connectTimeout = .milliseconds(500)
        let client = PostgresClient(configuration: configuration)
        let service = Task(executorPreference: PostgresTaskExecutor.shared) { await client.run() }
        defer { service.cancel() }
        let message = try await onStoreThread {
            do {
                try PostgresSQLConnection.withConnection(from: client, target: target, leaseTimeout: .seconds(1)) { _ in
                }
                return "connected"
            } catch {
                return "\(error)"
            }
        }
        #expect(
            message
                == "cannot open database at postgres://fcgen@127.0.0.1:1/fcgen: no connection within 1.0 seconds"
                + " (is the server reachable?)")
        #expect(!message.contains("pool-secret"))
    }
}
