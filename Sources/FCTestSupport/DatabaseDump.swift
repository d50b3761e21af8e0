import CSQLite
package import Foundation

/// The whole content of an SQLite database as SQL text (the schema and every row of every table, `sqlite_sequence`
/// included), read through SQLite's C API on a read-only connection of its own, not through the store's code: a
/// test takes one before and one after a command that must change nothing, and compares them.
///
/// ```swift
/// let before = try await DatabaseDump.dump(path)
/// // … a failed import, a dry run …
/// #expect(try await DatabaseDump.dump(path) == before)
/// ```
///
/// A path where nothing is dumps as `<missing>\n` (and stays missing). It ran `Tests/Support/dump_db.py` (python's
/// `iterdump()`) before: a python process per dump, for what twenty lines of C API calls read the same way.
package enum DatabaseDump {
    /// The dump of the database at `path`, read in one snapshot on a thread of its own (SQLite's calls block).
    package static func dump(_ path: String) async throws -> String {
        try await onOwnThread { try dumpNow(path) }
    }

    /// The database could not be read (SQLite's message).
    package struct DumpFailed: Error, CustomStringConvertible {
        package var message: String
        package var description: String { "dumping the database failed: \(message)" }
    }

    private static func dumpNow(_ path: String) throws -> String {
        guard FileManager.default.fileExists(atPath: path) else { return "<missing>\n" }
        var db: OpaquePointer?
        defer { sqlite3_close_v2(db) }
        guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, nil) == SQLITE_OK else {
            throw DumpFailed(message: db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open \(path)")
        }
        sqlite3_busy_timeout(db, 5_000)
        // One read transaction: the schema and the rows of one moment.
        _ = try rows(db, "BEGIN", as: literal)
        defer { _ = try? rows(db, "COMMIT", as: literal) }
        var dump = ""
        let schema = try rows(
            db, "SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY type, name", as: text)
        for entry in schema { dump += "\(entry[2]);\n" }
        for entry in schema where entry[0] == "table" {
            let name = entry[1].replacingOccurrences(of: "\"", with: "\"\"")
            for row in try rows(db, "SELECT * FROM \"\(name)\"", as: literal) {
                dump += "INSERT INTO \"\(name)\" VALUES(\(row.joined(separator: ",")));\n"
            }
        }
        return dump
    }

    /// Every row of `sql`, each value as `value` reads it: ``literal(_:_:)`` for rows (`NULL`, a number, `'text'`,
    /// `X'blob'`), ``text(_:_:)`` for the schema's names and SQL.
    private static func rows(
        _ db: OpaquePointer?, _ sql: String, as value: (OpaquePointer?, Int32) -> String
    ) throws -> [[String]] {
        var statement: OpaquePointer?
        defer { sqlite3_finalize(statement) }
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK else {
            throw DumpFailed(message: String(cString: sqlite3_errmsg(db)))
        }
        var result: [[String]] = []
        while true {
            let step = sqlite3_step(statement)
            if step == SQLITE_DONE { break }
            guard step == SQLITE_ROW else { throw DumpFailed(message: String(cString: sqlite3_errmsg(db))) }
            result.append((0..<sqlite3_column_count(statement)).map { value(statement, $0) })
        }
        return result
    }

    private static func text(_ statement: OpaquePointer?, _ column: Int32) -> String {
        sqlite3_column_text(statement, column).map { String(cString: $0) } ?? ""
    }

    private static func literal(_ statement: OpaquePointer?, _ column: Int32) -> String {
        switch sqlite3_column_type(statement, column) {
        case SQLITE_INTEGER: return String(sqlite3_column_int64(statement, column))
        case SQLITE_FLOAT: return String(sqlite3_column_double(statement, column))
        case SQLITE_TEXT: return "'" + text(statement, column).replacingOccurrences(of: "'", with: "''") + "'"
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(statement, column))
            guard count > 0, let bytes = sqlite3_column_blob(statement, column) else { return "X''" }
            let buffer = UnsafeRawBufferPointer(start: bytes, count: count)
            return "X'" + buffer.map { String(format: "%02X", $0) }.joined() + "'"
        default: return "NULL"
        }
    }
}
