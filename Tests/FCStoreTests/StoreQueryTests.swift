import FCTestSupport
import Testing

@testable import FCStore

/// ``StoreQuery``: interpolated values become `$1`, `$2`, … in order, raw fragments stay text, a query interpolated
/// into another is numbered after what comes before it, and the values reach the engine typed. The round trips run
/// on a SQLite file, and on PostgreSQL in the engine contract run.
struct StoreQueryTests {
    @Test func valuesAreNumberedInOrderAndRawTextStaysText() {
        let columns = "id, name"
        let query: StoreQuery = "SELECT \(raw: columns) FROM t WHERE a = \(Int64(7)) AND b = \("x") OR c = \(Int64(7))"
        #expect(query.sql == "SELECT id, name FROM t WHERE a = $1 AND b = $2 OR c = $3")
        #expect(query.values == [.integer(7), .text("x"), .integer(7)])
    }

    @Test func aQueryInsideAnotherIsNumberedAfterWhatComesBeforeIt() {
        let filter: StoreQuery = " AND s = \(Int64(3)) AND t = \("y")"
        var query: StoreQuery = "SELECT 1 WHERE u = \(Int64(1))\(filter) AND v = \(2.5)"
        query += " LIMIT \(10)"
        #expect(query.sql == "SELECT 1 WHERE u = $1 AND s = $2 AND t = $3 AND v = $4 LIMIT $5")
        #expect(query.values == [.integer(1), .integer(3), .text("y"), .real(2.5), .integer(10)])
        // The inner query alone keeps its own numbers.
        #expect(filter.sql == " AND s = $1 AND t = $2")
    }

    @Test func aLiteralWithoutValuesIsItsText() {
        let query: StoreQuery = "SELECT 1"
        #expect(query.sql == "SELECT 1" && query.values.isEmpty)
    }

    @Test func valuesReachTheEngineTypedNullsIncluded() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        let missing: Int64? = nil
        let text: String? = "héllo"
        let row = try await store.read { db in
            try await db.connection.withQuery(
                """
                SELECT \(Int64.max) + 0, \(text), \(0.25) + 0, \(missing) IS NULL, \(bytes: [0, 255]),
                    \(Int64(5)) * \(Int64(5))
                """, operation: "probe"
            ) { statement in
                let stepped = try await statement.step()
                try #require(stepped)
                return (
                    statement.int64(at: 0), statement.optionalString(at: 1), statement.double(at: 2),
                    statement.int(at: 3), statement.bytes(at: 4), statement.int64(at: 5)
                )
            }
        }
        #expect(row.0 == Int64.max)
        #expect(row.1 == "héllo")
        #expect(row.2 == 0.25)
        #expect(row.3 == 1)
        #expect(row.4 == [0, 255])
        #expect(row.5 == 25)
    }
}
