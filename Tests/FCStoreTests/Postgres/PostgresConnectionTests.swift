import FCStore
import Testing

/// The adapter's statement surface on a real server: every bind type, NULLs, unicode, bytes, conversions the store
/// relies on, and `changes`.
struct PostgresConnectionTests {
    private static let table = """
        CREATE TABLE t (i BIGINT, n BIGINT, s TEXT, o TEXT, d DOUBLE PRECISION, od DOUBLE PRECISION, b BYTEA)
        """

    @Test func everyBindTypeRoundTrips() async throws {
        let bytes: [UInt8] = Array(0...255)
        let text = "Ελληνικά 🎉 日本語 — \"quotes\" 'and' \\backslashes\\ \n\t end"
        let values = try await PostgresTestCluster.withFreshDatabase { connection, _ in
            try await connection.execute(Self.table, operation: "create")
            try await connection.withStatement("INSERT INTO t VALUES ($1, $2, $3, $4, $5, $6, $7)", operation: "insert")
            {
                insert in
                try insert.bind(Int64.min, at: 1)
                try insert.bind(Int64?.none, at: 2)
                try insert.bind(text, at: 3)
                try insert.bind(String?.none, at: 4)
                try insert.bind(Double?(1.0 / 3.0), at: 5)
                try insert.bind(Double?.none, at: 6)
                try insert.bind(bytes: bytes, at: 7)
                try await insert.run()
            }
            return try await connection.withStatement("SELECT i, n, s, o, d, od, b FROM t", operation: "read") { read in
                let found = try await read.step()
                let row = (
                    read.int64(at: 0), read.optionalInt64(at: 1), read.isNull(at: 1), read.string(at: 2),
                    read.optionalString(at: 3), read.double(at: 4), read.optionalDouble(at: 5), read.bytes(at: 6),
                    read.columnName(at: 2), found
                )
                let more = try await read.step()
                return (row, more)
            }
        }
        let (row, more) = values
        #expect(row.9)
        #expect(!more)
        #expect(row.0 == Int64.min)
        #expect(row.1 == nil)
        #expect(row.2)
        #expect(row.3 == text)
        #expect(row.4 == nil)
        #expect(row.5 == 1.0 / 3.0)
        #expect(row.6 == nil)
        #expect(row.7 == bytes)
        #expect(row.8 == "s")
    }

    @Test func intsOptionalIntsEmptyTextAndEmptyBytesStayDistinctFromNull() async throws {
        let values = try await PostgresTestCluster.withFreshDatabase { connection, _ in
            try await connection.execute(Self.table, operation: "create")
            try await connection.withStatement(
                "INSERT INTO t (i, n, s, b) VALUES ($1, $2, $3, $4)", operation: "insert"
            ) {
                try $0.bind(42, at: 1)
                try $0.bind(Int?(7), at: 2)
                try $0.bind("", at: 3)
                try $0.bind(bytes: [], at: 4)
                try await $0.run()
            }
            return try await connection.withStatement("SELECT i, n, s, b, o FROM t", operation: "read") { read in
                _ = try await read.step()
                return (
                    read.int(at: 0), read.optionalInt(at: 1), read.isNull(at: 2), read.string(at: 2),
                    read.isNull(at: 3), read.bytes(at: 3), read.optionalString(at: 4), read.columnTypes
                )
            }
        }
        #expect(values.0 == 42)
        #expect(values.1 == 7)
        #expect(!values.2)
        #expect(values.3 == "")
        #expect(!values.4)
        #expect(values.5 == [])
        #expect(values.6 == nil)
        // SQLite's storage classes: integer, integer, text, blob, null.
        #expect(values.7 == [1, 1, 3, 4, 5])
    }

