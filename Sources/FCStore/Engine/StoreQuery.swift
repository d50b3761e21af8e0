/// One statement's SQL and its parameters, written as one interpolated literal, the way postgres-nio's
/// `PostgresQuery` and GRDB's `SQL` are written:
///
/// ```swift
/// try await connection.runQuery(
///     "DELETE FROM bookmarks WHERE user_id = \(userID) AND card_id = \(cardID)", operation: "remove a bookmark")
/// ```
///
/// Each interpolated value becomes the next parameter (`$1`, `$2`, …, which both engines parse) and is bound when
/// the statement runs; SQL text goes in only through `\(raw:)`, for the store's own fragments (column lists, a
/// rule's condition), never for a value. The text of one call site is the same at every call, so the connection's
/// statement caches and PostgreSQL's prepared statements still find it.
///
/// A value used twice is interpolated twice (two parameters). A loop (a bulk write) makes one query per row: the
/// text is the same for every row, so the connection's cached statement serves them all.
struct StoreQuery: ExpressibleByStringInterpolation, Sendable {
    /// A parameter's value, typed as the engines bind it.
    enum Value: Sendable, Equatable {
        case integer(Int64?)
        case text(String?)
        case real(Double?)
        case bytes([UInt8])
        /// A NULL of no declared type, which the server types from where it stands (a row copied column by column
        /// does not know its columns' types).
        case null
    }

    /// The text and the values in order. The SQL is made from them when the statement runs, not when a query is
    /// written: a row or condition interpolated into a larger statement (a review's rows are) is never made into
    /// text of its own.
    private let parts: [StringInterpolation.Part]

    init(stringLiteral value: String) {
        parts = [.text(value)]
    }

    init(stringInterpolation: StringInterpolation) {
        parts = stringInterpolation.parts
    }

    /// The SQL, with `$1`, `$2`, … where the values go. Made anew on each call, sized exactly first (one
    /// allocation, each `$N` a prebuilt small string): a hot path reads it once per statement it runs.
    var sql: String {
        if parts.count == 1, case .text(let text) = parts[0] { return text }
        var length = 0
        for part in parts {
            switch part {
            case .text(let text): length += text.utf8.count
            case .value: length += 4
            }
        }
        var sql = ""
        sql.reserveCapacity(length)
        var number = 0
        for part in parts {
            switch part {
            case .text(let text): sql += text
            case .value:
                number += 1
                sql += Self.placeholder(number)
            }
        }
        return sql
    }

    /// The parameters, `$1` first.
    var values: [Value] {
        parts.compactMap { part in
            if case .value(let value) = part { value } else { nil }
        }
    }

    /// `$1` … `$128`, made once.
    private static let placeholders: [String] = (1...128).map { "$\($0)" }

    /// The parameter `$number`.
    private static func placeholder(_ number: Int) -> String {
        number <= placeholders.count ? placeholders[number - 1] : "$\(number)"
    }

    /// Binds the values to `statement`'s parameters, `$1` first.
    func bind(to statement: any SQLStatement) throws {
        var index: Int32 = 0
        for case .value(let value) in parts {
            index += 1
            switch value {
            case .integer(let number): try statement.bind(number, at: index)
            case .text(let text): try statement.bind(text, at: index)
            case .real(let number): try statement.bind(number, at: index)
            case .bytes(let bytes): try statement.bind(bytes: bytes, at: index)
            case .null: try statement.bindNull(at: index)
            }
        }
    }

    struct StringInterpolation: StringInterpolationProtocol {
        fileprivate enum Part: Sendable {
            case text(String)
            case value(Value)
        }
        fileprivate var parts: [Part] = []

        init(literalCapacity: Int, interpolationCount: Int) {
            parts.reserveCapacity(2 * interpolationCount + 1)
        }

        mutating func appendLiteral(_ literal: String) { parts.append(.text(literal)) }

