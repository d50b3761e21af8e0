import Foundation

/// A parsed prompt template: text, `{{placeholder}}`s and `{{#name}}…{{/name}}` sections.
///
/// `\{{` is a literal `{{` (the backslash is dropped), so a template can show the model Anki's cloze syntax,
/// `\{{c1::Romulus}}`, without it being read as a placeholder.
///
/// A section is kept only when its placeholder's value is not empty (the avoid-list block disappears when there is
/// nothing to avoid). A section tag alone on its line takes the line with it, so removing a section leaves no blank
/// line behind. Placeholders are checked against a known list when the template is parsed, so a typo fails at load
/// time, not as a literal `{{topic }}` in a prompt.
package struct Template: Sendable, Hashable {
    package indirect enum Node: Sendable, Hashable {
        case text(String)
        case placeholder(String)
        case section(String, [Node])
    }

    package var nodes: [Node]

    /// - Throws: ``GeneratorError/unknownPlaceholder(file:placeholder:)`` or
    ///   ``GeneratorError/invalidTemplate(file:detail:)``.
    package init(parsing source: String, file: String, known: Set<String>) throws(GeneratorError) {
        var stack: [(name: String, nodes: [Node])] = [("", [])]
        for token in try Self.tokenize(source, file: file) {
            switch token {
            case .text(let text):
                stack[stack.count - 1].nodes.append(.text(text))
            case .tag(let sigil, let name):
                guard known.contains(name) else { throw .unknownPlaceholder(file: file, placeholder: name) }
                switch sigil {
                case "#":
                    stack.append((name, []))
                case "/":
                    guard stack.count > 1, let open = stack.last, open.name == name else {
                        throw .invalidTemplate(file: file, detail: "{{/\(name)}} closes no open {{#\(name)}}")
                    }
                    stack.removeLast()
                    stack[stack.count - 1].nodes.append(.section(name, open.nodes))
                default:
                    stack[stack.count - 1].nodes.append(.placeholder(name))
                }
            }
        }
        guard stack.count == 1, let root = stack.first else {
            throw .invalidTemplate(file: file, detail: "{{#\(stack.last?.name ?? "")}} is never closed")
        }
        nodes = root.nodes
    }

    /// The template with placeholders replaced by `values` (missing values render empty).
    package func render(_ values: [String: String]) -> String {
        var output = ""
        Self.render(nodes, values: values, into: &output)
        return output
    }

    private static func render(_ nodes: [Node], values: [String: String], into output: inout String) {
        for node in nodes {
            switch node {
            case .text(let text): output += text
            case .placeholder(let name): output += values[name] ?? ""
            case .section(let name, let children):
                if let value = values[name], !value.isEmpty { render(children, values: values, into: &output) }
            }
        }
    }

    private enum Token {
        case text(String)
        /// `sigil` is `#`, `/` or empty.
        case tag(sigil: String, name: String)
    }

    private static func tokenize(_ source: String, file: String) throws(GeneratorError) -> [Token] {
        var tokens: [Token] = []
        var rest = Substring(source)
        // Text before the next tag, literal `{{`s from `\{{` included: one text token per gap between tags.
        var pending = ""
        while let open = rest.range(of: "{{") {
            let before = rest[..<open.lowerBound]
            if before.last == "\\" {
                pending += before.dropLast() + "{{"
                rest = rest[open.upperBound...]
                continue
            }
            tokens.append(.text(pending + before))
            pending = ""
            guard let close = rest[open.upperBound...].range(of: "}}") else {
                throw .invalidTemplate(file: file, detail: "a {{ is never closed with }}")
            }
            var inner = Substring(rest[open.upperBound..<close.lowerBound].trimmed)
            var sigil = ""
            if let first = inner.first, first == "#" || first == "/" {
                sigil = String(first)
                inner = Substring(inner.dropFirst().trimmed)
            }
            tokens.append(.tag(sigil: sigil, name: String(inner)))
            rest = rest[close.upperBound...]
        }
        tokens.append(.text(pending + rest))
        return removeStandaloneSectionLines(tokens)
    }

    /// Mustache's "standalone tag" rule for section tags: a section tag with only whitespace around it on its line
    /// removes that whole line, newline included.
    private static func removeStandaloneSectionLines(_ tokens: [Token]) -> [Token] {
        var tokens = tokens
        // The text token whose first line a removal took: a tag right after it starts a line too (two section
        // tags on consecutive lines, `{{/a}}` then `{{#b}}`, would otherwise leave a blank line behind).
        var consumedLineOf: Int?
        for index in tokens.indices {
            guard case .tag(let sigil, _) = tokens[index], !sigil.isEmpty,
                index > 0, case .text(let before) = tokens[index - 1],
                index + 1 < tokens.count, case .text(let after) = tokens[index + 1]
            else { continue }
            let lineStart = before.lastIndex(of: "\n").map { before.index(after: $0) } ?? before.startIndex
            let atLineStart = before.lastIndex(of: "\n") != nil || index == 1 || consumedLineOf == index - 1
            guard atLineStart, before[lineStart...].allSatisfy({ $0 == " " || $0 == "\t" }) else { continue }
            let lineEnd = after.firstIndex(of: "\n")
            let trailing = after[..<(lineEnd ?? after.endIndex)]
            guard trailing.allSatisfy({ $0 == " " || $0 == "\t" }) else { continue }
            tokens[index - 1] = .text(String(before[..<lineStart]))
            tokens[index + 1] = .text(lineEnd.map { String(after[after.index(after: $0)...]) } ?? "")
            consumedLineOf = lineEnd == nil ? nil : index + 1
        }
        return tokens
    }
}
