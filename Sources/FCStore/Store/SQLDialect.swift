/// The SQL fragments that cannot be written once for both engines. Everything else in the store is plain SQL that
/// SQLite and PostgreSQL both accept (`ON CONFLICT … DO NOTHING/UPDATE`, `RETURNING`, `CASE` instead of scalar
/// `MAX(a, b)` or summed booleans, `COALESCE`), with parameters written `$1`, `$2` as PostgreSQL numbers them, which
/// SQLite reads as named parameters (its statement binds `$N` by name).
///
/// Where each fragment is needed today is listed in `docs/store.md` ("Dialect differences").
package enum SQLDialect: Sendable, Hashable {
    case sqlite
    case postgres

    /// A subquery of the integers in the JSON array `json`, one `value` column:
    /// `c.topic_id IN (\(dialect.jsonIntegers(of: topics)))`.
    func jsonIntegers(of json: String?) -> StoreQuery {
        switch self {
        case .sqlite: "SELECT value FROM json_each(\(json))"
        case .postgres: "SELECT value::bigint FROM json_array_elements_text(CAST(\(json) AS json))"
        }
    }

    /// A table of the integers of the JSON array `json`, named `alias`, with SQLite `json_each`'s columns: `key`
    /// (the 0-based index) and `value`.
    func jsonIntegerTable(_ json: String, alias: String) -> StoreQuery {
        switch self {
        case .sqlite:
            "json_each(\(json)) \(raw: alias)"
        case .postgres:
            """
            (SELECT ordinality - 1 AS key, value::bigint AS value
                FROM json_array_elements_text(CAST(\(json) AS json)) WITH ORDINALITY) \(raw: alias)
            """
        }
    }

    /// How many columns named `column` the table named `table` has (0 or 1): the schema probe of `hasColumn`.
    func columnCountQuery(table: String, column: String) -> StoreQuery {
        switch self {
        case .sqlite:
            "SELECT COUNT(*) FROM pragma_table_info(\(table)) WHERE name = \(column)"
        case .postgres:
            """
            SELECT COUNT(*) FROM information_schema.columns
            WHERE table_schema = current_schema() AND table_name = \(table) AND column_name = \(column)
            """
        }
    }

    /// An index hint after a table name: SQLite's `INDEXED BY`, nothing on PostgreSQL (its planner takes no
    /// hints; the index exists on both).
    package func indexedBy(_ index: String) -> String {
        switch self {
        case .sqlite: "INDEXED BY \(index)"
        case .postgres: ""
        }
    }

    /// The statement that opens a write transaction: `BEGIN IMMEDIATE` takes SQLite's write lock up front;
    /// PostgreSQL locks rows as they are written, so a plain `BEGIN`.
    package var beginWrite: String {
        switch self {
        case .sqlite: "BEGIN IMMEDIATE"
        case .postgres: "BEGIN"
        }
    }

    /// Whether a single-row insert should hand back what it inserted with `RETURNING` (PostgreSQL: the answer
    /// comes with the insert, no second round trip) or the caller should ask the connection afterwards (SQLite:
    /// `RETURNING` buffers its rows in a temporary b-tree that each run opens and closes, while the last rowid and
    /// the change count are free). The review path's inserts, run for every review, pick their statement by it.
    package var insertsReturnRows: Bool {
        switch self {
        case .sqlite: false
        case .postgres: true
        }
    }

    /// The database's own consistency check, one finding per row (`ok` when healthy); PostgreSQL has no
    /// equivalent that a client runs (amcheck is an extension), so it answers `ok`.
    package var integrityCheck: String {
        switch self {
        case .sqlite: "PRAGMA integrity_check"
        case .postgres: "SELECT 'ok'"
        }
    }
}
