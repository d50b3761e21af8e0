/// The model replies the stub's `/openai…` and `/anthropic-stream…` routes send: 15 flashcards no other reply of the
/// server repeats, or a topic outline, as one OpenAI chat completion or as OpenAI or Anthropic stream events.
enum ChatReplies {
    static let figures = ["Julius Caesar", "Augustus", "Cicero", "Hannibal", "Trajan", "Hadrian", "Nero", "Cleopatra"]
    static let things = [
        "grain supply", "road network", "coinage", "legions", "aqueducts", "harbour", "calendar", "law courts",
    ]
    /// The characters of card text per stream event.
    static let streamPiece = 24

    /// The JSON text of 15 cards for reply `number` (see ``StubCard/cards(reply:numbered:)``).
    static func cardContent(_ number: Int, numbered: Bool = true) -> String {
        let cards: [StubJSON] = StubCard.cards(reply: number, numbered: numbered).map { card in
            [
                "question": .string(card.question), "answer": .string(card.answer),
                "explanation": .string(card.explanation), "type": "question",
            ]
        }
        return StubJSON.object([("cards", .array(cards))]).text(indent: 2)
    }

    /// The JSON text of a topic outline: 6 subtopics, each with the four levels.
    static func outlineContent() -> String {
        let names = ["Kings", "Republic", "Punic Wars", "Caesar", "Augustus", "Late Empire"]
        let subtopics: [StubJSON] = names.map { name in
            let levels: [StubJSON] = ["foundational", "intermediate", "advanced", "expert"].map { level in
                ["level": .string(level), "focus": .string("\(name) at the \(level) level")]
            }
            return ["name": .string(name), "levels": .array(levels)]
        }
        return StubJSON.object([("subtopics", .array(subtopics))]).text()
    }

