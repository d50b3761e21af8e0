package import FCStore

/// Whether the database is ready for this build (`GET /readyz`): readable, and at the schema version it expects.
package enum Readiness {
    /// The database's newest applied migration and the one this build expects.
    ///
    /// - Throws: a store error when the database cannot be read.
    package static func schema(on store: Store) async throws -> (version: Int, expected: Int) {
        (try await store.schemaVersion(), Migration.latestVersion)
    }
}
