import Logging
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

    /// The name `sql` runs under as a prepared statement with parameters of `types` on this connection: the same
    /// name for the same text and types, a new one (counted in ``serverPreparations``) otherwise; `isNew` until a
    /// run of it succeeded (``confirmPrepared(_:)``). postgres-nio prepares it on the connection's first run of the
    /// name, declaring the types of that run's values.
    func preparedName(for sql: String, types: [PostgresDataType]) -> (text: PreparedText, isNew: Bool) {
        let key = PreparedKey(sql: sql, types: types)
        if let known = preparedNames[key] { return (PreparedText(name: known.name, sql: sql, key: key), !known.ran) }
        serverPreparations += 1
        let name = "fcgen_\(serverPreparations)"
        preparedNames[key] = (name, false)
        return (PreparedText(name: name, sql: sql, key: key), true)
    }

    /// Notes that a run of `text` succeeded: it is prepared on the connection.
    func confirmPrepared(_ text: PreparedText) {
        preparedNames[text.key]?.ran = true
    }

    /// Forgets a name no run of which has succeeded: postgres-nio answers every later run of a name whose
    /// preparation failed with that failure, so the statement's next run takes a new name and prepares again.
    func forgetPrepared(_ text: PreparedText) {
        preparedNames[text.key] = nil
    }

    /// Sends `values` to the prepared statement `text` through postgres-nio (``StorePreparedStatement``) and
    /// returns its future answer. The statement is written to the connection before this returns
    /// (`Task.immediate` runs up to the library's first wait, after its write), so it keeps its place among the
    /// statements sent before and after it. The task prefers the connection's event loop, where postgres-nio
    /// delivers the rows: an unstructured task inherits no executor preference, and on the cooperative pool each
    /// row sequence's answer cost two thread switches (`perf`: `swift_task_enqueueGlobalImpl` from the row
    /// sequence's future, `eventfd_write` to hand the next read back to the loop).
    func sendPrepared(_ text: PreparedText, values: [PostgresData]) -> EventLoopFuture<PostgresAnswer> {
        var bindings = PostgresBindings(capacity: values.count)
        for value in values { bindings.append(value) }
        let statement = StorePreparedStatement(bindings: bindings)
        let promise = connection.eventLoop.makePromise(of: PostgresAnswer.self)
        let connection = connection
        let logger = logger
        Task.immediate(executorPreference: executor) {
            do {
                let rows = try await StorePreparedStatement.$text.withValue(text) {
                    var rows: [PostgresRow] = []
                    for try await row in try await connection.execute(statement, logger: logger) { rows.append(row) }
                    return rows
                }
                promise.succeed(PostgresAnswer(rows: rows, metadata: nil))
            } catch {
                promise.fail(error)
            }
        }
        return promise.futureResult
    }
}

/// A prepared statement's key on a connection: its text and the types of its parameters.
struct PreparedKey: Hashable, Sendable {
    let sql: String
    let types: [PostgresDataType]
}

/// A prepared statement's name on its connection, and its text.
struct PreparedText: Sendable {
    let name: String
    let sql: String
    let key: PreparedKey
}

/// The store's statements as postgres-nio prepared statements.
///
/// postgres-nio prepares a `PostgresPreparedStatement` on a connection the first time it runs there (Parse and
/// Describe, with the parameter types of the values bound), then runs it by name (Bind and Execute). Its protocol
/// names the statement and its SQL statically, for statements known when the program is compiled; the store's hot
/// statements are assembled when it runs (dialect fragments, row counts), so this one type reads both from a
/// task-local value that ``PostgresSQLConnection/sendPrepared(_:values:)`` sets around each run. postgres-nio reads
/// them when the run starts, before its first wait.
struct StorePreparedStatement: PostgresPreparedStatement {
    @TaskLocal static var text = PreparedText(name: "", sql: "", key: PreparedKey(sql: "", types: []))

    static var name: String { text.name }
    static var sql: String { text.sql }

    let bindings: PostgresBindings

    func makeBindings() -> PostgresBindings { bindings }

    func decodeRow(_ row: PostgresRow) -> PostgresRow { row }
}

/// A statement's answer: its rows, and the command tag of a statement sent unnamed (postgres-nio gives a prepared
/// statement's rows only).
struct PostgresAnswer: Sendable {
    let rows: [PostgresRow]
    let metadata: PostgresQueryMetadata?

    /// Whether the tag says the statement wrote rows (a prepared statement's answer counts as one).
    var isWrite: Bool {
        guard let metadata else { return true }
        return ["INSERT", "UPDATE", "DELETE", "MERGE"].contains(metadata.command)
    }
}
