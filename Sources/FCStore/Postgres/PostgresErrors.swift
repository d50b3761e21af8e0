import NIOCore
import PostgresNIO

/// Turns postgres-nio's errors into ``StoreError``s that name the target and operation but never the password,
/// the SQL arguments or row values.
///
/// `PSQLError` hides its details from `description` on purpose (they may hold bound values), so the message is
/// taken from the server's fields that carry none: the SQLSTATE, the primary message and the constraint's name
/// (not the `detail`, which quotes the conflicting key).
enum PostgresErrors {
    /// An error while connecting: always ``StoreError/cannotOpen(path:message:)``.
    static func openFailure(_ error: any Error, target: String) -> StoreError {
        if let error = error as? StoreError { return error }
        guard let error = error as? PSQLError else {
            return .cannotOpen(path: target, message: "\(error)")
        }
        if let info = error.serverInfo, let message = info[.message] {
            // 28P01 wrong password, 28000 no such role or not allowed, 3D000 no such database.
            return .cannotOpen(path: target, message: message)
        }
        return .cannotOpen(path: target, message: connectionProblem(error))
    }

    /// An error while running a statement: ``StoreError/postgres(target:operation:sqlState:message:)`` with the
    /// server's SQLSTATE, or ``StoreError/cannotOpen(path:message:)`` when the connection itself failed.
    static func queryFailure(_ error: any Error, target: String, operation: String) -> StoreError {
        if let error = error as? StoreError { return error }
        guard let error = error as? PSQLError else {
            return .postgres(target: target, operation: operation, sqlState: "XX000", message: "\(error)")
        }
        guard let info = error.serverInfo, let state = info[.sqlState] else {
            return .cannotOpen(path: target, message: "\(operation): \(connectionProblem(error))")
        }
        var message = info[.message] ?? "error \(state)"
        if let constraint = info[.constraintName], !message.contains(constraint) {
            message += " (constraint \(constraint))"
        }
        return .postgres(target: target, operation: operation, sqlState: state, message: message)
    }

    /// A connection-level failure in words: the client's error code and the underlying network error.
    private static func connectionProblem(_ error: PSQLError) -> String {
        switch error.code {
        case .connectionError, .serverClosedConnection, .uncleanShutdown:
            let cause = error.underlying.map { "\($0)" } ?? "the server closed the connection"
            return "cannot reach the server (\(cause))"
        case .authMechanismRequiresPassword:
            return "the server asks for a password and the URL has none"
        case .unsupportedAuthMechanism:
            return "the server asks for an authentication method fcgen does not support"
        case .sslUnsupported:
            return "the server does not offer TLS and sslmode=require was given"
        case .poolClosed, .clientClosedConnection:
            return "the connection pool is closed"
        default:
            return "\(error.code)"
        }
    }
}
