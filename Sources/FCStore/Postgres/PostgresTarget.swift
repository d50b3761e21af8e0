import Foundation

/// Where a PostgreSQL store lives, parsed from a `postgres://user[:password]@host[:port]/database` URL.
///
/// ``description`` names the target in every message (`postgres://fcgen@db.example:5432/fcgen`) and never holds
/// the password. `?sslmode=disable|prefer|require` chooses TLS (default `prefer`, as libpq's: TLS when the server
/// offers it). A URL without a host (`postgres:///fcgen?host=/run/postgresql`) connects through the Unix socket in
/// that directory.
package struct PostgresTarget: Sendable, Equatable, CustomStringConvertible {
    /// The host name or address; `nil` with ``socketDirectory``.
    package var host: String?
    /// The directory of the server's Unix socket, when connecting without TCP.
    package var socketDirectory: String?
    package var port: Int
    package var user: String
    /// Kept for the connection only; never part of ``description``.
    package var password: String?
    package var database: String
    package var tls: TLSMode

    /// How the connection uses TLS.
    package enum TLSMode: String, Sendable {
        case disable, prefer, require
    }

    /// Whether `location` names a PostgreSQL database rather than an SQLite file.
    package static func isURL(_ location: String) -> Bool {
        location.hasPrefix("postgres://") || location.hasPrefix("postgresql://")
    }

    /// Parses `url`.
    ///
    /// - Throws: ``StoreError/cannotOpen(path:message:)`` naming the URL without its password when it is not a
    ///   usable PostgreSQL URL (wrong scheme, no user, no database, a bad port or sslmode).
    package init(url: String) throws {
        guard Self.isURL(url), let components = URLComponents(string: url) else {
            throw StoreError.cannotOpen(
                path: Self.redacted(url), message: "not a PostgreSQL URL (postgres://user@host:port/database)")
        }
        var redactedComponents = components
        if components.password != nil { redactedComponents.password = nil }
        let shown = redactedComponents.string ?? "postgres://"
        let query = Dictionary(
            (components.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
        guard let user = components.user, !user.isEmpty else {
            throw StoreError.cannotOpen(path: shown, message: "the URL names no user (postgres://USER@host/database)")
        }
        let database = String(components.path.drop(while: { $0 == "/" }))
        guard !database.isEmpty, !database.contains("/") else {
            throw StoreError.cannotOpen(path: shown, message: "the URL names no database (postgres://user@host/DB)")
        }
        guard let tls = TLSMode(rawValue: query["sslmode"] ?? "prefer") else {
            throw StoreError.cannotOpen(path: shown, message: "sslmode must be disable, prefer or require")
        }
        let host = components.host.flatMap { $0.isEmpty ? nil : $0 }
        let socketDirectory = query["host"].flatMap { $0.hasPrefix("/") ? $0 : nil }
        guard host != nil || socketDirectory != nil else {
            throw StoreError.cannotOpen(path: shown, message: "the URL names no host (postgres://user@HOST/database)")
        }
        let port = components.port ?? 5432
        guard (1...65535).contains(port) else {
            throw StoreError.cannotOpen(path: shown, message: "the port must be 1...65535")
        }
        self.host = host
        self.socketDirectory = host == nil ? socketDirectory : nil
        self.port = port
        self.user = user.removingPercentEncoding ?? user
        self.password = components.password.map { $0.removingPercentEncoding ?? $0 }
        self.database = database.removingPercentEncoding ?? database
        self.tls = tls
    }

    /// `postgres://user@host:port/database`: what messages name. Never the password.
    package var description: String {
        let place = host.map { "\($0):\(port)" } ?? ""
        let socket = socketDirectory.map { "?host=\($0)" } ?? ""
        return "postgres://\(user)@\(place)/\(database)\(socket)"
    }

    /// A URL string with any password between `:` and `@` cut out, for inputs too broken to parse.
    static func redacted(_ url: String) -> String {
        guard let at = url.lastIndex(of: "@"), let scheme = url.range(of: "://") else { return url }
        let credentials = url[scheme.upperBound..<at]
        guard let colon = credentials.firstIndex(of: ":") else { return url }
        return String(url[..<colon]) + String(url[at...])
    }
}
