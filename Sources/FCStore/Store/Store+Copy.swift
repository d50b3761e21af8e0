import Crypto
import Foundation

/// What ``Store/copy(to:)`` moved: rows and a checksum per table, as read back from the target.
package struct CopyReport: Sendable, Hashable, Codable {
    /// One table's figures.
    package struct Table: Sendable, Hashable, Codable {
        package var name: String
        package var rows: Int
        /// SHA-256 of the table's rows, order-independent (see ``Store/copy(to:)``), the same on both engines.
        package var checksum: String
    }

    package var tables: [Table]
    package var rows: Int { tables.reduce(0) { $0 + $1.rows } }
}

/// How far ``Store/copy(to:progress:)`` has got: what a progress bar shows.
package struct CopyProgress: Sendable, Hashable {
    /// Rows written to the target so far.
    package var rowsCopied: Int
    /// Rows the source holds in the copied tables (counted in the copy's snapshot before the first row).
    package var totalRows: Int

    /// The share copied, 0–1 (1 for an empty source).
    package var fraction: Double {
        totalRows > 0 ? min(Double(rowsCopied) / Double(totalRows), 1) : 1
    }
}

extension Store {
    /// Every table a copy moves, parents before children (foreign keys are checked as rows arrive on PostgreSQL).
    /// `schema_migrations` is not copied: the target has its own, migrated to the same version when it opened.
    package static let copiedTables = [
        "users", "topics", "topic_generation", "sources", "images", "image_credits", "batches", "cards", "card_sources",
        "jobs",
        "sessions", "card_states",
        "reviews", "archived_reviews", "card_flags", "session_answers", "gamification_state", "xp_events",
        "challenges", "boxes", "achievements", "daily_stats", "api_tokens", "idempotency_keys", "bookmarks",
        "llm_usage", "user_credentials", "login_sessions", "invites", "password_resets", "generations",
        "generation_events", "reminders", "calendar_feeds", "push_subscriptions", "vapid_keys", "card_embeddings",
    ]

    /// Tables a copy leaves out: an import's staged rows (`ImportCards`, FCPipeline) are not data yet, only the middle
    /// of an import under way, which the copy's snapshot would cut in two. Every table of the schema is in this
    /// list or in ``copiedTables``; a test checks it.
    package static let uncopiedTables = ["import_stagings", "import_staged_cards", "import_staged_images"]

    /// Copies everything in this store into `target`, an empty store of either engine, as ONE transaction on the
    /// target: all of it or (on any error) none of it. The source is read in one read transaction (one snapshot),
    /// on a connection of its own held by the target's writer thread. Ids are kept; on PostgreSQL each identity
    /// column continues after the largest copied id.
    ///
    /// Verified before the commit: every table's row count and checksum read back from the target equal the
    /// source's. The checksum is the sum (mod 2^64) of each row's SHA-256, so it does not depend on row order, which
    /// differs between the engines' collations.
    ///
    /// `progress`, when given, is called with the rows copied so far: once after the source is counted, every
    /// ``copyProgressStride`` rows and after each table (on the target's writer thread: keep it short).
    ///
    /// - Throws: ``StoreError/copyTargetNotEmpty(target:table:)`` when the target holds rows;
    ///   ``StoreError/copyMismatch(table:detail:)`` when a table reads back differently; what reading or writing
    ///   throws.
    package func copy(
        to target: Store, progress: (@Sendable (CopyProgress) -> Void)? = nil
    ) async throws -> CopyReport {
        let source = readers
        let targetName = target.path
        return try await target.write("copy database") { db in
            try await source.withDetached { from in
                try await from.readTransaction {
                    let to = db.connection
                    for table in Self.copiedTables where try await Self.count(table, on: to) > 0 {
                        throw StoreError.copyTargetNotEmpty(target: targetName, table: table)
                    }
                    var counter: CopyCounter?
                    if let progress {
                        var total = 0
                        for table in Self.copiedTables { total += try await Self.count(table, on: from) }
                        counter = CopyCounter(totalRows: total, sink: progress)
                        progress(CopyProgress(rowsCopied: 0, totalRows: total))
                    }
                    var tables: [CopyReport.Table] = []
                    for table in Self.copiedTables {
                        let copied = try await Self.copyRows(of: table, from: from, to: to, counter: &counter)
                        counter?.report()
                        let check = try await Self.checksum(table, on: to)
                        guard check.rows == copied.rows, check.sum == copied.sum else {
                            throw StoreError.copyMismatch(
                                table: table,
                                detail: "\(copied.rows) rows read, \(check.rows) read back, checksums differ")
                        }
                        tables.append(CopyReport.Table(name: table, rows: check.rows, checksum: Self.hex(check.sum)))
                    }
                    if to.dialect == .postgres { try await Self.continueIdentities(on: to) }
                    return CopyReport(tables: tables)
                }
            }
        }
    }

