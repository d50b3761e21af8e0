/// One step of the schema's history: a version, a name and the SQL that takes the schema there.
///
/// A migration is raw SQL, never app model types: migrations describe past states of the database while the code
/// targets only the latest, so a migration must never change once it has shipped. Fix mistakes with a new
/// migration. (GRDB `Documentation.docc/Migrations.md`, "Good Practices for Defining Migrations".)
package struct Migration: Sendable, Hashable {
    /// Position in the history; versions start at 1 and increase by 1.
    package var version: Int
    /// Recorded in `schema_migrations` next to the version, for people reading the database.
    package var name: String
    /// One or more statements, run inside the migration's own transaction.
    package var sql: String

    package init(version: Int, name: String, sql: String) {
        self.version = version
        self.name = name
        self.sql = sql
    }

    /// The newest version in ``all``.
    package static var latestVersion: Int { all.last?.version ?? 0 }
}
