import FCStore
import Testing

/// Statements sent without waiting for their answers (`runPipelined`, and every transaction's `BEGIN`): they still
/// run in order, and their failures still fail the transaction, at the next statement that waits.
struct PostgresPipelineTests {
    @Test func pipelinedWritesRunInOrderAndTheNextReadSeesThem() async throws {
        let state = try await PostgresTestCluster.withFreshDatabase { connection, _ in
            try await connection.execute("CREATE TABLE t (x BIGINT PRIMARY KEY, y BIGINT)", operation: "create")
            let inside = try await connection.immediateTransaction("fill") {
                for x in 1...3 {
                    try await connection.withStatement(
                        "INSERT INTO t (x, y) VALUES ($1, 0) ON CONFLICT (x) DO UPDATE SET y = t.y + 1",
                        operation: "upsert"
                    ) { statement in
                        try statement.bind(x, at: 1)
                        try await statement.runPipelined()
                    }
                }
                try await connection.withStatement("UPDATE t SET y = y + 10 WHERE x = 2", operation: "bump") {
                    try await $0.runPipelined()
                }
                // Rows changed by the last pipelined statement, once its answer is in.
                let changes = await connection.changes
                let sum = try await connection.withStatement("SELECT SUM(y) FROM t", operation: "sum") {
                    try await $0.step() ? $0.int(at: 0) : -1
                }
                return (changes, sum, connection.isInsideTransaction)
            }
            let count = try await connection.withStatement("SELECT COUNT(*) FROM t", operation: "count") {
                try await $0.step() ? $0.int(at: 0) : -1
            }
            return (inside, count, connection.isInsideTransaction)
        }
        #expect(state.0.0 == 1)
        #expect(state.0.1 == 10)
        #expect(state.0.2)
        #expect(state.1 == 3)
        #expect(!state.2)
    }

    @Test func aFailedPipelinedWriteFailsTheNextStatementByItsOwnNameAndRollsBack() async throws {
        let outcome = try await PostgresTestCluster.withFreshDatabase { connection, _ in
            try await connection.execute("CREATE TABLE t (x BIGINT PRIMARY KEY)", operation: "create")
            var failure: StoreError?
            do {
                try await connection.immediateTransaction("fill") {
                    try await connection.withStatement("INSERT INTO t VALUES (1)", operation: "first") {
                        try await $0.runPipelined()
                    }
                    try await connection.withStatement("INSERT INTO t VALUES (1)", operation: "duplicate") {
                        try await $0.runPipelined()
                    }
                    _ = try await connection.withStatement("SELECT COUNT(*) FROM t", operation: "count") {
                        try await $0.step()
                    }
                    Issue.record("the read after a failed write did not throw")
                }
            } catch let error as StoreError {
                failure = error
            }
            let count = try await connection.withStatement("SELECT COUNT(*) FROM t", operation: "count") {
                try await $0.step() ? $0.int(at: 0) : -1
            }
            return (failure, count, connection.isInsideTransaction)
        }
        #expect(outcome.0?.constraintViolation == .unique)
        #expect("\(outcome.0.map(String.init(describing:)) ?? "")".hasPrefix("duplicate failed in database"))
        #expect(outcome.1 == 0)
        #expect(!outcome.2)
    }

    @Test func aFailedPipelinedWriteJustBeforeTheCommitFailsTheCommit() async throws {
        let outcome = try await PostgresTestCluster.withFreshDatabase { connection, _ in
            try await connection.execute(
                "CREATE TABLE parent (id BIGINT PRIMARY KEY); CREATE TABLE child (parent_id BIGINT REFERENCES parent(id))",
                operation: "create")
            var failure: StoreError?
            do {
                try await connection.immediateTransaction("fill") {
                    try await connection.withStatement("INSERT INTO parent VALUES (1)", operation: "parent") {
                        try await $0.runPipelined()
                    }
                    try await connection.withStatement("INSERT INTO child VALUES (99)", operation: "orphan") {
                        try await $0.runPipelined()
                    }
                }
                Issue.record("the commit after a failed write did not throw")
            } catch let error as StoreError {
                failure = error
            }
            let parents = try await connection.withStatement("SELECT COUNT(*) FROM parent", operation: "count") {
                try await $0.step() ? $0.int(at: 0) : -1
            }
            return (failure, parents, connection.isInsideTransaction)
        }
        #expect(outcome.0?.constraintViolation == .foreignKey)
        #expect("\(outcome.0.map(String.init(describing:)) ?? "")".hasPrefix("orphan failed in database"))
        #expect(outcome.1 == 0)
        #expect(!outcome.2)
    }
}