    /// Rows between two progress reports of a copy.
    package static let copyProgressStride = 500

    /// Counts a copy's rows and reports them every ``copyProgressStride``.
    private struct CopyCounter {
        let totalRows: Int
        let sink: @Sendable (CopyProgress) -> Void
        var rowsCopied = 0

        mutating func add() {
            rowsCopied += 1
            if rowsCopied % Store.copyProgressStride == 0 { report() }
        }

        func report() { sink(CopyProgress(rowsCopied: rowsCopied, totalRows: totalRows)) }
    }

    /// Inserts every row of `table` and returns its count and checksum as read from the source.
    private static func copyRows(
        of table: String, from: any SQLConnection, to: any SQLConnection, counter: inout CopyCounter?
    ) async throws -> (rows: Int, sum: UInt64) {
        let select = try from.prepare("SELECT * FROM \(table) ORDER BY 1", operation: "copy \(table) (read)")
        var insertInto: String?
        var rows = 0
        var sum: UInt64 = 0
        while try await select.step() {
            let columns = select.columnCount
            if insertInto == nil {
                let names = (0..<columns).map { select.columnName(at: $0) }
                insertInto = "INSERT INTO \(table) (\(names.joined(separator: ", "))) VALUES ("
            }
            guard let insertInto else { break }
            let types = select.columnTypes
            let values = (0..<columns).map { column -> StoreQuery in
                switch types[Int(column)] {
                case 1: "\(select.int64(at: column))"
                case 2: "\(select.double(at: column))"
                case 3: "\(select.string(at: column))"
                case 4: "\(bytes: select.bytes(at: column))"
                default: "\(value: .null)"
                }
            }
            // The same text for every row of the table: the connection's cached statement serves them all.
            try await to.runQuery(
                "\(raw: insertInto)\(StoreQuery.joined(values, separator: ", ")))", operation: "copy \(table) (write)")
            counter?.add()
            rows += 1
            sum &+= rowHash(select, types: types)
        }
        return (rows, sum)
    }

    /// `table`'s row count and order-independent checksum on `connection`.
    private static func checksum(_ table: String, on connection: any SQLConnection) async throws -> (
        rows: Int, sum: UInt64
    ) {
        let statement = try connection.prepare("SELECT * FROM \(table)", operation: "check \(table)")
        var rows = 0
        var sum: UInt64 = 0
        while try await statement.step() {
            rows += 1
            sum &+= rowHash(statement, types: statement.columnTypes)
        }
        return (rows, sum)
    }

    /// The first 8 bytes of the SHA-256 of the row's values, each written with its storage class.
    private static func rowHash(_ row: any SQLStatement, types: [Int32]) -> UInt64 {
        var text = ""
        for column in 0..<Int32(types.count) {
            switch types[Int(column)] {
            case 1: text += "i\(row.int64(at: column))\u{1F}"
            case 2: text += "f\(row.double(at: column).bitPattern)\u{1F}"
            case 3: text += "t\(row.string(at: column))\u{1F}"
            case 4: text += "b\(Data(row.bytes(at: column)).base64EncodedString())\u{1F}"
            default: text += "n\u{1F}"
            }
        }
        return SHA256.hash(data: Data(text.utf8)).prefix(8).reduce(0) { $0 << 8 | UInt64($1) }
    }

    private static func count(_ table: String, on connection: any SQLConnection) async throws -> Int {
        try await connection.withStatement("SELECT COUNT(*) FROM \(table)", operation: "count \(table)") { statement in
            try await statement.step() ? statement.int(at: 0) : 0
        }
    }

    /// Moves each identity column's sequence past the copied ids, so the next insert does not collide.
    private static func continueIdentities(on connection: any SQLConnection) async throws {
        let identities = try await connection.withStatement(
            """
            SELECT table_name FROM information_schema.columns
            WHERE table_schema = current_schema() AND column_name = 'id' AND is_identity = 'YES'
            ORDER BY table_name
            """, operation: "find identity columns"
        ) { statement in
            var tables: [String] = []
            while try await statement.step() { tables.append(statement.string(at: 0)) }
            return tables
        }
        for table in identities {
            try await connection.execute(
                """
                SELECT setval(pg_get_serial_sequence('\(table)', 'id'), COALESCE(MAX(id), 0) + 1, false) FROM \(table)
                """,
                operation: "continue \(table) ids")
        }
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
