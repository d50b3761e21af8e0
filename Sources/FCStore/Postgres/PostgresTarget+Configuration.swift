import NIOCore
import NIOSSL
package import PostgresNIO

extension PostgresTarget {
    /// The settings for one connection of its own (``PostgresSQLConnection/connect(to:logger:)``).
    ///
    /// - Throws: ``StoreError/cannotOpen(path:message:)`` when no TLS context can be made for `prefer`/`require`.
    package func connectionConfiguration() throws -> PostgresConnection.Configuration {
        let tls: PostgresConnection.Configuration.TLS
        do {
            switch self.tls {
            case .disable: tls = .disable
            case .prefer: tls = .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
            case .require: tls = .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
            }
        } catch {
            throw StoreError.cannotOpen(path: description, message: "cannot set up TLS: \(error)")
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