    @Test func aggregatesAndComparisonsReadAsIntegersAsOnSQLite() async throws {
        let values = try await PostgresTestCluster.withFreshDatabase { connection, _ in
            try await connection.withStatement(
                "SELECT COUNT(*), SUM(x), 2 > 1, AVG(x), CAST(3 AS INTEGER) FROM (VALUES (1::bigint), (2)) v(x)",
                operation: "aggregate"
            ) { read in
                _ = try await read.step()
                return (read.int64(at: 0), read.int64(at: 1), read.int(at: 2), read.double(at: 3), read.int(at: 4))
            }
        }
        #expect(values.0 == 2)
        #expect(values.1 == 3)  // SUM(bigint) is numeric on PostgreSQL
        #expect(values.2 == 1)  // a boolean
        #expect(values.3 == 1.5)
        #expect(values.4 == 3)
    }

    @Test func aCachedStatementRunsAgainWithNewBindingsAfterReset() async throws {
        let seen = try await PostgresTestCluster.withFreshDatabase { connection, _ in
            var seen: [Int64] = []
            for value in [Int64(3), 5, 8] {
                try await connection.withStatement("SELECT $1 * 2", operation: "double") { statement in
                    try statement.bind(value, at: 1)
                    while try await statement.step() { seen.append(statement.int64(at: 0)) }
                }
            }
            return seen
        }
        #expect(seen == [6, 10, 16])
    }

    @Test func changesCountsRowsOfTheLastWriteAndZeroForASkippedInsert() async throws {
        let counts = try await PostgresTestCluster.withFreshDatabase { connection, _ in
            try await connection.execute("CREATE TABLE u (k TEXT PRIMARY KEY, v BIGINT)", operation: "create")
            try await connection.execute("INSERT INTO u VALUES ('a', 1), ('b', 1), ('c', 2)", operation: "seed")
            try await connection.withStatement("UPDATE u SET v = v + 1 WHERE v = $1", operation: "update") {
                try $0.bind(1, at: 1)
                try await $0.run()
            }
            let updated = await connection.changes
            try await connection.withStatement(
                "INSERT INTO u VALUES ($1, 0) ON CONFLICT DO NOTHING", operation: "insert"
            ) {
                try $0.bind("a", at: 1)
                try await $0.run()
            }
            return await (updated, connection.changes)
        }
        #expect(counts.0 == 2)
        #expect(counts.1 == 0)
    }

    @Test func lastInsertRowIDIsTheIdentityJustTaken() async throws {
        let ids = try await PostgresTestCluster.withFreshDatabase { connection, _ in
            try await connection.execute(
                "CREATE TABLE g (id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, x TEXT)", operation: "create")
            var ids: [Int64] = []
            for x in ["a", "b"] {
                try await connection.withStatement("INSERT INTO g (x) VALUES ($1)", operation: "insert") {
                    try $0.bind(x, at: 1)
                    try await $0.run()
                }
                await ids.append(connection.lastInsertRowID)
            }
            return ids
        }
        #expect(ids == [1, 2])
    }

    @Test func aTypedNullParameterWorksWhereTheServerCannotInferItsType() async throws {
        // `?1 IS NULL` alone gives PostgreSQL no type to infer: the adapter sends typed NULLs.
        let answers = try await PostgresTestCluster.withFreshDatabase { connection, _ in
            var answers: [String] = []
            for value in [String?.none, "x"] {
                answers.append(
                    try await connection.withStatement("SELECT $1 IS NULL, COALESCE($1, 'none')", operation: "probe") {
                        try $0.bind(value, at: 1)
                        _ = try await $0.step()
                        return "\($0.int(at: 0)) \($0.string(at: 1))"
                    })
            }
            return answers
        }
        #expect(answers == ["1 none", "0 x"])
    }

    @Test func textWithANulCharacterIsRefusedNotTruncated() async throws {
        // PostgreSQL's text cannot hold U+0000: the adapter refuses it before sending, as the SQLite statement does,
        // naming the operation (docs/store.md).
        let message = try await PostgresTestCluster.withFreshDatabase { connection, _ in
            do {
                try await connection.withStatement("SELECT $1", operation: "echo") {
                    try $0.bind("a\u{0}b", at: 1)
                    _ = try await $0.step()
                }
                return "accepted"
            } catch {
                return "\(error)"
            }
        }
        #expect(message == "echo: the text contains U+0000 (NUL), which the store refuses")
    }
}
