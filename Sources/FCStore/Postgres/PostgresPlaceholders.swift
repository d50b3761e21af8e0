/// Turns the store's SQLite-style SQL into what PostgreSQL parses: `?` and `?NNN` parameters become `$N`, and a
/// script of several statements is split into single statements (the extended query protocol takes one at a time).
///
/// Numbering follows SQLite (https://www.sqlite.org/lang_expr.html#parameters): `?NNN` is parameter NNN, and a
/// bare `?` is one more than the largest number assigned so far, so `?, ?3, ?` is `$1, $3, $4`. Question marks and
/// semicolons inside string literals (`'…'`, with `''` escapes), quoted identifiers (`"…"`) and comments (`--` to
/// the end of the line, `/* … */`) are left alone.
package enum PostgresPlaceholders {
    /// `sql` with its parameters renumbered as `$N`, and how many parameters it takes (the largest number).
    package static func rewrite(_ sql: String) -> (sql: String, parameterCount: Int) {
        var largest = 0
        let rewritten = replacingParameters(in: sql, marker: UInt8(ascii: "?")) { number, _, _ in
            let number = number ?? largest + 1
            largest = max(largest, number)
            return Array("$\(number)".utf8)
        }
        return (rewritten, largest)
    }

    /// `sql` (already in PostgreSQL's `$N` style) with each parameter `$N` whose type `types[N - 1]` names cast
    /// to it (`$1::int8`), so that a statement prepared without declared parameter types (postgres-nio's named
    /// prepare sends none) gets the types the unnamed statement would have declared. `nil` leaves `$N` as it is:
    /// the server infers its type from where it stands, as it does for an untyped NULL today.
    package static func castingParameters(_ sql: String, to types: [String?]) -> String {
        replacingParameters(in: sql, marker: UInt8(ascii: "$")) { number, original, previous in
            // `$N` is a parameter unless it continues an identifier (`a$1` is a name).
            guard let number, previous.map(isIdentifierByte) != true, types.indices.contains(number - 1),
                let type = types[number - 1]
            else { return Array(original) }
            return Array(original) + Array("::\(type)".utf8)
        }
    }

    /// `sql` with each `marker` outside literals, quoted identifiers and comments, and the digits right after it,
    /// replaced by what `replace` returns for them: the digits' number (`nil` when there are none), the marker
    /// with its digits as written, and the byte before the marker.
    private static func replacingParameters(
        in sql: String, marker: UInt8,
        _ replace: (_ number: Int?, _ original: ArraySlice<UInt8>, _ previous: UInt8?) -> [UInt8]
    ) -> String {
        let bytes = Array(sql.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 16)
        var index = 0
        while index < bytes.count {
            let skipped = skipQuotedOrComment(bytes, from: index)
            if skipped > index {
                output.append(contentsOf: bytes[index..<skipped])
                index = skipped
                continue
            }
            guard bytes[index] == marker else {
                output.append(bytes[index])
                index += 1
                continue
            }
            let start = index
            index += 1
            var digits = 0
            var number = 0
            while index < bytes.count, let digit = digitValue(bytes[index]), number < 1_000_000 {
                number = number * 10 + digit
                digits += 1
                index += 1
            }
            let previous = start > 0 ? bytes[start - 1] : nil
            output.append(contentsOf: replace(digits > 0 ? number : nil, bytes[start..<index], previous))
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The statements of a script, split at semicolons outside literals and comments; blank pieces (and pieces
    /// that hold only comments) are dropped.
    package static func splitStatements(_ sql: String) -> [String] {
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

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$") || byte >= 0x80
            || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    private static func digitValue(_ byte: UInt8) -> Int? {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? Int(byte - UInt8(ascii: "0")) : nil
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
