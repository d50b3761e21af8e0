import Testing

/// `fcgen-worker --help` says what `--db` takes: a SQLite file or a PostgreSQL URL (it takes both).
@Suite struct WorkerHelpTests {
    @Test("--db names both engines")
    func databaseOptionNamesBothEngines() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let result = try await cli.run(executable: "fcgen-worker", ["--help"])
        #expect(result.status == 0, "\(result.stderr)")
        let help = result.stdout + result.stderr
        #expect(help.contains("--db <path-or-url>"), "\(help)")
        #expect(help.contains("SQLite database file or postgres:// URL"), "\(help)")
    }
}
