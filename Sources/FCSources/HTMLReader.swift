/// HTML, text only: tags dropped, `<script>`, `<style>`, `<title>`, `<template>` and `<noscript>` dropped with their
/// content, comments dropped, entities decoded, white space collapsed; block elements end a line (`<p>`, `<div>`,
/// lists and tables also a paragraph) and `<h1>`…`<h6>` are headings.
///
/// A streaming state machine over the decoded text, so memory stays bounded by one line of text (cut at
/// ``maxLineScalars``) whatever the page's size. Offsets are those of the raw HTML: a line's span runs from its
/// first to its last character of text, a heading's from its `<h1>` to its `</h1>`.
package struct HTMLReader: SourceEventReader {
    private enum State {
        case text, tagOpen, tag, comment, rawText(String)
    }

    /// A line of text longer than this is ended at the next white space.
    package static let maxLineScalars = 4_000
    private static let rawTextElements: Set<String> = ["script", "style", "title", "template", "noscript"]
    private static let paragraphElements: Set<String> = [
        "p", "div", "section", "article", "main", "header", "footer", "nav", "aside", "blockquote", "pre", "table",
        "ul", "ol", "dl", "hr", "figure", "form", "details", "address", "body",
    ]
    private static let lineElements: Set<String> = [
        "br", "li", "dt", "dd", "tr", "td", "th", "caption", "figcaption", "summary", "option", "head", "html",
    ]

    private var state = State.text
    private var tagBuffer = ""
    private var tagStart = 0
    private var quote: Unicode.Scalar?
    private var window: [Unicode.Scalar] = []
    private var entity: String?
    private var entityStart = 0
    private var line = String.UnicodeScalarView()
    private var lineScalars = 0
    private var lineStart = 0
    private var lineEnd = 0
    private var lineNumber = 1
    private var currentLine = 1
    private var pendingSpace = false
    private var heading: (level: Int, start: Int)?
    private var headingText = ""
    private var lastWasBlank = true
    private var events: [SourceEvent] = []

    package init() {}

    package mutating func consume(_ source: SourceLine) -> [SourceEvent] {
        currentLine = source.number
        var offset = source.start
        for scalar in source.text.unicodeScalars {
            feed(scalar, at: offset)
            offset += 1
        }
        feed("\n", at: source.end)
        defer { events.removeAll(keepingCapacity: true) }
        return events
    }

    package mutating func finish() -> [SourceEvent] {
        flushEntity()
        if heading != nil {
            heading = nil
            appendText(headingText, start: lineEnd, end: lineEnd)
        }
        flushLine()
        defer { events.removeAll() }
        return events
    }

    private mutating func feed(_ scalar: Unicode.Scalar, at offset: Int) {
        switch state {
        case .text:
            feedText(scalar, at: offset)
        case .tagOpen:
            if scalar == "/" || scalar == "!" || scalar == "?" || scalar.properties.isAlphabetic {
                state = .tag
                tagBuffer = String(scalar)
            } else {
                state = .text
                appendText("<", start: tagStart, end: tagStart + 1)
                feedText(scalar, at: offset)
            }
        case .tag:
            if let open = quote {
                if scalar == open { quote = nil }
            } else if scalar == "\"" || scalar == "'" {
                quote = tagBuffer.hasPrefix("!") ? nil : scalar
            } else if scalar == ">" {
                state = .text
                endTag(at: offset + 1)
            } else if tagBuffer.unicodeScalars.count < 64 {
                tagBuffer.unicodeScalars.append(scalar)
                if tagBuffer == "!--" {
                    state = .comment
                    window.removeAll()
                }
            }
        case .comment:
            if scalar == ">", window.suffix(2) == ["-", "-"] {
                state = .text
            } else {
                window = Array((window + [scalar]).suffix(2))
            }
        case .rawText(let name):
            window.append(lowercased(scalar))
            if window.count > name.unicodeScalars.count + 2 { window.removeFirst() }
            let closing = Array(("</" + name).unicodeScalars)
            if window.count >= closing.count, Array(window.suffix(closing.count)) == closing {
                state = .tag
                tagBuffer = "/" + name
                tagStart = offset + 1 - closing.count
                window.removeAll()
            }
        }
    }

    private mutating func feedText(_ scalar: Unicode.Scalar, at offset: Int) {
        if var name = entity {
            if scalar == ";" {
                decodeEntity(end: offset + 1)
                return
            }
            let partOfName = scalar.properties.isAlphabetic || scalar == "#" || ("0"..."9").contains(scalar)
            if partOfName && name.unicodeScalars.count < 32 {
                name.unicodeScalars.append(scalar)
                entity = name
                return
            }
            flushEntity()
        }
        switch scalar {
        case "<":
            state = .tagOpen
            tagStart = offset
        case "&":
            entity = ""
            entityStart = offset
        case _ where scalar.properties.isWhitespace:
            pendingSpace = true
        default:
            appendText(String(scalar), start: offset, end: offset + 1)
        }
    }

    private mutating func decodeEntity(end: Int) {
        let name = entity ?? ""
        entity = nil
        guard let decoded = HTMLEntities.decode(name) else {
            appendText("&" + name + ";", start: entityStart, end: end)
            return
        }
        if decoded == " " {
            pendingSpace = true
        } else {
            appendText(decoded, start: entityStart, end: end)
        }
    }

    /// An `&` that turned out not to start an entity is text.
    private mutating func flushEntity() {
        guard let name = entity else { return }
        entity = nil
        appendText("&" + name, start: entityStart, end: entityStart + 1 + name.unicodeScalars.count)
    }

    private mutating func appendText(_ text: String, start: Int, end: Int) {
        guard !text.isEmpty else { return }
        if heading != nil {
            if pendingSpace && !headingText.isEmpty { headingText += " " }
            pendingSpace = false
            if headingText.count < 300 { headingText += text }
            return
        }
        if pendingSpace && lineScalars >= Self.maxLineScalars { flushLine() }
        if line.isEmpty {
            lineStart = start
            lineNumber = currentLine
        } else if pendingSpace {
            line.append(" ")
            lineScalars += 1
        }
        pendingSpace = false
        line.append(contentsOf: text.unicodeScalars)
        lineScalars += text.unicodeScalars.count
        lineEnd = end
    }

    private mutating func flushLine() {
        pendingSpace = false
        guard !line.isEmpty else { return }
        events.append(.text(SourceLine(text: String(line), start: lineStart, end: lineEnd, number: lineNumber)))
        lastWasBlank = false
        line = String.UnicodeScalarView()
        lineScalars = 0
    }

    private mutating func endTag(at end: Int) {
        let buffer = tagBuffer
        quote = nil
        guard let first = buffer.unicodeScalars.first, first != "!", first != "?" else { return }
        let closing = first == "/"
        let name = String(
            String.UnicodeScalarView(
                buffer.unicodeScalars.dropFirst(closing ? 1 : 0).prefix {
                    $0.properties.isAlphabetic || ("0"..."9").contains($0)
                }
                .map(lowercased)))
        if !closing, Self.rawTextElements.contains(name), !buffer.hasSuffix("/") {
            state = .rawText(name)
            window.removeAll()
            return
        }
        if name.count == 2, name.first == "h", let level = Int(name.dropFirst()), (1...6).contains(level) {
            if closing {
                if let open = heading {
                    heading = nil
                    pendingSpace = false
                    let title = headingText
                    headingText = ""
                    if !title.isEmpty {
                        events.append(.heading(level: open.level, title: title, start: open.start, end: end))
                        lastWasBlank = false
                    }
                }
            } else {
                flushLine()
                heading = (level, tagStart)
                headingText = ""
            }
            return
        }
        if heading != nil {
            if Self.lineElements.contains(name) || Self.paragraphElements.contains(name) { pendingSpace = true }
            return
        }
        if Self.paragraphElements.contains(name) {
            flushLine()
            if !lastWasBlank {
                events.append(.blank(SourceLine(text: "", start: tagStart, end: tagStart, number: currentLine)))
                lastWasBlank = true
            }
        } else if Self.lineElements.contains(name) {
            flushLine()
        }
    }

    private func lowercased(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        ("A"..."Z").contains(scalar) ? Unicode.Scalar(UInt8(scalar.value + 32)) : scalar
    }
}
