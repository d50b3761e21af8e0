package import Foundation

/// The PostgreSQL server the PostgreSQL tests run against, found through `FCGEN_TEST_POSTGRES_URL`.
///
/// Without the variable every such test fails with one line saying how to start a cluster; none is skipped. Each
/// test works in a database of its own (``scratchDatabase(label:)``), so tests never see each other's rows.
package enum TestPostgresServer {
    package static let environmentVariable = "FCGEN_TEST_POSTGRES_URL"

    /// Thrown when the variable is missing: its description is the whole instruction.
    package struct Missing: Error, CustomStringConvertible {
        package init() {}

        package var description: String {
            "\(TestPostgresServer.environmentVariable) is not set: run the tests with scripts/test, which starts "
                + "a throwaway PostgreSQL cluster, or start one with "
                + "eval \"$(scripts/postgres-test-cluster.sh start /tmp/fcgen-pg)\" (needs Debian's postgresql package)"
        }
    }

    /// The server's URL (its main database).
    ///
    /// - Throws: ``Missing`` when the variable is unset or empty.
    package static func url() throws -> String {
        guard let url = ProcessInfo.processInfo.environment[environmentVariable], !url.isEmpty else {
            throw Missing()
        }
        return url
    }

    /// A new, empty database on the test server; the caller drops it.
    package static func scratchDatabase(label: String) async throws -> ScratchPostgresDatabase {
        try await ScratchPostgresDatabase.create(on: try url(), label: label)
    }

    /// Runs `body` on one engine: with `nil` (the test's SQLite file) or, when `postgres`, with the URL of a scratch
    /// database made for it and dropped afterwards, whether `body` throws or not.
    package static func onEngine(
        postgres: Bool, label: String, _ body: (_ databaseURL: String?) async throws -> Void
    ) async throws {
        let scratch = postgres ? try await scratchDatabase(label: label) : nil
        do {
            try await body(scratch?.url)
        } catch {
            await scratch?.drop()
            throw error
        }
        await scratch?.drop()
    }
}
