/// A script of several SQL statements (a migration file, a test's DDL) as its single statements.
///
/// Hand-written because no library here does it: postgres-nio speaks only PostgreSQL's extended query protocol,
/// which takes one statement at a time (its simple query protocol, which takes a script, is not implemented), and
/// SQLite's `sqlite3_prepare` splits scripts only for SQLite. Semicolons inside string literals (`'…'`, with `''`
/// escapes), quoted identifiers (`"…"`) and comments (`--` to the end of the line, `/* … */`) do not split.
package enum SQLScript {
    /// The statements of a script, split at semicolons outside literals and comments; blank pieces (and pieces
    /// that hold only comments) are dropped.
    package static func statements(of sql: String) -> [String] {
        let bytes = Array(sql.utf8)
        var statements: [String] = []
        var start = 0
        var hasCode = false
        var index = 0
        func finish(upTo end: Int) {
            if hasCode {
                let text = String(decoding: bytes[start..<end], as: UTF8.self)
                statements.append(text.trimmingWhitespace())
            }
            hasCode = false
        }
        while index < bytes.count {
            let skipped = skipQuotedOrComment(bytes, from: index)
            if skipped > index {
                // A literal or quoted identifier is code; a comment alone is not a statement.
                if bytes[index] == UInt8(ascii: "'") || bytes[index] == UInt8(ascii: "\"") { hasCode = true }
                index = skipped
                continue
            }
            switch bytes[index] {
            case UInt8(ascii: ";"):
                finish(upTo: index)
                start = index + 1
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                break
            default:
                hasCode = true
            }
            index += 1
        }
        finish(upTo: bytes.count)
        return statements
    }

    /// When a literal, quoted identifier or comment starts at `index`, the index just past it; else `index`.
    /// An unterminated one runs to the end (PostgreSQL then reports the syntax error).
    private static func skipQuotedOrComment(_ bytes: [UInt8], from index: Int) -> Int {
        let byte = bytes[index]
        let next = index + 1 < bytes.count ? bytes[index + 1] : 0
        switch byte {
        case UInt8(ascii: "'"), UInt8(ascii: "\""):
            var cursor = index + 1
            while cursor < bytes.count {
                if bytes[cursor] == byte {
                    // A doubled quote is an escaped quote inside the literal.
                    if cursor + 1 < bytes.count && bytes[cursor + 1] == byte {
                        cursor += 2
                        continue
                    }
                    return cursor + 1
                }
                cursor += 1
            }
            return bytes.count
        case UInt8(ascii: "-") where next == UInt8(ascii: "-"):
            var cursor = index + 2
            while cursor < bytes.count && bytes[cursor] != UInt8(ascii: "\n") { cursor += 1 }
            return cursor
        case UInt8(ascii: "/") where next == UInt8(ascii: "*"):
            var cursor = index + 2
            while cursor + 1 < bytes.count {
                if bytes[cursor] == UInt8(ascii: "*") && bytes[cursor + 1] == UInt8(ascii: "/") { return cursor + 2 }
                cursor += 1
            }
            return bytes.count
        default:
            return index
        }
    }

}

extension String {
    /// The string without leading and trailing spaces, tabs and line breaks (no Foundation needed).
    fileprivate func trimmingWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
