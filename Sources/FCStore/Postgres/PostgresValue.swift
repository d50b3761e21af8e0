import Foundation
import NIOCore
import PostgresNIO

/// One column value of a fetched row, reduced to SQLite's storage classes so that the column getters convert the
/// way SQLite's `sqlite3_column_*` do (an integer read as text is its digits, NULL reads as 0 or "").
///
/// PostgreSQL is strictly typed where SQLite is not: `COUNT(*)` is `bigint`, `SUM(bigint)` is `numeric`, a
/// comparison is `boolean`. Reducing every cell here is what lets one store query read its columns the same way on
/// both engines.
enum PostgresValue: Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])

    /// Reads `cell` by its PostgreSQL type.
    ///
    /// - Throws: the decoding error of postgres-nio for a value whose bytes do not match its type.
    init(_ cell: PostgresCell) throws {
        guard cell.bytes != nil else {
            self = .null
            return
        }
        switch cell.dataType {
        case .int2, .int4, .int8:
            self = .integer(try cell.decode(Int64.self))
        case .bool:
            self = .integer(try cell.decode(Bool.self) ? 1 : 0)
        case .float4, .float8:
            self = .real(try cell.decode(Double.self))
        case .numeric:
            // SUM and AVG of integers are numeric: an integral value stays an integer, like SQLite's.
            let text = "\(try cell.decode(Decimal.self))"
            if let integer = Int64(text) { self = .integer(integer) } else { self = .real(Double(text) ?? 0) }
        case .bytea:
            var buffer = try cell.decode(ByteBuffer.self)
            self = .blob(buffer.readBytes(length: buffer.readableBytes) ?? [])
        default:
            self = .text(try cell.decode(String.self))
        }
    }

    var int64: Int64 {
        switch self {
        case .null: 0
        case .integer(let value): value
        case .real(let value): value.isFinite ? Int64(exactly: value.rounded(.towardZero)) ?? 0 : 0
        case .text(let text): Int64(text) ?? Int64(Double(text) ?? 0)
        case .blob: 0
        }
    }

    var double: Double {
        switch self {
        case .null, .blob: 0
        case .integer(let value): Double(value)
        case .real(let value): value
        case .text(let text): Double(text) ?? 0
        }
    }

    var string: String {
        switch self {
        case .null: ""
        case .integer(let value): String(value)
        case .real(let value): String(value)
        case .text(let text): text
        case .blob(let bytes): String(decoding: bytes, as: UTF8.self)
        }
    }

    var bytes: [UInt8] {
        switch self {
        case .null: []
        case .blob(let bytes): bytes
        case .integer, .real, .text: Array(string.utf8)
        }
    }
}
