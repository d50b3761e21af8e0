import FCStore
import Testing

/// Statements the server parses and plans once per connection (`withServerPreparedStatement`, the store's hot
/// paths, through postgres-nio's prepared statements): prepared once per SQL text and parameter types, read back as
/// unnamed ones are, and, when preparing fails, no different from an unnamed statement.
struct PostgresServerPreparedTests {
    @Test func aStatementIsPreparedOncePerConnectionAndParameterTypes() async throws {
        let outcome = try await PostgresTestCluster.withFreshDatabase { connection, _ in
            // INTEGER and REAL columns: the int8 and float8 parameters are cast as an unnamed statement declares
            // them, then assigned as PostgreSQL assigns them.
            try await connection.execute("CREATE TABLE t (x INTEGER, y TEXT, z REAL)", operation: "create")
            let insert = "INSERT INTO t (x, y, z) VALUES ($1, $2, $3)"
            for x in 1...3 {
                try await connection.withServerPreparedStatement(insert, operation: "insert") { statement in
                    try statement.bind(x, at: 1)
                    try statement.bind("row \(x)", at: 2)
                    try statement.bind(Double?(Double(x) / 2), at: 3)
                    try await statement.runPipelined()
                }
            }
            let afterThree = connection.serverPreparations
            // An untyped NULL is another parameter type: another statement, whose parameter the server infers.
            try await connection.withServerPreparedStatement(insert, operation: "insert") { statement in
                try statement.bind(4, at: 1)
                try statement.bindNull(at: 2)
                try statement.bind(Double?.none, at: 3)
                try await statement.run()
            }
            let rows = try await connection.withServerPreparedStatement(
                "SELECT x, y, z FROM t WHERE x >= $1 ORDER BY x", operation: "read"
            ) { statement in
                try statement.bind(2, at: 1)
                var rows: [String] = []
                while try await statement.step() {
                    let y = statement.optionalString(at: 1) ?? "nil"
                    let z = statement.optionalDouble(at: 2).map { "\($0)" } ?? "nil"
                    rows.append("\(statement.int(at: 0))|\(y)|\(z)")
                }
                return rows
            }
            return (afterThree, connection.serverPreparations, rows)
        }
        #expect(outcome.0 == 1, "three runs of one statement prepare it once")
        #expect(outcome.1 == 3, "the NULL's types and the read are two more")
        #expect(outcome.2 == ["2|row 2|1.0", "3|row 3|1.5", "4|nil|nil"])
    }

    @Test func rowsReadTheSameAsFromAnUnnamedStatement() async throws {
        let sql = """
            SELECT 7::bigint, 8::integer, true, 0.25::float8, SUM(x), 'Ελληνικά 🎉', '\\x00ff'::bytea, NULL::text
            FROM (VALUES (1::bigint), (2::bigint)) AS v(x) WHERE $1 > 0
            """
        let (plain, prepared) = try await PostgresTestCluster.withFreshDatabase { connection, _ in
            func read(_ statement: PostgresSQLStatement) async throws -> [String] {
                try statement.bind(1, at: 1)
                guard try await statement.step() else { return [] }
                return [
                    "\(statement.int64(at: 0))", "\(statement.int(at: 1))", "\(statement.int(at: 2))",
                    "\(statement.double(at: 3))", "\(statement.int64(at: 4))", statement.string(at: 5),
                    "\(statement.bytes(at: 6))", "\(statement.isNull(at: 7))", statement.columnName(at: 5),
                ]
            }
            let plain = try await connection.withStatement(sql, operation: "read") { try await read($0) }
            let prepared = try await connection.withServerPreparedStatement(sql, operation: "read") {
                try await read($0)
            }
            return (plain, prepared)
        }
        #expect(plain == ["7", "8", "1", "0.25", "3", "Ελληνικά 🎉", "[0, 255]", "true", "?column?"])
        #expect(prepared == plain)
    }

    @Test func aPreparationInAFailedTransactionThrowsTheEarlierFailureAndIsTriedAgainLater() async throws {
        let outcome = try await PostgresTestCluster.withFreshDatabase { connection, _ in
            try await connection.execute("CREATE TABLE t (x BIGINT PRIMARY KEY)", operation: "create")
            let count = "SELECT COUNT(*) FROM t WHERE x > $1"
            var failure: StoreError?
            do {
                try await connection.immediateTransaction("fill") {
                    for operation in ["first", "duplicate"] {
                        try await connection.withStatement("INSERT INTO t VALUES (1)", operation: operation) {
                            try await $0.runPipelined()
                        }
                    }
                    // Its preparation meets the aborted transaction and fails behind the insert; postgres-nio keeps
                    // that failure for the name, so the adapter forgets the name and the next use prepares anew.
                    _ = try await connection.withServerPreparedStatement(count, operation: "count") { statement in
                        try statement.bind(0, at: 1)
                        return try await statement.step()
                    }
                    Issue.record("the read after a failed write did not throw")
                }
            } catch let error as StoreError {
                failure = error
            }
            let tried = connection.serverPreparations
            let rows = try await connection.withServerPreparedStatement(count, operation: "count") { statement in
                try statement.bind(0, at: 1)
                return try await statement.step() ? statement.int(at: 0) : -1
            }
            return (failure, tried, connection.serverPreparations, rows)
        }
        #expect(outcome.0?.constraintViolation == .unique)
        #expect("\(outcome.0.map(String.init(describing:)) ?? "")".hasPrefix("duplicate failed in database"))
        #expect(outcome.1 == 1)
        #expect(outcome.2 == 2, "the failed preparation was not kept: the next use prepares again")
        #expect(outcome.3 == 0)
    }

    @Test func aServerPreparedWriteCountsTheRowsItReturnedAsItsChanges() async throws {
        let changes = try await PostgresTestCluster.withFreshDatabase { connection, _ in
            try await connection.execute("CREATE TABLE t (x BIGINT PRIMARY KEY)", operation: "create")
            return try await connection.withServerPreparedStatement(
                "INSERT INTO t VALUES ($1), ($2), ($3) ON CONFLICT DO NOTHING RETURNING x", operation: "insert"
            ) { statement in
                var changes: [Int] = []
                for (first, second) in [(1, 2), (2, 3)] {
                    try statement.bind(first, at: 1)
                    try statement.bind(second, at: 2)
                    try statement.bind(second, at: 3)
                    while try await statement.step() {}
                    await changes.append(connection.changes)
                    statement.reset()
                }
                return changes
            }
        }
        #expect(changes == [2, 1])
    }
}