    /// Whether a chat-completions body asks for a topic outline rather than cards.
    static func isOutlineRequest(_ body: [UInt8]) -> Bool {
        body.contains(subsequence: #""topic_outline""#) || body.contains(subsequence: "Plan a flashcard deck")
    }

    /// A chat completion and the token usage it reports.
    struct Completion {
        var body: [UInt8]
        var promptTokens: Int
        var completionTokens: Int
    }

    /// An OpenAI chat completion whose content is reply `number`'s cards (or, for an outline request, an outline).
    ///
    /// Each reply reports different token counts (an outline's differ from every card reply's), so a test that sums
    /// what fcgen recorded can tell a reply counted twice or missed from one counted right.
    static func chatCompletion(_ number: Int, outline: Bool = false) -> Completion {
        let content = outline ? outlineContent() : cardContent(number)
        let promptTokens = outline ? 300 + number * 7 : 400 + number * 3
        let completionTokens = content.count / 4 + (outline ? 0 : number)
        let document: StubJSON = [
            "id": .string("chatcmpl-stub-\(number)"),
            "object": "chat.completion",
            "created": 1_700_000_000,
            "model": "stub-model",
            "choices": [
                [
                    "index": 0, "message": ["role": "assistant", "content": .string(content)],
                    "finish_reason": "stop",
                ]
            ],
            "usage": [
                "prompt_tokens": .int(promptTokens), "completion_tokens": .int(completionTokens),
                "total_tokens": .int(promptTokens + completionTokens),
            ],
        ]
        return Completion(body: document.bytes(), promptTokens: promptTokens, completionTokens: completionTokens)
    }

    /// One server-sent event: optionally `event: <name>`, then `data: <json>` and a blank line.
    static func event(_ document: StubJSON, named name: String? = nil) -> [UInt8] {
        let data = "data: " + document.text() + "\n\n"
        return Array(((name.map { "event: \($0)\n" } ?? "") + data).utf8)
    }

    /// One event of a streamed reply; `isContent` marks the ones carrying card text, which the routes pace and cut.
    struct StreamEvent {
        var isContent: Bool
        var bytes: [UInt8]
    }

    /// Reply `number`'s cards as OpenAI chat-completion chunks: a role chunk, the text in pieces, a finish reason, a
    /// usage chunk when the request asked for one (`stream_options.include_usage`), then `[DONE]`.
    static func openAIStreamEvents(_ number: Int, includeUsage: Bool) -> [StreamEvent] {
        let content = cardContent(number)
        let chunk: StubJSON = [
            "id": .string("chatcmpl-stub-\(number)"), "object": "chat.completion.chunk", "created": 1_700_000_000,
            "model": "stub-model",
        ]
        var events = [
            StreamEvent(
                isContent: false,
                bytes: event(
                    chunk.with(
                        "choices",
                        [["index": 0, "delta": ["role": "assistant", "content": ""], "finish_reason": .null]])))
        ]
        for piece in pieces(of: content) {
            let choice: StubJSON = ["index": 0, "delta": ["content": .string(piece)], "finish_reason": .null]
            events.append(StreamEvent(isContent: true, bytes: event(chunk.with("choices", [choice]))))
        }
        let finish: StubJSON = ["index": 0, "delta": [:], "finish_reason": "stop"]
        events.append(StreamEvent(isContent: false, bytes: event(chunk.with("choices", [finish]))))
        if includeUsage {
            let usage: StubJSON = [
                "prompt_tokens": 400, "completion_tokens": .int(content.count / 4),
                "total_tokens": .int(400 + content.count / 4),
            ]
            events.append(
                StreamEvent(isContent: false, bytes: event(chunk.with("choices", []).with("usage", usage))))
        }
        events.append(StreamEvent(isContent: false, bytes: Array("data: [DONE]\n\n".utf8)))
        return events
    }

    /// Reply `number`'s cards as Anthropic Messages events: `message_start`, a text block of `text_delta`s,
    /// `message_delta` with the stop reason and usage, `message_stop`.
    static func anthropicStreamEvents(_ number: Int) -> [StreamEvent] {
        let content = cardContent(number)
        func plain(_ name: String, _ document: StubJSON) -> StreamEvent {
            StreamEvent(isContent: false, bytes: event(document, named: name))
        }
        var events = [
            plain(
                "message_start",
                [
                    "type": "message_start",
                    "message": [
                        "id": .string("msg_stub_\(number)"), "type": "message", "role": "assistant",
                        "model": "stub-claude", "content": [], "stop_reason": .null,
                        "usage": ["input_tokens": 400, "output_tokens": 1],
                    ],
                ]),
            plain(
                "content_block_start",
                ["type": "content_block_start", "index": 0, "content_block": ["type": "text", "text": ""]]),
            plain("ping", ["type": "ping"]),
        ]
        for piece in pieces(of: content) {
            let delta: StubJSON = [
                "type": "content_block_delta", "index": 0, "delta": ["type": "text_delta", "text": .string(piece)],
            ]
            events.append(StreamEvent(isContent: true, bytes: event(delta, named: "content_block_delta")))
        }
        events.append(plain("content_block_stop", ["type": "content_block_stop", "index": 0]))
        events.append(
            plain(
                "message_delta",
                [
                    "type": "message_delta", "delta": ["stop_reason": "end_turn", "stop_sequence": .null],
                    "usage": ["output_tokens": .int(content.count / 4)],
                ]))
        events.append(plain("message_stop", ["type": "message_stop"]))
        return events
    }

    /// `text` in pieces of ``streamPiece`` characters, the last one shorter.
    static func pieces(of text: String) -> [String] {
        var pieces: [String] = []
        var rest = Substring(text)
        while !rest.isEmpty {
            pieces.append(String(rest.prefix(streamPiece)))
            rest = rest.dropFirst(streamPiece)
        }
        return pieces
    }
}

extension Array where Element == UInt8 {
    /// Whether these bytes hold `text`'s UTF-8 bytes somewhere.
    func contains(subsequence text: String) -> Bool {
        let needle = Array(text.utf8)
        guard !needle.isEmpty, needle.count <= count else { return needle.isEmpty }
        return (0...(count - needle.count)).contains { start in
            self[start..<(start + needle.count)].elementsEqual(needle)
        }
    }
}

/// One of the stub's cards: a distinct fact for every reply number and card, not only a distinct number.
///
/// Card `index` of reply `number` is card `number × 15 + index` of the stub's life, and names two invented people and
/// places of its own: a governor and a town, each a made-up word of five syllables (70 of them: a consonant and a
/// vowel) spelling the card's number in base 70, lowest digit first. Two cards of the first 70³ = 343,000 (22,866
/// replies) differ in their first three syllables, so their names share at most the first five of ten letters: the
/// quality rules' near-duplicate part sees other words and other names, and their same-fact part, for which two
/// words are one when they share a beginning with at most three letters left of each, sees other answers.
package struct StubCard: Sendable, Hashable {
    package var question: String
    package var answer: String
    package var explanation: String
    /// The invented names the card is about: its governor, then its town.
    package var names: [String]

    /// Reply `number`'s 15 cards; `numbered` opens each question with "Request N, card I: ", which names its reply.
    package static func cards(reply number: Int, numbered: Bool = true) -> [StubCard] {
        (0..<15).map { index in
            let serial = number * 15 + index
            let figure = ChatReplies.figures[(number + index) % ChatReplies.figures.count]
            let thing = ChatReplies.things[(number * 3 + index) % ChatReplies.things.count]
            let governor = inventedName(serial)
            // Another bijection of the serial number, so a card's town and governor are unrelated words.
            let town = inventedName(serial &* 7_919 &+ 4_801)
            let prefix = numbered ? "Request \(number), card \(index + 1): " : ""
            return StubCard(
                question: prefix + "how did \(figure) change the \(thing) of \(town) through its governor \(governor)?",
                answer: "\(figure) reorganised the \(thing) of \(town) and left \(governor) in charge of it.",
                explanation: "Sources describe how \(figure)'s reform of the \(thing) in \(town) outlived \(governor) "
                    + "and shaped the province for generations.",
                names: [governor, town])
        }
    }

    /// The JSON text of reply `number`'s cards, as the stub's chat routes send it.
    package static func replyContent(_ number: Int, numbered: Bool = true) -> String {
        ChatReplies.cardContent(number, numbered: numbered)
    }

    private static let consonants = Array("bdfgklmnprstvz")
    private static let capitals = Array("BDFGKLMNPRSTVZ")
    private static let vowels = Array("aeiou")
    /// Names of five syllables: 70⁵ of them.
    static let distinctNames = 1_680_700_000
    /// Cards whose names share no more than their first five letters with another's: 70³.
    package static let distinctCards = 343_000

    /// A capitalised made-up word of five consonant-vowel syllables spelling `value` (modulo ``distinctNames``) in
    /// base 70, lowest digit first, so that consecutive values differ in their first two letters.
    static func inventedName(_ value: Int) -> String {
        var rest = value % distinctNames
        var letters: [Character] = []
        for place in 0..<5 {
            let syllable = rest % 70
            rest /= 70
            letters.append((place == 0 ? capitals : consonants)[syllable / vowels.count])
            letters.append(vowels[syllable % vowels.count])
        }
        return String(letters)
    }
}
