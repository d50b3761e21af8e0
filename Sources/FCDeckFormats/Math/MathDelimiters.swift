/// Converts TeX dollar maths to the delimiters MathJax (and so Anki) renders: `$…$` → `\(…\)`, `$$…$$` → `\[…\]`.
///
/// A `$` opens inline maths only when a non-blank, non-digit follows it, and closes it only when a non-blank
/// precedes it and no digit follows (pandoc's rule), so prices ("$5 and $6") stay text. `\$` is a literal dollar.
/// `\(…\)` and `\[…\]` pass through unchanged, content included. An unclosed `$` stays as it was.
///
/// ```swift
/// MathDelimiters.mathJax("Solve $x^2 = 4$, see $$\\int f$$") // "Solve \\(x^2 = 4\\), see \\[\\int f\\]"
/// ```
public enum MathDelimiters {
    /// - Parameter literalDollar: what a `\$` outside maths becomes (`$`; Anki's HTML export writes `&#36;`, so
    ///   that reading the file back gives `\$` again instead of a `$` that might pair up as maths).
    public static func mathJax(_ text: String, literalDollar: String = "$") -> String {
        let scalars = Array(text.unicodeScalars)
        guard scalars.contains("$") else { return text }
        var output = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\\", index + 1 < scalars.count {
                let next = scalars[index + 1]
                if next == "(" || next == "[", let end = closingMathJax(scalars, from: index + 2, opener: next) {
                    output.append(contentsOf: scalars[index..<end])
                    index = end
                    continue
                }
                if next == "$" {
                    output.append(contentsOf: literalDollar.unicodeScalars)
                } else {
                    output.append(scalar)
                    output.append(scalars[index + 1])
                }
                index += 2
                continue
            }
            guard scalar == "$" else {
                output.append(scalar)
                index += 1
                continue
            }
            let isDisplay = index + 1 < scalars.count && scalars[index + 1] == "$"
            if isDisplay, let close = closingDisplay(scalars, from: index + 2) {
                output.append(contentsOf: "\\[".unicodeScalars)
                output.append(contentsOf: scalars[(index + 2)..<close])
                output.append(contentsOf: "\\]".unicodeScalars)
                index = close + 2
            } else if !isDisplay, let close = closingInline(scalars, from: index + 1) {
                output.append(contentsOf: "\\(".unicodeScalars)
                output.append(contentsOf: scalars[(index + 1)..<close])
                output.append(contentsOf: "\\)".unicodeScalars)
                index = close + 1
            } else {
                output.append(scalar)
                index += isDisplay ? 2 : 1
                if isDisplay { output.append("$") }
            }
        }
        return String(output)
    }

    /// The index just past the `\\)` or `\\]` that closes maths opened at `from` (escaped pairs skipped).
    private static func closingMathJax(_ scalars: [Unicode.Scalar], from start: Int, opener: Unicode.Scalar) -> Int? {
        let closer: Unicode.Scalar = opener == "(" ? ")" : "]"
        var index = start
        while index + 1 < scalars.count {
            if scalars[index] == "\\" {
                if scalars[index + 1] == closer { return index + 2 }
                index += 2
                continue
            }
            index += 1
        }
        return nil
    }

    private static func closingDisplay(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        var index = start
        while index + 1 < scalars.count {
            if scalars[index] == "\\" {
                index += 2
                continue
            }
            if scalars[index] == "$" && scalars[index + 1] == "$" { return index > start ? index : nil }
            index += 1
        }
        return nil
    }

    private static func closingInline(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        guard start < scalars.count, !isBlank(scalars[start]), !isDigit(scalars[start]) else { return nil }
        var index = start
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\\" {
                index += 2
                continue
            }
            if scalar == "\n" { return nil }
            if scalar == "$" {
                let followedByDigit = index + 1 < scalars.count && isDigit(scalars[index + 1])
                if !isBlank(scalars[index - 1]) && !followedByDigit { return index }
                return nil
            }
            index += 1
        }
        return nil
    }

    private static func isBlank(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.isWhitespace }
    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }
}
