/// Groups a reader's events into ``SourceSection``s of at most ``maxCharacters`` Unicode scalars.
///
/// A heading (or, with ``paged``, a page break) ends the section before it. A section that would grow past the
/// maximum ends at the last paragraph boundary that fits and the rest continues as its next part; a paragraph
/// longer than the maximum is cut at a line, and a line longer than it at a space. Headings without text under them
/// make no section of their own, but name the sections beneath them. Memory holds one section at most.
///
/// ```swift
/// var builder = SectionBuilder(maxCharacters: 6_000)
/// var sections = builder.consume(.heading(level: 1, title: "Cells", start: 0, end: 7))
/// sections += builder.finish()
/// ```
package struct SectionBuilder: Sendable {
    package let maxCharacters: Int
    package let paged: Bool
    private var headings: [(level: Int, title: String)] = []
    private var part = 1
    private var nextIndex = 1
    private var page = 1
    private var sectionPage = 1
    /// The section so far: its lines (continued pieces of one line are joined without a line break).
    private var section: [SourceLine] = []
    private var sectionLength = 0
    private var paragraph: [SourceLine] = []
    private var paragraphLength = 0
    /// Blank lines after the section's last paragraph: kept only if more text follows.
    private var blanks: [SourceLine] = []

    package init(maxCharacters: Int, paged: Bool = false) {
        self.maxCharacters = max(64, maxCharacters)
        self.paged = paged
    }

    /// The sections `event` completes.
    package mutating func consume(_ event: SourceEvent) -> [SourceSection] {
        var done: [SourceSection] = []
        switch event {
        case .text(let line):
            for piece in split(line) { addLine(piece, into: &done) }
        case .blank(let line):
            closeParagraph(into: &done)
            if !section.isEmpty { blanks.append(line) }
        case .heading(let level, let title, _, _):
            closeParagraph(into: &done)
            emit(into: &done)
            while let last = headings.last, last.level >= level { headings.removeLast() }
            headings.append((level, title.isEmpty ? "(untitled)" : title))
            part = 1
        case .pageBreak:
            closeParagraph(into: &done)
            if paged {
                emit(into: &done)
                part = 1
            }
            page += 1
        }
        return done
    }

    /// The last section.
    package mutating func finish() -> [SourceSection] {
        var done: [SourceSection] = []
        closeParagraph(into: &done)
        emit(into: &done)
        return done
    }

    private mutating func addLine(_ line: SourceLine, into done: inout [SourceSection]) {
        let length = line.end - line.start
        if !paragraph.isEmpty, paragraphLength + 1 + length > maxCharacters { closeParagraph(into: &done) }
        if section.isEmpty && paragraph.isEmpty { sectionPage = page }
        paragraphLength += (paragraph.isEmpty ? 0 : 1) + length
        paragraph.append(line)
    }

    private mutating func closeParagraph(into done: inout [SourceSection]) {
        guard !paragraph.isEmpty else { return }
        let gap = blanks.reduce(0) { $0 + 1 + ($1.end - $1.start) }
        if !section.isEmpty, sectionLength + gap + 1 + paragraphLength > maxCharacters {
            emit(into: &done)
            part += 1
            sectionPage = page
        }
        if !section.isEmpty {
            section += blanks
            sectionLength += gap + 1
        }
        blanks.removeAll()
        section += paragraph
        sectionLength += paragraphLength
        paragraph.removeAll(keepingCapacity: true)
        paragraphLength = 0
    }

    private mutating func emit(into done: inout [SourceSection]) {
        defer {
            section.removeAll(keepingCapacity: true)
            blanks.removeAll()
            sectionLength = 0
        }
        guard let first = section.first, let last = section.last else { return }
        var text = ""
        text.reserveCapacity(sectionLength)
        for (position, line) in section.enumerated() {
            if position > 0 && !line.continued { text += "\n" }
            text += line.text
        }
        let path = headings.map(\.title)
        var title: String
        if !path.isEmpty {
            title = path.joined(separator: " > ")
        } else if paged {
            title = "page \(sectionPage)"
        } else {
            title = first.number == last.number ? "line \(first.number)" : "lines \(first.number)–\(last.number)"
        }
        if part > 1 { title += " (part \(part))" }
        done.append(
            SourceSection(
                index: nextIndex, title: title, headings: path, text: text, start: first.start, end: last.end,
                page: paged ? sectionPage : nil, firstLine: first.number, lastLine: last.number))
        nextIndex += 1
    }

    /// A line longer than the maximum, cut at spaces into pieces that fit (the later ones `continued`).
    private func split(_ line: SourceLine) -> [SourceLine] {
        guard line.end - line.start > maxCharacters else { return [line] }
        var pieces: [SourceLine] = []
        var scalars = Substring(line.text).unicodeScalars
        var start = line.start
        var continued = line.continued
        while scalars.count > maxCharacters {
            let window = scalars.prefix(maxCharacters)
            var cut = window.endIndex
            if let space = window.lastIndex(of: " "),
                scalars.distance(from: scalars.startIndex, to: space) > maxCharacters / 2
            {
                cut = scalars.index(after: space)
            }
            let count = scalars.distance(from: scalars.startIndex, to: cut)
            pieces.append(
                SourceLine(
                    text: String(scalars[..<cut]), start: start, end: start + count,
                    number: line.number, continued: continued))
            start += count
            continued = true
            scalars = scalars[cut...]
        }
        pieces.append(
            SourceLine(
                text: String(scalars), start: start, end: line.end, number: line.number,
                continued: continued))
        return pieces
    }
}
