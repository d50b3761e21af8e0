import NIOCore
import PostgresNIO

/// A statement on a ``PostgresSQLConnection`` with the SQLite statement's surface: bind parameters (1-based), step
/// through rows, read columns (0-based), reset for reuse.
///
/// The first ``step()`` after a reset sends the query with the values bound so far and collects every row it
/// returns (the store's queries return small results); later steps walk those rows. The SQL is sent as written:
/// the store writes its parameters as `$1`, `$2`, which both engines parse.
package final class PostgresSQLStatement {
    let sql: String
    private unowned let connection: PostgresSQLConnection
    /// Whether it runs as a statement the server prepared once for the connection (see
    /// ``PostgresSQLConnection/preparedName(for:types:)``).
    let serverPrepared: Bool
    /// What the store is doing with the statement, for errors; never the bound values.
    package var operation: String
    /// Bound values by parameter number − 1, as far as the largest number bound; `nil` = skipped (an untyped NULL).
    private var bound: [PostgresData?] = []
    /// The fetched rows, `nil` until the statement runs.
    private var rows: [[PostgresValue]]?
    private var columns: [String] = []
    /// The current row's index in ``rows``.
    private var cursor = -1
    /// The answer of a ``prefetch()`` not yet read by ``step()``.
    private var pending: (answer: EventLoopFuture<PostgresAnswer>, sequence: Int)?

    init(sql: String, connection: PostgresSQLConnection, operation: String, serverPrepared: Bool) {
        self.sql = sql
        self.connection = connection
        self.operation = operation
        self.serverPrepared = serverPrepared
    }

    // MARK: Binding

    package func bind(_ value: Int64, at index: Int32) throws {
        var buffer = ByteBuffer()
        buffer.writeInteger(value)
        try set(PostgresData(type: .int8, formatCode: .binary, value: buffer), at: index)
    }

    package func bind(_ value: Int, at index: Int32) throws {
        try bind(Int64(value), at: index)
    }

    package func bind(_ value: Int?, at index: Int32) throws {
        if let value { try bind(value, at: index) } else { try bindNull(at: index, type: .int8) }
    }

    package func bind(_ value: Int64?, at index: Int32) throws {
        if let value { try bind(value, at: index) } else { try bindNull(at: index, type: .int8) }
    }

    /// Binds text exactly.
    ///
    /// - Throws: ``StoreError/nulInText(operation:)`` for text with U+0000, which PostgreSQL text cannot hold (the
    ///   SQLite statement refuses it too, so both engines answer alike).
    package func bind(_ value: String, at index: Int32) throws {
        if value.utf8.contains(0) { throw StoreError.nulInText(operation: operation) }
        var buffer = ByteBuffer()
        buffer.writeString(value)
        try set(PostgresData(type: .text, formatCode: .binary, value: buffer), at: index)
    }

    package func bind(_ value: String?, at index: Int32) throws {
        if let value { try bind(value, at: index) } else { try bindNull(at: index, type: .text) }
    }

    package func bind(_ value: Double?, at index: Int32) throws {
        guard let value else { return try bindNull(at: index, type: .float8) }
        var buffer = ByteBuffer()
        buffer.writeInteger(value.bitPattern)
        try set(PostgresData(type: .float8, formatCode: .binary, value: buffer), at: index)
    }

    /// Binds bytes as `bytea` (an empty array binds zero bytes, not NULL).
    package func bind(bytes: [UInt8], at index: Int32) throws {
        try set(PostgresData(type: .bytea, formatCode: .binary, value: ByteBuffer(bytes: bytes)), at: index)
    }

    /// Binds a NULL of no declared type: the server infers it from where the parameter stands.
    package func bindNull(at index: Int32) throws {
        try bindNull(at: index, type: .null)
    }

    /// A typed NULL, so that `?1 IS NULL OR column = ?1` still tells PostgreSQL the parameter's type.
    private func bindNull(at index: Int32, type: PostgresDataType) throws {
        try set(PostgresData(type: type, formatCode: .binary, value: nil), at: index)
    }

    private func set(_ data: PostgresData, at index: Int32) throws {
        // New values: a prefetched answer no longer belongs to this statement.
        abandonPending()
        // The server checks the count against the SQL (a value too many is refused there, naming the statement).
        guard index >= 1, index <= Self.largestParameter else {
            throw StoreError.postgres(
                target: connection.target, operation: operation, sqlState: "08P01",
                message: "parameter \(index) is out of range (PostgreSQL takes at most \(Self.largestParameter))")
        }
        if bound.count < Int(index) { bound += repeatElement(nil, count: Int(index) - bound.count) }
        bound[Int(index) - 1] = data
    }

    /// The protocol's limit on a statement's parameters (a 16-bit count).
    static let largestParameter: Int32 = 65_535

    // MARK: Stepping

    /// Advances to the next row (running the query first if it has not run since the last reset). Returns `true`
    /// when a row is available, `false` when the statement is done.
    package func step() async throws -> Bool {
        if rows == nil {
            let result: (columns: [String], rows: [[PostgresValue]])
            if let pending {
                self.pending = nil
                connection.forgetPrefetch(self)
                result = try await connection.collect(
                    pending.answer, sequence: pending.sequence, operation: operation, notesChanges: false)
            } else {
                let values = values()
                let prepared = prepared(for: values)
                do {
                    result = try await connection.run(
                        sql, values: values, operation: operation, prepared: prepared?.text)
                } catch {
                    // postgres-nio keeps a failed preparation's error for the name: the next run prepares anew.
                    if let prepared, prepared.isNew { connection.forgetPrepared(prepared.text) }
                    throw error
                }
                if let prepared, prepared.isNew { connection.confirmPrepared(prepared.text) }
            }
            rows = result.rows
            columns = result.columns
            cursor = -1
        }
        cursor += 1
        return cursor < (rows?.count ?? 0)
    }

    /// Runs a statement that returns no rows.
    package func run() async throws {
        _ = try await step()
    }

    /// Sends a statement that returns no rows without waiting for its answer (see
    /// ``PostgresSQLConnection/send(_:values:operation:prepared:)``): its failure is thrown by the connection's next
    /// statement that waits (a read, a run, the commit).
    package func runPipelined() async throws {
        abandonPending()
        let values = values()
        let prepared = prepared(for: values)
        if let prepared, prepared.isNew {
            // Its first run prepares it, and postgres-nio runs it only after the preparation's answer, behind
            // whatever was sent meanwhile: it is awaited, so it keeps its place.
            rows = nil
            return try await run()
        }
        connection.send(sql, values: values, operation: operation, prepared: prepared?.text)
        rows = []
        columns = []
        cursor = -1
    }

    /// Sends the statement with the values bound so far without waiting for its answer; the next ``step()`` reads
    /// the answer (waiting for it then, if it has not come yet). Reads sent this way one after the other cost the
    /// thread one wait for all of them. Nothing else may use the statement until that step, and a ``reset()``
    /// before it hands the answer to the connection's statements in flight (its failure still fails the
    /// transaction).
    package func prefetch() async throws {
        abandonPending()
        rows = nil
        columns = []
        cursor = -1
        let values = values()
        let prepared = prepared(for: values)
        if let prepared, prepared.isNew {
            // As in ``runPipelined()``: a first run is awaited, and the next step reads its first row.
            _ = try await step()
            cursor = -1
            return
        }
        pending = (connection.sendQuery(sql, values: values, prepared: prepared?.text), connection.statementsSent)
        connection.rememberPrefetch(self)
    }

    /// The bound values, unbound ones as NULL.
    private func values() -> [PostgresData] {
        bound.map { $0 ?? PostgresData(type: .null, formatCode: .binary, value: nil) }
    }

    /// The prepared statement to run `values` with, by the types of the values; `nil` for a statement sent unnamed.
    private func prepared(for values: [PostgresData]) -> (text: PreparedText, isNew: Bool)? {
        guard serverPrepared else { return nil }
        return connection.preparedName(for: sql, types: values.map(\.type))
    }

    /// Hands an unread prefetched answer to the connection's statements in flight (its failure fails the next
    /// wait of the same transaction).
    func abandonPending() {
        guard let pending else { return }
        self.pending = nil
        connection.forgetPrefetch(self)
        connection.abandon(pending.answer, sequence: pending.sequence, operation: operation)
    }

    /// Forgets an unread prefetched answer of a transaction that ended (rolled back): it must not answer a later
    /// step, nor its failure fail a later transaction.
    func dropPending() {
        pending = nil
        rows = nil
    }

    /// Forgets the fetched rows so the statement runs again on the next step; bindings are kept.
    package func reset() {
        abandonPending()
        rows = nil
        columns = []
        cursor = -1
    }

    // MARK: Columns

    private func value(at column: Int32) -> PostgresValue {
        guard let rows, rows.indices.contains(cursor), rows[cursor].indices.contains(Int(column)) else { return .null }
        return rows[cursor][Int(column)]
    }

    package func isNull(at column: Int32) -> Bool { value(at: column) == .null }
    package func int64(at column: Int32) -> Int64 { value(at: column).int64 }
    package func int(at column: Int32) -> Int { Int(value(at: column).int64) }
    package func optionalInt(at column: Int32) -> Int? { isNull(at: column) ? nil : int(at: column) }
    package func optionalInt64(at column: Int32) -> Int64? { isNull(at: column) ? nil : int64(at: column) }
    package func double(at column: Int32) -> Double { value(at: column).double }
    package func optionalDouble(at column: Int32) -> Double? { isNull(at: column) ? nil : double(at: column) }
    package func string(at column: Int32) -> String { value(at: column).string }
    package func optionalString(at column: Int32) -> String? { isNull(at: column) ? nil : string(at: column) }
    /// A `bytea` column's bytes; an empty or NULL value gives no bytes.
    package func bytes(at column: Int32) -> [UInt8] { value(at: column).bytes }

    /// The column's name, for rows read generically.
    package func columnName(at column: Int32) -> String {
        columns.indices.contains(Int(column)) ? columns[Int(column)] : "column\(column)"
    }

    /// How many columns the current result has (known once the statement ran and returned a row).
    package var columnCount: Int32 { Int32(columns.count) }

    /// SQLite's storage class codes of the current row's columns (1 integer, 2 real, 3 text, 4 blob, 5 null), so
    /// rows read generically convert alike on both engines.
    package var columnTypes: [Int32] {
        (0..<columnCount).map { column in
            switch value(at: column) {
            case .integer: 1
            case .real: 2
            case .text: 3
            case .blob: 4
            case .null: 5
            }
        }
    }
}

// Belongs to its connection's task, like the connection.
@available(*, unavailable)
extension PostgresSQLStatement: Sendable {}
