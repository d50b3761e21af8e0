/// The kinds of material `fcgen generate --from` reads.
package enum SourceFormat: String, Sendable, CaseIterable, Hashable {
    /// Plain text: paragraphs separated by blank lines, no headings.
    case text
    /// Markdown: `#` headings (and `===`/`---` underlined ones) start sections.
    case markdown
    /// HTML, text only: tags, scripts and styles dropped, entities decoded, `<h1>`…`<h6>` start sections.
    case html
    /// PDF, read through poppler's `pdftotext`; each page starts a section.
    case pdf

    /// The format of a file, from its first bytes and then its name.
    ///
    /// Content wins where it is certain: `%PDF-` at the start (after a byte-order mark or white space) is a PDF and
    /// `<!doctype html` or `<html` is HTML whatever the name says. Otherwise the extension decides (`.md`,
    /// `.markdown`, `.html`, `.htm`, `.pdf`, …), and without one (standard input) a `#` heading in the first bytes
    /// makes Markdown, anything else plain text.
    ///
    /// ```swift
    /// SourceFormat.detect(fileName: "notes.md", prefix: Array("# Cells\n".utf8))   // .markdown
    /// ```
    package static func detect(fileName: String?, prefix: [UInt8]) -> SourceFormat {
        var start = prefix.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < prefix.count, [0x20, 0x09, 0x0A, 0x0D].contains(prefix[start]) { start += 1 }
        let head = prefix[start...]
        if head.starts(with: Array("%PDF-".utf8)) { return .pdf }
        let lowered = head.prefix(64).map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }
        if lowered.starts(with: Array("<!doctype html".utf8)) || lowered.starts(with: Array("<html".utf8)) {
            return .html
        }
        if let name = fileName, let format = byExtension(name) { return format }
        return looksLikeMarkdown(prefix) ? .markdown : .text
    }

    /// The format a file name's extension names, if any.
    static func byExtension(_ name: String) -> SourceFormat? {
        guard let dot = name.lastIndex(of: "."), !name[dot...].contains("/") else { return nil }
        switch name[name.index(after: dot)...].lowercased() {
        case "md", "markdown", "mdown", "mkd", "mdx": return .markdown
        case "html", "htm", "xhtml": return .html
        case "pdf": return .pdf
        case "txt", "text": return .text
        default: return nil
        }
    }

    /// A line of the prefix opens with an ATX heading (`# `…`###### `).
    private static func looksLikeMarkdown(_ prefix: [UInt8]) -> Bool {
        var lineStart = true
        var index = 0
        while index < prefix.count {
            if lineStart {
                var hashes = 0
                while index + hashes < prefix.count, prefix[index + hashes] == UInt8(ascii: "#") { hashes += 1 }
                if (1...6).contains(hashes), index + hashes < prefix.count, prefix[index + hashes] == 0x20 {
                    return true
                }
            }
            lineStart = prefix[index] == 0x0A
            index += 1
        }
        return false
    }
}
