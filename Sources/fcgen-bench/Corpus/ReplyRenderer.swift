import FCCore

/// One reply of a corpus: the text a provider returned and whether it said the output was cut.
struct CorpusReply {
    var style: String
    var text: String
    var truncated: Bool
}

/// Writes generated cards as a model reply in a given ``ReplyStyle``.
struct ReplyRenderer {
    private var random: SplitMix64

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    mutating func render(_ cards: [GeneratedCard], style: ReplyStyle, topic: String) -> CorpusReply {
        let pretty = Bool.random(using: &random)
        var truncated = false
        let text: String
        switch style {
        case .strict:
            text = Self.wrapper("cards", cards.map { Self.standardMembers($0) }, JSONSyntax(pretty: pretty))
        case .fencedProse:
            let body = Self.array(cards.map { Self.standardMembers($0) }, JSONSyntax(pretty: true))
            text =
                "Here are \(cards.count) flashcards about \(topic):\n\n```json\n\(body)\n```\n\n"
                + "Let me know if you'd like more cards, or a different difficulty!"
        case .thinkBlock:
            text =
                Self.thinking(topic: topic, first: cards.first) + "\n\n"
                + Self.wrapper("cards", cards.map { Self.standardMembers($0) }, JSONSyntax(pretty: false))
        case .trailingCommas:
            text = Self.wrapper(
                "cards", cards.map { Self.standardMembers($0) }, JSONSyntax(pretty: true, trailingCommas: true))
        case .smartQuotes:
            text = Self.array(cards.map { Self.standardMembers($0) }, JSONSyntax(pretty: pretty, open: "“", close: "”"))
        case .pythonDict:
            text = Self.array(cards.map(Self.pythonMembers), JSONSyntax(pretty: false, open: "'", close: "'"))
        case .latex:
            text = Self.wrapper("cards", cards.map(Self.latexMembers), JSONSyntax(pretty: pretty, escapesLaTeX: false))
        case .truncated:
            let whole = Self.wrapper("cards", cards.map { Self.standardMembers($0) }, JSONSyntax(pretty: pretty))
            let cut = Int(Double(whole.utf8.count) * Double.random(in: 0.55..<0.9, using: &random))
            text = String(decoding: whole.utf8.prefix(cut), as: UTF8.self)
            truncated = Bool.random(using: &random)  // half say so (finish_reason length), half must be detected
        case .ndjson:
            text = cards.map { Self.object(Self.standardMembers($0), JSONSyntax(pretty: false)) }
                .joined(separator: "\n")
        case .wrapperAliases:
            text = Self.aliasWrapper(cards, topic: topic, nested: Bool.random(using: &random))
        }
        return CorpusReply(style: style.rawValue, text: text, truncated: truncated)
    }

    // MARK: Card members

    static func standardMembers(_ card: GeneratedCard) -> [(String, JSONSyntax.Value)] {
        var members: [(String, JSONSyntax.Value)] = [
            ("question", .string(card.question)), ("answer", .string(card.answer)),
        ]
        if let explanation = card.explanation { members.append(("explanation", .string(explanation))) }
        members.append(("type", .string(card.kind.rawValue)))
        return members
    }

    private static func pythonMembers(_ card: GeneratedCard) -> [(String, JSONSyntax.Value)] {
        let answer: JSONSyntax.Value =
            card.kind == .truefalse ? .literal(card.answer == "True" ? "True" : "False") : .string(card.answer)
        return [
            ("question", .string(card.question)), ("answer", answer),
            ("explanation", card.explanation.map { .string($0) } ?? .literal("None")),
            ("type", .string(card.kind.rawValue)),
        ]
    }

    /// A math card about the same subject, its LaTeX written with single backslashes as models often do.
    private static func latexMembers(_ card: GeneratedCard) -> [(String, JSONSyntax.Value)] {
        let a = card.question.utf8.count % 9 + 2
        let b = card.answer.utf8.count % 7 + 3
        return [
            (
                "question",
                .string(
                    #"Simplify \(\frac{\#(a)}{\#(b)} + \frac{1}{\#(b)}\), the ratio asked about in: \#(card.question)"#)
            ),
            ("answer", .string(#"\(\sqrt{\#(a * b)} \approx \#(a * b / 2)\), \beta = \#(b)"#)),
            ("explanation", .string(#"Multiply: \frac{\#(a)}{\#(b)} \times \#(b) = \#(a); then \nabla f = \theta."#)),
            ("type", .string("math")),
        ]
    }

    // MARK: Shapes

    private static func wrapper(_ key: String, _ cards: [[(String, JSONSyntax.Value)]], _ syntax: JSONSyntax) -> String
    {
        syntax.object([(key, .raw(array(cards, syntax)))], depth: 0)
    }

    private static func array(_ cards: [[(String, JSONSyntax.Value)]], _ syntax: JSONSyntax) -> String {
        syntax.array(cards.map { syntax.object($0, depth: 2) }, depth: 1)
    }

    private static func object(_ members: [(String, JSONSyntax.Value)], _ syntax: JSONSyntax) -> String {
        syntax.object(members, depth: 0)
    }

    private static func aliasWrapper(_ cards: [GeneratedCard], topic: String, nested: Bool) -> String {
        let syntax = JSONSyntax(pretty: true)
        if nested {
            let items = cards.map { card in
                syntax.object(
                    [("Q", .string(card.question)), ("A", .string(card.answer))]
                        + (card.explanation.map { [("notes", .string($0))] } ?? []), depth: 3)
            }
            let data = syntax.object([("items", .raw(syntax.array(items, depth: 2)))], depth: 1)
            return syntax.object([("data", .raw(data))], depth: 0)
        }
        let items = cards.map { card in
            syntax.object(
                [("front", .string(card.question)), ("back", .string(card.answer))]
                    + (card.explanation.map { [("rationale", .string($0))] } ?? [])
                    + [("card_type", .string(card.kind.rawValue))], depth: 2)
        }
        return syntax.object(
            [
                ("topic", .string(topic)), ("count", .literal("\(cards.count)")),
                ("flashcards", .raw(syntax.array(items, depth: 1))),
            ],
            depth: 0)
    }

    private static func thinking(topic: String, first: GeneratedCard?) -> String {
        let draft = first.map { #"Draft: {"question": "\#($0.question)", "answer": "?"}"# } ?? ""
        return """
            <think>
            The user wants flashcards about \(topic). I should vary the card types: mostly questions, a fill-in-the-blank \
            or two, a true/false, and a definition. Each answer must be short and each explanation should add a fact \
            the answer does not already state. \(draft) — no, that answer is too vague; I'll state the year instead. \
            Let me also avoid repeating the questions listed in the prompt, then output only JSON.
            </think>
            """
    }
}
