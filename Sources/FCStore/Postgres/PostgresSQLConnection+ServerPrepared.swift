import NIOCore
import PostgresNIO

// Statements the server parses and plans once per connection: see `SQLConnection.serverPreparedStatement` and the
// "Server-prepared statements" part of docs/store.md.
extension PostgresSQLConnection {
    /// Runs `body` with the cached server-prepared statement for `sql`, reset afterwards.
    package func withServerPreparedStatement<T>(
        _ sql: String, operation: String, _ body: (PostgresSQLStatement) async throws -> T
    ) async throws -> T {
        let statement = try cached(sql, operation: operation, serverPrepared: true)
        defer { statement.reset() }
        return try await body(statement)
    }

    /// `sql` prepared on the server as a named statement whose parameters have `types` (``castName(of:)``), after
    /// the statements in flight; `nil` when the server refused it. It is awaited, counted in ``serverPreparations``,
    /// not in ``waits``; the statement keeps the answer for its later runs.
    ///
    /// Hand-written on top of postgres-nio's `prepare(query:)`, the one API that prepares a statement whose text is
    /// only known at run time; its `PostgresPreparedStatement` protocol wants a type per statement. That prepare
    /// declares no parameter types, so the SQL casts each typed parameter (`$1::int8`) to the type an unnamed
    /// statement would declare; other types prepare another statement.
    func prepareOnServer(_ sql: String, types: [String?]) async -> PreparedQuery? {
        let preparing = connection.prepare(query: PostgresPlaceholders.castingParameters(sql, to: types))
        serverPreparations += 1
        // The answer comes after every statement sent before it: they are all answered now.
        answeredThrough = statementsSent
        return try? await preparing.get()
    }

    /// The type a parameter of `type` is cast to in a server-prepared statement; `nil` (no cast) for an untyped
    /// NULL and for types the store does not bind.
    static func castName(of type: PostgresDataType) -> String? {
        switch type {
        case .int8: "int8"
        case .text: "text"
        case .float8: "float8"
        case .bytea: "bytea"
        default: nil
        }
    }
}

/// A statement's answer: its rows, and the command tag of a statement sent unnamed (postgres-nio gives a
/// server-prepared statement's rows only).
struct PostgresAnswer {
    let rows: [PostgresRow]
    let metadata: PostgresQueryMetadata?

    /// `cell` as its bytes really are. postgres-nio asks for every result column in binary (its `Bind` message
    /// says so), but its `prepare(query:)` keeps the server's `Describe` answer, which labels them text, for the
    /// statement's rows: a server-prepared statement's cells are relabelled binary here.
    func readable(_ cell: PostgresCell) -> PostgresCell {
        guard metadata == nil else { return cell }
        var cell = cell
        cell.format = .binary
        return cell
    }

    /// Whether the tag says the statement wrote rows (a server-prepared statement's answer counts as one).
    var isWrite: Bool {
        guard let metadata else { return true }
        return ["INSERT", "UPDATE", "DELETE", "MERGE"].contains(metadata.command)
    }
}
