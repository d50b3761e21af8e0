import CSQLite

extension Statement {
    /// Binds bytes as a BLOB (an empty array binds a zero-length blob, not NULL).
    func bind(bytes: [UInt8], at index: Int32) throws {
        guard let index = slot(index) else { return }
        let code = bytes.withUnsafeBytes { buffer -> Int32 in
            guard let base = buffer.baseAddress, buffer.count > 0 else {
                return sqlite3_bind_zeroblob(handle, index, 0)
            }
            return sqlite3_bind_blob64(handle, index, base, sqlite3_uint64(buffer.count), sqliteTransient)
        }
        guard code == SQLITE_OK else {
            let message = String(cString: sqlite3_errstr(code))
            throw StoreError.sqlite(path: "", operation: operation, code: code, message: message)
        }
    }

    /// Reads a BLOB column; an empty or NULL value gives no bytes.
    func bytes(at column: Int32) -> [UInt8] {
        // sqlite3_column_blob first, then sqlite3_column_bytes (https://www.sqlite.org/c3ref/column_blob.html).
        guard let pointer = sqlite3_column_blob(handle, column) else { return [] }
        let count = Int(sqlite3_column_bytes(handle, column))
        return Array(UnsafeRawBufferPointer(start: pointer, count: count))
    }

    /// The column's name, for rows read generically (learning state of unknown shape).
    func columnName(at column: Int32) -> String {
        sqlite3_column_name(handle, column).map { String(cString: $0) } ?? "column\(column)"
    }

    /// How many columns the statement's rows have.
    var columnCount: Int32 { sqlite3_column_count(handle) }

    /// SQLite's storage class of the column in the current row.
    var columnTypes: [Int32] { (0..<columnCount).map { sqlite3_column_type(handle, $0) } }
}
