import FCStore
import FCTestSupport
import Foundation
import Testing

/// One contract suite, both engines: the store's and the pipeline's tests, which run on SQLite files in this
/// process, run again in a child process of this same test binary with every `TemporaryDatabase` a fresh
/// PostgreSQL database (`FCGEN_TEST_STORE_POSTGRES`).
///
/// Left out of the second run are the tests of what only one engine has: SQLite's files, pragmas, WAL (and its checkpointer)
/// and busy lock, its migrator and query plans, and the engine adapters' own tests.
struct EngineContractTests {
    static let sqliteOnly = [
        "StoreOpeningTests", "MigrationTests", "Postgres", "EngineContractTests",
        "StoreConcurrencyTests", "PatientWriteTests", "BusyPatienceTests", "DatabaseCopyTests", "WALCheckpointerTests",
        "theDueQuerySeeksTheLevelIndexWithoutSorting", "theNewCardsOfOneTopicSeekTheTopicIndexWithoutSorting",
        "theRecallWindowReadsOneRangeOfTheLearnersTopicIndexWithoutSorting",
    ]

    /// How many of the child's tests run at once.
    static let parallelTests = 8

    @Test func theStoreAndPipelineSuitesPassOnPostgreSQLToo() async throws {
        let target = try PostgresTestCluster.target()
        // With the URL's TLS mode: the test cluster serves no TLS and its URL says `sslmode=disable`, and a TLS
        // context per store (each parsing the system's certificate bundle) was a third of this run's CPU.
        let server =
            "postgres://\(target.user)@\(target.host ?? "127.0.0.1"):\(target.port)?sslmode=\(target.tls.rawValue)"
        let arguments = [
            "--testing-library", "swift-testing", "--filter", "FCStoreTests|FCPipelineTests",
            "--skip", Self.sqliteOnly.joined(separator: "|"),
            // All ~170 at once, beside the parent's own suite, stretched single tests past their time limits on a
            // loaded 2-core machine: each one's wall time grows with how many others interleave with it.
            "--experimental-maximum-parallelization-width", String(Self.parallelTests),
        ]
        var environment = ProcessInfo.processInfo.environment
        environment[TemporaryDatabase.postgresVariable] = server
        let child = try await ChildProcess.run(
            URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path, arguments,
            environment: environment)
        let log = child.output + child.error
        let failures = log.split(separator: "\n").filter { $0.contains("✘") && $0.contains("recorded an issue") }
        #expect(child.termination == .exited(0), "on PostgreSQL:\n\(failures.prefix(20).joined(separator: "\n"))")
        // The run must have been the whole suite, not an empty filter.
        let count = log.firstMatch(of: /Test run with (\d+) tests/).flatMap { Int($0.1) } ?? 0
        #expect(count >= 170, "\(count) tests ran on PostgreSQL")
    }
}
