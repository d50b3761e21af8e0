/// Byte-level checks of card text: refusals, placeholders, fill-in blanks.
///
/// They compare ASCII case-insensitively and read ’ as ', without building lowercase copies of whole fields.
enum ContentChecks {
    /// Whether the text is a refusal: it starts with "I'm sorry", "As an AI", "I cannot", … or says
    /// "as an AI language model" anywhere.
    static func isRefusal(_ text: String) -> Bool {
        withBytes(text) { bytes in
            refusalOpenings.contains { startsWith($0, bytes) } || contains(aiLanguageModel, in: bytes)
        }
    }

    /// Whether the text is a placeholder rather than content: only dots or dashes ("...", "…"), "TBD", "N/A",
    /// "answer here", "<answer>", "[your answer]", or any text with "lorem ipsum" or a template's slot in it
    /// ("[i.e., question] is …", "The capital is <answer>.": brackets around the word question, answer,
    /// explanation, insert or placeholder).
    static func isPlaceholder(_ text: String) -> Bool {
        withBytes(text) { bytes in
            if contains(loremIpsum, in: bytes) || hasBracketedSlot(bytes) { return true }
            guard bytes.count <= 48 else { return false }
            if bytes.allSatisfy({ punctuationOnly.contains($0) }) { return true }
            var end = bytes.count
            while end > 0, bytes[end - 1] == ASCII.dot || bytes[end - 1] == UInt8(ascii: "!") { end -= 1 }
            let trimmed = UnsafeBufferPointer(rebasing: bytes[..<end])
            // Compared without a lowercase copy: only a text as long as a placeholder, or in brackets, can be one.
            if placeholderLengths.contains(end),
                placeholderBytes.contains(where: { $0.count == end && ByteSearch.matches($0, in: trimmed, at: 0) })
            {
                return true
            }
            guard end >= 3, bracketPairs.contains(where: { $0 == (trimmed[0], trimmed[end - 1]) }) else {
                return false
            }
            return isBracketedPlaceholder(trimmed.map { ASCII.lowercased($0) })
        }
    }

    /// Whether a fill-in question has a blank: `___` (three or more underscores), `[blank]`, `(blank)`, `[...]`,
    /// `[…]` or `{{…}}`.
    static func hasBlank(_ text: String) -> Bool {
        withBytes(text) { bytes in
            if contains(underscores, in: bytes) { return true }
            if blankMarkers.contains(where: { contains($0, in: bytes) }) { return true }
            guard let open = ByteSearch.firstIndex(of: openBraces, in: bytes) else { return false }
            return ByteSearch.firstIndex(of: closeBraces, in: bytes, from: open + 2) != nil
        }
    }

    // MARK: Tables

    private static let refusalOpenings: [[UInt8]] = [
        "i'm sorry", "i am sorry", "sorry, i ", "sorry, but", "as an ai", "as a language model", "i cannot",
        "i can't", "i can not", "i'm unable", "i am unable", "i'm not able", "i am not able", "i apologize",
        "i apologise", "i won't be able",
    ].map { Array($0.utf8) }

    private static let aiLanguageModel = Array("as an ai language model".utf8)
    private static let loremIpsum = Array("lorem ipsum".utf8)

    private static let placeholderTexts: Set<String> = [
        "tbd", "tba", "todo", "to do", "n/a", "na", "n.a", "placeholder", "answer", "question", "explanation",
        "answer here", "question here", "explanation here", "your answer", "your answer here", "your question",
        "your question here", "insert answer", "insert answer here", "insert question here", "add answer here",
        "answer goes here", "question goes here", "to be determined", "to be added", "fill in", "xxx", "lorem",
    ]

    private static let placeholderBytes = placeholderTexts.map { Array($0.utf8) }
    private static let placeholderLengths = Set(placeholderBytes.map(\.count))

    /// `.`, `…`, `-`, `_`, `?`, `*`, blanks: text made of nothing else says nothing.
    private static let punctuationOnly: Set<UInt8> = [
        ASCII.dot, ASCII.minus, ASCII.underscore, UInt8(ascii: "?"), UInt8(ascii: "*"), 0x20, 0x09, 0x0A,
        0xE2, 0x80, 0xA6,  // … is E2 80 A6
    ]

    private static let placeholderWords = ["answer", "question", "explanation", "insert", "placeholder", "your "]
        .map { Array($0.utf8) }

    private static let underscores = Array("___".utf8)
    private static let openBraces = Array("{{".utf8)
    private static let closeBraces = Array("}}".utf8)

    private static let blankMarkers = ["[blank]", "(blank)", "[...]", "[\u{2026}]"].map { Array($0.utf8) }

    /// `<answer>`, `[your answer]`, `{insert question}`, `{{answer}}`: brackets around a placeholder word.
    private static func isBracketedPlaceholder(_ lowered: [UInt8]) -> Bool {
        guard let first = lowered.first, let last = lowered.last, lowered.count >= 3 else { return false }
        guard bracketPairs.contains(where: { $0 == (first, last) }) else { return false }
        return lowered.withUnsafeBufferPointer { bytes in
            placeholderWords.contains { ByteSearch.firstIndex(of: $0, in: bytes) != nil }
        }
    }

    private static let slotWords = ["answer", "question", "explanation", "insert", "placeholder"].map {
        Array($0.utf8)
    }

    /// Whether `[…]` or `<…>` of at most 40 bytes somewhere in the text holds one of ``slotWords``: a slot of the
    /// template the model was shown, left unfilled. `[your name]` in a phrase to learn is no slot.
    private static func hasBracketedSlot(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            let open = bytes[index]
            let close =
                open == ASCII.openBracket ? ASCII.closeBracket : open == UInt8(ascii: "<") ? UInt8(ascii: ">") : 0
            index += 1
            guard close != 0 else { continue }
            var end = index
            while end < bytes.count, end - index <= 40, bytes[end] != close, bytes[end] != open { end += 1 }
            guard end < bytes.count, bytes[end] == close, end - index <= 40 else { continue }
            let span = UnsafeBufferPointer(rebasing: bytes[index..<end])
            if slotWords.contains(where: { ByteSearch.firstIndex(of: $0, in: span) != nil }) { return true }
        }
        return false
    }

    private static let bracketPairs: [(UInt8, UInt8)] = [
        (UInt8(ascii: "<"), UInt8(ascii: ">")), (ASCII.openBracket, ASCII.closeBracket),
        (ASCII.openBrace, ASCII.closeBrace), (UInt8(ascii: "("), UInt8(ascii: ")")),
    ]

    // MARK: Matching

    static func withBytes<T>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(text.utf8).withUnsafeBufferPointer(body)
    }

    private static func contains(_ needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        ByteSearch.firstIndex(of: needle, in: bytes) != nil
    }

    /// Case-insensitive prefix match that reads a typographic apostrophe (’) as `'`.
    private static func startsWith(_ prefix: [UInt8], _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        for expected in prefix {
            guard index < bytes.count else { return false }
            var byte = ASCII.lowercased(bytes[index])
            if byte == 0xE2 && index + 2 < bytes.count && bytes[index + 1] == 0x80 && bytes[index + 2] == 0x99 {
                byte = ASCII.apostrophe
                index += 3
            } else {
                index += 1
            }
            if byte != expected { return false }
        }
        return true
    }
}