        mutating func appendInterpolation(_ value: Int64) { parts.append(.value(.integer(value))) }
        mutating func appendInterpolation(_ value: Int64?) { parts.append(.value(.integer(value))) }
        mutating func appendInterpolation(_ value: Int) { parts.append(.value(.integer(Int64(value)))) }
        mutating func appendInterpolation(_ value: Int?) { parts.append(.value(.integer(value.map(Int64.init)))) }
        mutating func appendInterpolation(_ value: String) { parts.append(.value(.text(value))) }
        mutating func appendInterpolation(_ value: String?) { parts.append(.value(.text(value))) }
        mutating func appendInterpolation(_ value: Double) { parts.append(.value(.real(value))) }
        mutating func appendInterpolation(_ value: Double?) { parts.append(.value(.real(value))) }
        mutating func appendInterpolation(bytes: [UInt8]) { parts.append(.value(.bytes(bytes))) }
        /// A value whose type is known only when the statement runs (``Value/null`` among them).
        mutating func appendInterpolation(value: Value) { parts.append(.value(value)) }

        /// Another query, its values numbered after the ones before it: a condition built apart
        /// (`let filter: StoreQuery = id.map { " AND session_id = \($0)" } ?? ""`).
        mutating func appendInterpolation(_ query: StoreQuery) { parts += query.parts }

        /// SQL text of the store's own, as it is: a column list, a rule's condition, a dialect's fragment. It must
        /// not hold parameters of its own, which would collide with the interpolated ones' numbers.
        mutating func appendInterpolation(raw fragment: String) {
            assert(fragment.firstMatch(of: /\$\d/) == nil, "a raw SQL fragment with parameters: \(fragment)")
            parts.append(.text(fragment))
        }
    }
}

extension SQLConnection {
    /// Runs `body` with the cached statement for `query`, its values bound; reset afterwards.
    func withQuery<T>(_ query: StoreQuery, operation: String, _ body: (any SQLStatement) async throws -> T)
        async throws -> T
    {
        let statement = try cachedStatement(query.sql, operation: operation)
        defer { statement.reset() }
        try query.bind(to: statement)
        return try await body(statement)
    }

    /// ``withQuery(_:operation:_:)`` on the server-prepared statement for `query`
    /// (``serverPreparedStatement(_:operation:)``).
    func withServerPreparedQuery<T>(
        _ query: StoreQuery, operation: String, _ body: (any SQLStatement) async throws -> T
    ) async throws -> T {
        let statement = try serverPreparedStatement(query.sql, operation: operation)
        defer { statement.reset() }
        try query.bind(to: statement)
        return try await body(statement)
    }

    /// A statement of its own for `query`, its values bound (for a statement whose text differs from call to call,
    /// such as a multi-row insert, or one sent ahead and read later).
    func freshStatement(for query: StoreQuery, operation: String) throws -> any SQLStatement {
        let statement = try freshStatement(query.sql, operation: operation)
        try query.bind(to: statement)
        return statement
    }

    /// The server-prepared statement for `query` (``serverPreparedStatement(_:operation:)``), its values bound; the
    /// caller resets it.
    func serverPreparedStatement(for query: StoreQuery, operation: String) throws -> any SQLStatement {
        let statement = try serverPreparedStatement(query.sql, operation: operation)
        try query.bind(to: statement)
        return statement
    }

    /// Runs `query`, which returns no rows, on its cached statement.
    func runQuery(_ query: StoreQuery, operation: String) async throws {
        try await withQuery(query, operation: operation) { try await $0.run() }
    }

    /// Every row of `query`, on its cached statement, each made by `row` from the statement standing on it.
    func rows<T>(_ query: StoreQuery, operation: String, _ row: (any SQLStatement) throws -> T) async throws -> [T] {
        try await withQuery(query, operation: operation) { statement in
            var rows: [T] = []
            while try await statement.step() { rows.append(try row(statement)) }
            return rows
        }
    }
}

extension StoreQuery {
    /// `rhs` after `lhs`, its values numbered after `lhs`'s: for SQL built piece by piece.
    static func + (lhs: StoreQuery, rhs: StoreQuery) -> StoreQuery { "\(lhs)\(rhs)" }

    static func += (lhs: inout StoreQuery, rhs: StoreQuery) { lhs = lhs + rhs }

    /// `queries` one after another with `separator` (SQL text) between them, their values numbered in order: the
    /// rows of a multi-row `VALUES`, made in one pass whatever their number.
    static func joined(_ queries: some Sequence<StoreQuery>, separator: String) -> StoreQuery {
        var interpolation = StringInterpolation(literalCapacity: 0, interpolationCount: 0)
        for (index, query) in queries.enumerated() {
            if index > 0 { interpolation.appendLiteral(separator) }
            interpolation.appendInterpolation(query)
        }
        return StoreQuery(stringInterpolation: interpolation)
    }
}
