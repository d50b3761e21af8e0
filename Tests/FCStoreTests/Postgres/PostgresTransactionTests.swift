import FCStore
import Testing

/// Transactions, savepoints and the classification of constraint errors on a real server.
struct PostgresTransactionTests {
    private struct Boom: Error {}

    @Test func aTransactionRolledBackOnErrorLeavesNothing() async throws {
        let state = try await PostgresTestCluster.withFreshDatabase { connection, _ in
            try await connection.execute("CREATE TABLE t (x BIGINT)", operation: "create")
            do {
                try await connection.immediateTransaction("fill") {
                    #expect(connection.isInsideTransaction)
                    try await connection.execute(
                        "INSERT INTO t VALUES (1); INSERT INTO t VALUES (2)", operation: "insert")
                    throw Boom()
                }
                Issue.record("the transaction did not throw")
            } catch is Boom {}
            let count = try await connection.withStatement("SELECT COUNT(*) FROM t", operation: "count") {
                try await $0.step() ? $0.int(at: 0) : -1
            }
            return (count, connection.isInsideTransaction)
        }
        #expect(state.0 == 0)
        #expect(!state.1)
    }

    @Test func aCommittedTransactionKeepsItsRowsAndReturnsItsResult() async throws {
        let state = try await PostgresTestCluster.withFreshDatabase { connection, _ in
            try await connection.execute("CREATE TABLE t (x BIGINT)", operation: "create")
            let result = try await connection.immediateTransaction("fill") {
                try await connection.execute("INSERT INTO t VALUES (1), (2), (3)", operation: "insert")
                return await connection.changes
            }
            let count = try await connection.withStatement("SELECT COUNT(*) FROM t", operation: "count") {
                try await $0.step() ? $0.int(at: 0) : -1
            }
            return (result, count, connection.isInsideTransaction)
        }
        #expect(state.0 == 3)
        #expect(state.1 == 3)
        #expect(!state.2)
    }

    @Test func aNestedTransactionIsASavepointThatRollsBackAlone() async throws {
        let rows = try await PostgresTestCluster.withFreshDatabase { connection, _ in
            try await connection.execute("CREATE TABLE t (x BIGINT PRIMARY KEY)", operation: "create")
            try await connection.immediateTransaction("outer") {
                try await connection.execute("INSERT INTO t VALUES (1)", operation: "insert")
                // The inner one breaks the key; the outer transaction goes on and commits its own row.
                _ = try? await connection.immediateTransaction("inner") {
                    try await connection.execute(
                        "INSERT INTO t VALUES (2); INSERT INTO t VALUES (1)", operation: "insert")
                }
                try await connection.execute("INSERT INTO t VALUES (3)", operation: "insert")
            }
            return try await connection.withStatement("SELECT x FROM t ORDER BY x", operation: "read") { statement in
                var rows: [Int] = []
                while try await statement.step() { rows.append(statement.int(at: 0)) }
                return rows
            }
        }
        #expect(rows == [1, 3])
    }

    @Test func uniqueAndForeignKeyViolationsAreClassifiedWithoutTheirValues() async throws {
        let errors = try await PostgresTestCluster.withFreshDatabase { connection, target in
            try await connection.execute(
                """
                CREATE TABLE parent (id BIGINT PRIMARY KEY, name TEXT UNIQUE);
                CREATE TABLE child (parent_id BIGINT REFERENCES parent(id));
                INSERT INTO parent VALUES (1, 'secret-name')
                """,
                operation: "create")
            func failure(_ sql: String, _ operation: String) async -> StoreError? {
                do {
                    try await connection.execute(sql, operation: operation)
                    return nil
                } catch {
                    return error as? StoreError
                }
            }
            return await (
                failure("INSERT INTO parent VALUES (2, 'secret-name')", "insert parent"),
                failure("INSERT INTO child VALUES (99)", "insert child"),
                failure("SELECT * FROM missing_table", "read missing"),
                target.description
            )
        }
        let (unique, foreignKey, other, target) = errors
        #expect(unique?.constraintViolation == .unique)
        #expect(foreignKey?.constraintViolation == .foreignKey)
        #expect(other != nil && other?.constraintViolation == nil)
        let text = "\(unique.map(String.init(describing:)) ?? "")"
        #expect(text.hasPrefix("insert parent failed in database \(target): duplicate key value"))
        #expect(text.contains("SQLSTATE 23505"))
        #expect(!text.contains("secret-name"))
        #expect("\(foreignKey.map(String.init(describing:)) ?? "")".contains("SQLSTATE 23503"))
    }

    @Test func sqliteConstraintCodesClassifyTheSameWay() {
        let unique = StoreError.sqlite(path: "db", operation: "o", code: 2067, message: "UNIQUE constraint failed")
        let primaryKey = StoreError.sqlite(path: "db", operation: "o", code: 1555, message: "PRIMARY KEY failed")
        let foreignKey = StoreError.sqlite(path: "db", operation: "o", code: 787, message: "FOREIGN KEY failed")
        let busy = StoreError.sqlite(path: "db", operation: "o", code: 5, message: "locked")
        #expect(unique.constraintViolation == .unique)
        #expect(primaryKey.constraintViolation == .unique)
        #expect(foreignKey.constraintViolation == .foreignKey)
        #expect(busy.constraintViolation == nil)
    }

    @Test func lockAndSerializationFailuresCountAsBusy() {
        for state in ["40001", "40P01", "55P03", "57014"] {
            #expect(StoreError.postgres(target: "t", operation: "o", sqlState: state, message: "m").isBusy)
        }
        #expect(!StoreError.postgres(target: "t", operation: "o", sqlState: "23505", message: "m").isBusy)
    }
}
