import NIOCore
import NIOSSL
package import PostgresNIO

extension PostgresTarget {
    /// The settings for one connection of its own (``PostgresSQLConnection/connect(to:logger:)``).
    ///
    /// - Throws: ``StoreError/cannotOpen(path:message:)`` when no TLS context can be made for `prefer`/`require`.
    package func connectionConfiguration() throws -> PostgresConnection.Configuration {
        let tls: PostgresConnection.Configuration.TLS
        switch self.tls {
        case .disable: tls = .disable
        case .prefer: tls = .prefer(try clientTLSContext())
        case .require: tls = .require(try clientTLSContext())
        }
        var configuration =
            if let socketDirectory {
                PostgresConnection.Configuration(
                    unixSocketPath: "\(socketDirectory)/.s.PGSQL.\(port)", username: user, password: password,
                    database: database)
            } else {
                PostgresConnection.Configuration(
                    host: host ?? "localhost", port: port, username: user, password: password, database: database,
                    tls: tls)
            }
        configuration.options.connectTimeout = .seconds(Self.connectTimeoutSeconds)
        return configuration
    }

    /// The process's one client TLS context, made on first use.
    ///
    /// Shared, not one per connection: making a context loads and parses the system's trust roots (every
    /// certificate in the CA bundle), which cost a debug build ~35 % of the CPU of the store's PostgreSQL test suite
    /// (a connection per test database), and a pool's every new connection in the server. A context is immutable
    /// and safe to use from any thread once made (`NIOSSLContext` is `Sendable`); only the failure's text is kept,
    /// since an error is not.
    private static let sharedClientTLSContext: Result<NIOSSLContext, TLSSetupFailure> = Result {
        try NIOSSLContext(configuration: .makeClientConfiguration())
    }.mapError { TLSSetupFailure(message: "\($0)") }

    /// Why no client TLS context could be made.
    private struct TLSSetupFailure: Error, Sendable {
        let message: String
    }

    /// ``sharedClientTLSContext``, or ``StoreError/cannotOpen(path:message:)`` naming this target.
    private func clientTLSContext() throws -> NIOSSLContext {
        switch Self.sharedClientTLSContext {
        case .success(let context): return context
        case .failure(let failure):
            throw StoreError.cannotOpen(path: description, message: "cannot set up TLS: \(failure.message)")
        }
    }

    /// How long opening a connection may take before the target counts as unreachable.
    static let connectTimeoutSeconds: Int64 = 10
}

extension PostgresTarget {
    /// The settings for a store's pool of connections (``PostgresClientPool``): the same server, credentials and TLS
    /// as ``connectionConfiguration()``, and at most `maximumConnections` open at once.
    func clientConfiguration(maximumConnections: Int) -> PostgresClient.Configuration {
        let tls: PostgresClient.Configuration.TLS =
            switch self.tls {
            case .disable: .disable
            case .prefer: .prefer(.makeClientConfiguration())
            case .require: .require(.makeClientConfiguration())
            }
        var configuration =
            if let socketDirectory {
                PostgresClient.Configuration(
                    unixSocketPath: "\(socketDirectory)/.s.PGSQL.\(port)", username: user, password: password,
                    database: database)
            } else {
                PostgresClient.Configuration(
                    host: host ?? "localhost", port: port, username: user, password: password, database: database,
                    tls: tls)
            }
        configuration.options.connectTimeout = .seconds(Self.connectTimeoutSeconds)
        configuration.options.maximumConnections = maximumConnections
        return configuration
    }
}
