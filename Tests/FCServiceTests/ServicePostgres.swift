import FCTestSupport
import Foundation

/// The PostgreSQL server the service's PostgreSQL tests run against, found through `FCGEN_TEST_POSTGRES_URL`.
///
/// Without the variable such a test fails with one line saying how to start a cluster; none is skipped. Each test
/// works in a database of its own, dropped at its end.
enum ServicePostgres {
    static let environmentVariable = "FCGEN_TEST_POSTGRES_URL"

    /// Thrown when the variable is missing: its description is the whole instruction.
    struct Missing: Error, CustomStringConvertible {
        var description: String {
            "\(ServicePostgres.environmentVariable) is not set: start a throwaway PostgreSQL cluster with "
                + "eval \"$(scripts/postgres-test-cluster.sh start /tmp/fcgen-pg)\" (needs Debian's postgresql "
                + "package), as .ci/run does"
        }
    }

    /// A new, empty database on the test server; the caller drops it.
    static func scratchDatabase(label: String) async throws -> ScratchPostgresDatabase {
        guard let url = ProcessInfo.processInfo.environment[environmentVariable], !url.isEmpty else {
            throw Missing()
        }
        return try await ScratchPostgresDatabase.create(on: url, label: label)
    }
}
