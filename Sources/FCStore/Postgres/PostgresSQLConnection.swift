package import Logging
import NIOCore
package import PostgresNIO

/// One PostgreSQL connection behind the same surface as the SQLite ``Connection``: `execute`, `withStatement`,
/// `changes`, `isInsideTransaction`, `immediateTransaction`.
///
/// **Never blocking.** postgres-nio is asynchronous: every query is an `EventLoopFuture` completed on a NIO event
/// loop. Each call here that needs an answer awaits it (`EventLoopFuture.get()`), which suspends the task and holds
/// no thread; a statement whose answer nobody reads yet is sent without waiting (``send(_:values:operation:prepared:)``)
/// and collected by the next await, so a transaction's writes cost one wait, not one each.
///
/// A connection is used by one task at a time, like the SQLite one; it is not `Sendable`.
package final class PostgresSQLConnection {
    /// The target named in errors: `postgres://user@host:port/db`, never the password.
    package let target: String
    /// The postgres-nio connection, owned (``connect(to:logger:)``) or lent by a store's ``PostgresClientPool``,
    /// which keeps one adapter per connection it lends, so what the server prepared stays known across leases.
    let connection: PostgresConnection
    /// The connection's event loop as a task executor: a lease's body runs there, and so does each prepared
    /// statement's task (``sendPrepared(_:values:)``), so answers resume them without a thread switch.
    let executor: EventLoopTaskExecutor
    let logger: Logger
    /// Whether ``close()`` should close ``connection`` (not for a pool's connection).
    private let ownsConnection: Bool
    /// Rows changed by the last INSERT, UPDATE or DELETE (PostgreSQL's command tag), once its answer is in.
    package var changes: Int {
        get async {
            await awaitInFlight()
            return lastChanges
        }
    }
    private var lastChanges = 0
    /// Statements sent without waiting for their answers (``send(_:values:operation:prepared:)``), oldest first.
    private var inFlight: [(answer: EventLoopFuture<PostgresAnswer>, operation: String, sequence: Int)] = []
    /// The first failure among answers waited for by ``awaitInFlight()``, with its statement's place in the order
    /// sent: the next ``run(_:values:operation:prepared:)`` throws it.
    private var inFlightFailure: (error: any Error, sequence: Int)?
    /// Set by BEGIN and cleared by COMMIT/ROLLBACK, as their command tags come back.
    package internal(set) var isInsideTransaction = false
    /// Savepoints open inside the current transaction (nested ``immediateTransaction(_:_:)``).
    var savepointDepth = 0
    /// How many statements this connection has sent, and how many times its thread has blocked for answers not in
    /// yet (one wait however many answers it collects; reading an answer that came before one already waited for
    /// is no wait): the round trips a transaction costs this thread, which tests and fcgen-bench read through
    /// ``Database``.
    package private(set) var statementsSent = 0
    package private(set) var waits = 0
    /// Statements prepared on the server (``preparedName(for:types:)``): once in the connection's life each, sent
    /// with their first run.
    package internal(set) var serverPreparations = 0
    /// The names of the statements prepared on this connection, by text and parameter types.
    var preparedNames: [PreparedKey: (name: String, ran: Bool)] = [:]
    /// Every statement sent up to this one (by ``statementsSent``) is answered: the connection runs them in order.
    private var answeredThrough = 0
    /// Statements holding a prefetched answer not read yet (``PostgresSQLStatement/prefetch()``), settled when the
    /// transaction ends (``settlePrefetches(abandoning:)``).
    private var prefetches: [ObjectIdentifier: PostgresSQLStatement] = [:]
    /// Statements by their SQL text, as the SQLite connection caches prepared statements; those run as
    /// server-prepared statements (``SQLConnection/serverPreparedStatement(_:operation:)``) apart, since the same
    /// text may be cached both ways.
    private var statements: [String: PostgresSQLStatement] = [:]
    private var serverPreparedStatements: [String: PostgresSQLStatement] = [:]
    /// Set by ``close()``, so that `deinit` does not close twice.
    private var isClosed = false

    init(connection: PostgresConnection, target: String, logger: Logger, ownsConnection: Bool) {
        self.connection = connection
        self.executor = EventLoopTaskExecutor(connection.eventLoop)
        self.target = target
        self.logger = logger
        self.ownsConnection = ownsConnection
    }

    deinit {
        guard ownsConnection && !isClosed else { return }
        // postgres-nio asserts that a connection is closed before it goes away, so the completion handler keeps it
        // alive until the close has finished (deinit may run on any thread, so it cannot wait here).
        let connection = connection
        connection.close().whenComplete { _ in withExtendedLifetime(connection) {} }
    }

    /// Opens a connection of its own to `target`.
    ///
    /// - Throws: ``StoreError/cannotOpen(path:message:)`` naming the target (never the password) when the server is
    ///   unreachable, refuses the credentials or has no such database.
    package static func connect(to target: PostgresTarget, logger: Logger = .postgresStore) async throws
        -> PostgresSQLConnection
    {
        let configuration = try target.connectionConfiguration()
        let name = target.description
        let connection: PostgresConnection
        do {
            connection = try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
        } catch {
            throw PostgresErrors.openFailure(error, target: name)
        }
        return PostgresSQLConnection(connection: connection, target: name, logger: logger, ownsConnection: true)
    }

    /// Closes an owned connection (a pool's connection stays the pool's to close).
    package func close() async {
        await awaitInFlight()
        inFlightFailure = nil
        statements.removeAll()
        serverPreparedStatements.removeAll()
        guard ownsConnection, !isClosed else { return }
        isClosed = true
        try? await connection.close().get()
    }

    /// Runs one or more SQL statements that return no rows (DDL, migrations), one after the other.
    package func execute(_ sql: String, operation: String) async throws {
        for statement in SQLScript.statements(of: sql) {
            _ = try await run(statement, values: [], operation: operation)
        }
    }

    /// A statement for `sql`; it runs on its first ``PostgresSQLStatement/step()``.
    package func prepare(_ sql: String, operation: String, persistent: Bool = false) throws -> PostgresSQLStatement {
        PostgresSQLStatement(sql: sql, connection: self, operation: operation, serverPrepared: false)
    }

    /// Runs `body` with the cached statement for `sql`, reset afterwards (its bindings kept, as in SQLite).
    package func withStatement<T>(
        _ sql: String, operation: String, _ body: (PostgresSQLStatement) async throws -> T
    ) async throws -> T {
        let statement = try cached(sql, operation: operation)
        defer { statement.reset() }
        return try await body(statement)
    }

    /// The cached statement for `sql`, server-prepared or not (see
    /// ``SQLConnection/serverPreparedStatement(_:operation:)``).
    func cached(_ sql: String, operation: String, serverPrepared: Bool = false) throws -> PostgresSQLStatement {
        if let cached = serverPrepared ? serverPreparedStatements[sql] : statements[sql] {
            cached.operation = operation
            return cached
        }
        let statement = PostgresSQLStatement(
            sql: sql, connection: self, operation: operation, serverPrepared: serverPrepared)
        if serverPrepared { serverPreparedStatements[sql] = statement } else { statements[sql] = statement }
        return statement
    }

    /// The value the last `INSERT` took from an identity column (`lastval()`); 0 when there is none.
    ///
    /// Prefer `INSERT … RETURNING id`, which both engines understand: unlike SQLite's rowid, `lastval()` also moves
    /// when an `ON CONFLICT DO NOTHING` insert skipped its row.
    package var lastInsertRowID: Int64 {
        get async {
            let result = try? await run("SELECT lastval()", values: [], operation: "read last insert id")
            return result?.rows.first?.first?.int64 ?? 0
        }
    }

    /// Runs one statement (already in PostgreSQL's dialect) and collects its rows and their column names.
    ///
    /// Statements still in flight (``send(_:values:operation:prepared:)``) are answered first, in order: when one of
    /// them failed, this throws its error (its transaction is aborted, so this statement's own answer is moot).
    func run(
        _ sql: String, values: [PostgresData], operation: String, prepared: PreparedText? = nil
    ) async throws -> (columns: [String], rows: [[PostgresValue]]) {
        // Queued behind the statements in flight: the connection sends it as soon as the last one is answered.
        let answer = sendQuery(sql, values: values, prepared: prepared)
        return try await collect(answer, sequence: statementsSent, operation: operation, notesChanges: true)
    }

    /// Sends one statement and returns its future answer, counted in ``statementsSent``.
    ///
    /// With `prepared` (``preparedName(for:types:)``) it runs as that named statement, which the server parses and
    /// plans once for this connection. Its answer has no command tag (postgres-nio's prepared statements report
    /// only rows), so ``changes`` counts the rows it returned.
    func sendQuery(_ sql: String, values: [PostgresData], prepared: PreparedText? = nil)
        -> EventLoopFuture<PostgresAnswer>
    {
        statementsSent += 1
        if let prepared { return sendPrepared(prepared, values: values) }
        var bindings = PostgresBindings(capacity: values.count)
        for value in values { bindings.append(value) }
        return connection.query(PostgresQuery(unsafeSQL: sql, binds: bindings), logger: logger).map {
            PostgresAnswer(rows: $0.rows, metadata: $0.metadata)
        }
    }

    /// Waits for `answer` (the `sequence`-th statement sent, by ``sendQuery(_:values:prepared:)``) and the statements
    /// in flight, and reads its rows; the first failure in the order sent is thrown. A prefetched statement's row
    /// count is not noted as ``changes`` (`notesChanges`), since statements that ran after it may already have
    /// been counted.
    func collect(
        _ answer: EventLoopFuture<PostgresAnswer>, sequence: Int, operation: String, notesChanges: Bool
    ) async throws -> (columns: [String], rows: [[PostgresValue]]) {
        let waited = await awaitInFlight(through: sequence)
        if !waited && sequence > answeredThrough { waits += 1 }
        answeredThrough = max(answeredThrough, sequence)
        let result: PostgresAnswer
        do {
            result = try await answer.get()
        } catch {
            if let failure = inFlightFailure, failure.sequence < sequence { throw takeInFlightFailure() ?? error }
            _ = takeInFlightFailure()
            throw PostgresErrors.queryFailure(error, target: target, operation: operation)
        }
        if notesChanges || !result.isWrite { note(result) }
        if let failure = takeInFlightFailure() { throw failure }
        do {
            let columns = result.rows.first.map { row in row.map(\.columnName) } ?? []
            return (columns, try result.rows.map { row in try row.map { try PostgresValue($0) } })
        } catch {
            throw StoreError.postgres(
                target: target, operation: operation, sqlState: "XX000", message: "unreadable column value: \(error)")
        }
    }

    /// Sends one statement that returns no rows without waiting for its answer: the task goes on to the next
    /// statement, which the connection sends right after this one's answer, so a transaction's writes cost it one
    /// wait, not one each. The next ``run(_:values:operation:prepared:)`` (a read, the commit) waits for
    /// the answer and throws its error, naming `operation`; ``changes`` waits for it too.
    func send(_ sql: String, values: [PostgresData], operation: String, prepared: PreparedText? = nil) {
        if sql.hasPrefix("BEGIN") { isInsideTransaction = true }
        let answer = sendQuery(sql, values: values, prepared: prepared)
        inFlight.append((answer, operation, statementsSent))
    }

    func rememberPrefetch(_ statement: PostgresSQLStatement) {
        prefetches[ObjectIdentifier(statement)] = statement
    }

    func forgetPrefetch(_ statement: PostgresSQLStatement) {
        prefetches[ObjectIdentifier(statement)] = nil
    }

    /// At the end of a transaction: prefetched answers nobody read join the statements in flight (`abandoning`:
    /// before a commit or a savepoint's release, so their failures fail it) or are forgotten (a rollback).
    func settlePrefetches(abandoning: Bool) {
        let pending = prefetches.values
        prefetches = [:]
        for statement in pending {
            if abandoning { statement.abandonPending() } else { statement.dropPending() }
        }
    }

    /// Hands a prefetched statement's answer that nobody read to the statements in flight: the next wait collects
    /// it and throws its failure, as for a pipelined write.
    func abandon(_ answer: EventLoopFuture<PostgresAnswer>, sequence: Int, operation: String) {
        inFlight.append((answer, operation, sequence))
        inFlight.sort { $0.sequence < $1.sequence }
    }

    /// ``send(_:values:operation:prepared:)`` for a statement without parameters (`BEGIN`).
    func send(_ sql: String, operation: String) {
        send(sql, values: [], operation: operation)
    }

    /// Waits for the statements in flight sent up to `limit` (all by default), in order, keeping the first failure
    /// for the next ``run``; later ones stay in flight. Returns whether that was a wait (an answer not in yet).
    @discardableResult
    func awaitInFlight(through limit: Int = .max) async -> Bool {
        let sent = inFlight.prefix { $0.sequence <= limit }
        guard let last = sent.last?.sequence else { return false }
        inFlight.removeFirst(sent.count)
        let waited = last > answeredThrough
        if waited {
            waits += 1
            answeredThrough = last
        }
        for (answer, operation, sequence) in sent {
            do {
                note(try await answer.get())
            } catch {
                if inFlightFailure == nil {
                    inFlightFailure = (
                        PostgresErrors.queryFailure(error, target: target, operation: operation), sequence
                    )
                }
            }
        }
        return waited
    }

    /// The failure ``awaitInFlight()`` kept, cleared.
    func takeInFlightFailure() -> (any Error)? {
        defer { inFlightFailure = nil }
        return inFlightFailure?.error
    }

    /// What an answer says: rows changed, a transaction begun or ended (from its command tag; a server-prepared
    /// statement's answer has none, so its rows count as the changes).
    private func note(_ answer: PostgresAnswer) {
        guard let metadata = answer.metadata else {
            lastChanges = answer.rows.count
            return
        }
        switch metadata.command {
        case "INSERT", "UPDATE", "DELETE", "MERGE": lastChanges = metadata.rows ?? 0
        case "BEGIN", "START TRANSACTION": isInsideTransaction = true
        case "COMMIT", "ROLLBACK": isInsideTransaction = false
        default: break
        }
    }
}

// Used by one task at a time, like the SQLite connection.
@available(*, unavailable)
extension PostgresSQLConnection: Sendable {}

extension Logger {
    /// A logger that drops everything: a library never prints, and postgres-nio logs each query at debug level.
    package static var postgresStore: Logger {
        Logger(label: "fcgen.store.postgres", factory: { _ in SwiftLogNoOpLogHandler() })
    }
}
