import FCTestSupport
import Testing

@testable import FCStore

/// The store's SQL numbers its parameters `$1`, `$2` for both engines: PostgreSQL reads them as written, SQLite as
/// named parameters, which it numbers by first appearance, so the SQLite statement binds `$N` by its name. Runs on
/// a SQLite file, and on PostgreSQL in the engine contract run.
struct ParameterNumberingTests {
    /// The numbers the store binds, whatever order the SQL names them in and whether it uses each one.
    private static func read(_ sql: String, binding values: [Int64]) async throws -> [Int64] {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        return try await store.read { db in
            try await db.connection.withStatement(sql, operation: "probe") { statement in
                for (index, value) in values.enumerated() { try statement.bind(value, at: Int32(index + 1)) }
                guard try await statement.step() else { return [] }
                return (0..<statement.columnCount).map { statement.int64(at: $0) }
            }
        }
    }

    @Test func parametersNamedOutOfOrderBindByTheirNumber() async throws {
        // SQLite gives `$2` the index 1 here: a bind by position would answer 1 - 10.
        #expect(try await Self.read("SELECT $2 - $1, $1", binding: [1, 10]) == [9, 1])
    }

    @Test func aNumberTheSQLSkipsTakesItsValueAndIgnoresIt() async throws {
        // SQLite gives `$3` the index 2: `$2`'s value must not land there.
        #expect(try await Self.read("SELECT $1 + 0, $3 + 0", binding: [5, 7, 9]) == [5, 9])
    }

}
