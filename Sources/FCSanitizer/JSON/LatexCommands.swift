/// Decides whether `\b`, `\f`, `\n`, `\r` or `\t` in a JSON string is a LaTeX command rather than an escape.
///
/// Models write `"\frac{1}{2}"` meaning the LaTeX command, which JSON reads as a form feed followed by `rac{1}{2}`.
/// The rule (in both strict and lenient mode):
///
/// 1. Take the escape letter and every ASCII letter after it: `\frac{` gives `frac`, `\nThe` gives `nThe`.
/// 2. If that word is a known LaTeX command starting with b, f, n, r or t (`frac`, `beta`, `nabla`, `theta`,
///    `rho`, `text`, `times`, …) the backslash is kept and the letters are text.
/// 3. Otherwise, if the string is inside math (an open `$…$`, `$$…$$`, `\(…\)` or `\[…\]` in the decoded text so
///    far) and the word is at least two lowercase letters, the backslash is kept too (`$\bmatrix$`).
/// 4. Otherwise it is the JSON escape: `"Line one\nThe end"` still has a newline.
///
/// Short words that are common after a line break in prose (`\ne` before "e.g.", `\ni` before "i.e.") are left
/// out of the list on purpose. A `$` opens math only when a non-blank, non-digit follows it, so prices ("$5") do
/// not count.
enum LatexCommands {
    /// Whether the escape letter at `index` starts a LaTeX command (see the rule above).
    ///
    /// - Parameters:
    ///   - decodedSoFar: the string's content decoded up to the backslash.
    ///   - math: the math state of `decodedSoFar`, advanced incrementally so a long string is scanned once.
    static func startsCommand(
        in bytes: UnsafeBufferPointer<UInt8>,
        at index: Int,
        decodedSoFar: [UInt8],
        math: inout MathSpan
    ) -> Bool {
        var end = index + 1
        while end < bytes.count && ASCII.isLetter(bytes[end]) { end += 1 }
        let length = end - index
        guard length >= 2 else { return false }
        if length <= longestName {
            let word = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self)
            if names.contains(word) { return true }
        }
        let isLowercase = (index..<end).allSatisfy { bytes[$0] &- 0x61 < 26 }
        return isLowercase && math.isOpen(after: decodedSoFar)
    }

    private static let longestName = names.map(\.utf8.count).max() ?? 0

    /// LaTeX commands whose first letter is a JSON escape letter.
    static let names: Set<String> = [
        // b
        "backslash", "bar", "barwedge", "because", "begin", "beta", "bf", "big", "bigcap", "bigcirc", "bigcup",
        "bigg", "biggl", "biggr", "bigl", "bigodot", "bigoplus", "bigotimes", "bigr", "bigsqcup", "bigstar",
        "biguplus", "bigvee", "bigwedge", "binom", "blacksquare", "bm", "bmod", "boldsymbol", "bot", "bowtie",
        "boxed", "boxminus", "boxplus", "boxtimes", "breve", "bullet",
        // f
        "fallingdotseq", "fbox", "flat", "footnote", "footnotesize", "forall", "frac", "frak", "frown",
        // n
        "nabla", "natural", "nearrow", "neg", "negthinspace", "neq", "newcommand", "newline", "newpage", "nexists",
        "ngeq", "ngtr", "nleftarrow", "nleftrightarrow", "nleq", "nless", "nmid", "noindent", "nolimits", "nonumber",
        "normalsize", "not", "notag", "notin", "nparallel", "nprec", "nrightarrow", "nsim", "nsubseteq", "nsucc",
        "nsupseteq", "ntriangleleft", "ntriangleright", "nu", "nvdash", "nwarrow", "ncong",
        // r
        "raggedright", "raisebox", "rangle", "rbrace", "rbrack", "rceil", "ref", "renewcommand", "restriction",
        "rfloor", "rho", "right", "rightarrow", "rightharpoondown", "rightharpoonup", "rightleftharpoons",
        "rightrightarrows", "rightsquigarrow", "risingdotseq", "rm", "rmoustache", "rtimes", "rule", "rvert",
        // t
        "tag", "tan", "tanh", "tau", "tbinom", "text", "textasciitilde", "textbackslash", "textbf", "textcolor",
        "textdegree", "textellipsis", "textemdash", "textendash", "textit", "textmd", "textnormal", "textrm",
        "textsc", "textsf", "textstyle", "textsubscript", "textsuperscript", "texttt", "textup", "tfrac",
        "therefore", "theta", "thickapprox", "thicksim", "thinspace", "tilde", "times", "tiny", "to", "top",
        "triangle", "triangledown", "triangleleft", "trianglelefteq", "triangleq", "triangleright",
        "trianglerighteq", "tt", "twoheadleftarrow", "twoheadrightarrow",
    ]
}
