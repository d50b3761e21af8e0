import Foundation

@testable import FCStore

/// The statement surface both engines share, so one scenario runs on each (the store's own engine-neutral
/// protocols replace this once the store is ported).
protocol EngineStatement: AnyObject {
    func bind(_ value: Int64, at index: Int32) throws
    func bind(_ value: Int, at index: Int32) throws
    func bind(_ value: Int64?, at index: Int32) throws
    func bind(_ value: String, at index: Int32) throws
    func bind(_ value: String?, at index: Int32) throws
    func bindNull(at index: Int32) throws
    func step() throws -> Bool
    func run() throws
    func string(at column: Int32) -> String
    func isNull(at column: Int32) -> Bool
}

protocol EngineConnection {
    associatedtype EngineStatementType: EngineStatement
    func withStatement<T>(_ sql: String, operation: String, _ body: (EngineStatementType) throws -> T) throws -> T
    func execute(_ sql: String, operation: String) throws
    var changes: Int { get }
}

extension Statement: EngineStatement {}
extension PostgresSQLStatement: EngineStatement {}
extension Connection: EngineConnection {}
extension PostgresSQLConnection: EngineConnection {}

extension EngineConnection {
    /// Runs `sql` with `values` (Int64, Int, String or nil, an untyped NULL) bound in order and returns every row's columns as text
    /// ("NULL" for a null), so results from the two engines compare directly.
    func rows(_ sql: String, _ values: [(any Sendable)?] = [], columns: Int32) throws -> [[String]] {
        try withStatement(sql, operation: "scenario") { statement in
            for (offset, value) in values.enumerated() {
                let index = Int32(offset + 1)
                switch value {
                case let value as Int64: try statement.bind(value, at: index)
                case let value as Int: try statement.bind(value, at: index)
                case let value as String: try statement.bind(value, at: index)
                default: try statement.bindNull(at: index)
                }
            }
            var rows: [[String]] = []
            while try statement.step() {
                rows.append(
                    (0..<columns).map { statement.isNull(at: $0) ? "NULL" : statement.string(at: $0) })
            }
            return rows
        }
    }
}

/// A migrated SQLite database in a temporary file, on the calling thread.
func migratedSQLiteConnection(in directory: URL) throws -> Connection {
    let connection = try Connection(path: directory.appendingPathComponent("both.sqlite").path)
    try connection.configure(busyTimeoutMilliseconds: 5_000)
    try Migrator(migrations: Migration.all).migrate(connection, appliedAt: 0)
    return connection
}
