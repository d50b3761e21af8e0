/// Walks parsed JSON and collects the card objects, whatever the reply wrapped them in.
///
/// Accepted shapes: a list of cards; a single card object; any object that holds cards under one or more keys,
/// however deep (`{"cards": […]}`, `{"flashcards": …}`, `{"data": {"items": […]}}`); a string holding JSON
/// (`"[{\"question\": …}]"`, or fenced JSON inside a string), read again with the full reader. Inside a list that holds at least one card, every
/// element that is no card counts as `malformed`. A card object the reply ended inside of counts as `truncated`,
/// unless its question and answer were complete before the cut: then it is kept (salvage before drop), without the
/// member the cut fell in, and the reply counts as lossy.
struct CardExtractor {
    private(set) var reply = ParsedReply()
    let nesting: Int

    init(nesting: Int) {
        self.nesting = nesting
    }

    /// Collects the cards in `value`; returns whether it found anything card-shaped.
    mutating func collect(_ value: ParsedJSON) -> Bool {
        let before = reply.foundCount
        visit(value, inCardList: false)
        return reply.foundCount > before
    }

    private mutating func visit(_ value: ParsedJSON, inCardList: Bool) {
        switch value {
        case .object(let members, let truncated):
            if FieldAliases.isCardLike(members) {
                if !truncated {
                    reply.objects.append(members)
                } else if Self.hasQuestionAndAnswer(members) {
                    // Cut off after its question and answer were complete (in the explanation, the type, the
                    // options): whole enough to study. The member the reply ended in is already left out.
                    reply.objects.append(members)
                    reply.isLossy = true
                } else {
                    reply.truncatedObjects += 1
                }
                return
            }
            let before = reply.foundCount
            for member in members { visit(member.value, inCardList: false) }
            guard inCardList && reply.foundCount == before else { return }
            // In a card list, an object cut off before its first complete field was still a card.
            if truncated { reply.truncatedObjects += 1 } else { reply.malformed += 1 }
        case .array(let elements, _):
            let isCardList = elements.contains { element in
                if case .object(let members, _) = element { return FieldAliases.isCardLike(members) }
                return false
            }
            for element in elements { visit(element, inCardList: isCardList) }
        case .string(let text):
            if !visitEmbeddedJSON(text) && inCardList { reply.malformed += 1 }
        case .number, .bool, .null:
            if inCardList { reply.malformed += 1 }
        }
    }

    /// Reads a string that holds JSON (a reply encoded twice) with the full reader.
    private mutating func visitEmbeddedJSON(_ text: String) -> Bool {
        guard nesting < ReplyReader.maxNesting, Self.looksLikeJSON(text) else { return false }
        var text = text
        let inner = text.withUTF8 { ReplyReader.read($0, nesting: nesting + 1) }
        guard inner.foundCount > 0 else { return false }
        reply.merge(inner)
        reply.repairs.insert(.jsonString)
        return true
    }

    /// Whether a card object has a non-empty question and a non-empty answer, both strings.
    private static func hasQuestionAndAnswer(_ members: [ParsedJSON.Member]) -> Bool {
        var question = false
        var answer = false
        for member in members {
            guard case .string(let text) = member.value, text.contains(where: { !$0.isWhitespace }) else { continue }
            switch FieldAliases.role(for: member.key) {
            case .question: question = true
            case .answer: answer = true
            default: break
            }
        }
        return question && answer
    }

    /// Starts with `[`, `{` or a code fence (`{"output": "```json\n[…]\n```"}`).
    private static func looksLikeJSON(_ text: String) -> Bool {
        var utf8 = text.utf8.drop(while: ASCII.isWhitespace)
        guard let first = utf8.first else { return false }
        if first == ASCII.openBracket || first == ASCII.openBrace { return true }
        guard first == UInt8(ascii: "`") || first == UInt8(ascii: "~") else { return false }
        utf8 = utf8.prefix(3)
        return utf8.count == 3 && utf8.allSatisfy { $0 == first }
    }
}
