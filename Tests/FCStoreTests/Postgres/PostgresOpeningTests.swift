import FCCore
import FCPipeline
import FCStore
import FCTestSupport
import Testing

/// Connecting fails with one clear line naming the target (host, port, database) and never the password.
struct PostgresOpeningTests {
    private static let password = "not-the-right-password-4711"

    private func openingError(_ url: String) async throws -> String {
        let target = try PostgresTarget(url: url)
        do {
            let connection = try await PostgresSQLConnection.connect(to: target)
            await connection.close()
            return "connected"
        } catch {
            return "\(error)"
        }
    }

    @Test func aRefusedConnectionNamesTheTarget() async throws {
        // Port 1 on loopback: nothing listens there.
        let message = try await openingError("postgres://fcgen:\(Self.password)@127.0.0.1:1/fcgen?sslmode=disable")
        #expect(
            message.hasPrefix("cannot open database at postgres://fcgen@127.0.0.1:1/fcgen: cannot reach the server"))
        #expect(!message.contains(Self.password))
        #expect(!message.contains("\n"))
    }

    @Test func wrongCredentialsNameTheTargetButNotThePassword() async throws {
        let cluster = try PostgresTestCluster.target()
        let url =
            "postgres://fcgen_password:\(Self.password)@\(cluster.host ?? "127.0.0.1"):\(cluster.port)/\(cluster.database)"
        let message = try await openingError(url + "?sslmode=disable")
        #expect(
            message
                == "cannot open database at postgres://fcgen_password@\(cluster.host ?? "127.0.0.1"):\(cluster.port)/"
                + "\(cluster.database): password authentication failed for user \"fcgen_password\"")
        #expect(!message.contains(Self.password))
    }

    @Test func theRightPasswordConnects() async throws {
        let cluster = try PostgresTestCluster.target()
        let url =
            "postgres://fcgen_password:fcgen-test-password@\(cluster.host ?? "127.0.0.1"):\(cluster.port)/"
            + "\(cluster.database)?sslmode=disable"
        #expect(try await openingError(url) == "connected")
    }

    @Test func anUnknownDatabaseIsNamed() async throws {
        let cluster = try PostgresTestCluster.target()
        let url =
            "postgres://fcgen:\(Self.password)@\(cluster.host ?? "127.0.0.1"):\(cluster.port)/no_such_fcgen_db"
        let message = try await openingError(url)
        #expect(message.hasPrefix("cannot open database at postgres://fcgen@"))
        #expect(message.contains("/no_such_fcgen_db: database \"no_such_fcgen_db\" does not exist"))
        #expect(!message.contains(Self.password))
    }

    /// The suite's own URLs say `sslmode=disable` (the test cluster serves no TLS); the default, `prefer`, must still
    /// open a store's pool on such a server and fall back to plain TCP.
    @Test func aStoreOnTheDefaultTLSModeOpensOnAServerWithoutTLS() async throws {
        let cluster = try PostgresTestCluster.target()
        let scratch = try await TestPostgresServer.scratchDatabase(label: "prefer")
        let url = "postgres://\(cluster.user)@\(cluster.host ?? "127.0.0.1"):\(cluster.port)/\(scratch.name)"
        #expect(try PostgresTarget(url: url).tls == .prefer)
        let store = try await Store.open(path: url, now: .system)
        let topic = try await Topics.ensure(on: store, named: "Prefer")
        #expect(try await Topics.named(on: store, "Prefer")?.id == topic.id)
        await store.close()
        await scratch.drop()
    }
}
