package import FCCore

/// The JSON schema of a batch reply: `{"cards": [{question, answer, explanation, type, image_query}, …]}`, plus
/// `options` when multiple-choice cards are asked for.
///
/// JSON modes force a top-level object, so the cards sit in a `cards` array rather than being the reply itself.
/// Properties are listed in the order the model should write them. `type` is one of the run's kinds
/// (``FCCore/GeneratedKinds``); with `mcq` among them every card carries `options`, an array of strings (empty on
/// cards that are no multiple-choice card: OpenAI's strict mode wants every property required), and an mcq card's
/// `answer` is the correct option's text. `image_query` is a short English image search query where a picture
/// helps, an empty string elsewhere (required for OpenAI's strict mode; Gemini may leave it out).
package enum CardSchema {
    /// The card kinds a model produces without `--kinds`; the others (`math`, `image`) come from elsewhere.
    package static let types = GeneratedKinds.standard.kinds.map(\.rawValue)
    package static let fields = ["question", "answer", "explanation", "type"]

    /// The image search query's property, written after the card itself.
    package static let imageQueryField = "image_query"

    /// The properties of one card for `kinds`, in writing order.
    package static func fields(for kinds: GeneratedKinds) -> [String] {
        (kinds.contains(.mcq) ? fields + ["options"] : fields) + [imageQueryField]
    }

    /// JSON Schema, as OpenAI and llama.cpp read it.
    ///
    /// - Parameter count: when given, `minItems`/`maxItems` pin the array length. Only for llama.cpp's grammar
    ///   mode: OpenAI's strict mode has rejected array bounds, and the prompt states the count anyway.
    package static func jsonSchema(count: Int? = nil, kinds: GeneratedKinds = .standard) -> WireJSON {
        var properties: WireJSON = [
            "question": ["type": "string"],
            "answer": ["type": "string"],
            "explanation": ["type": "string"],
            "type": ["type": "string", "enum": .array(kinds.kinds.map { .string($0.rawValue) })],
        ]
        if kinds.contains(.mcq) {
            properties = properties.setting("options", to: ["type": "array", "items": ["type": "string"]])
        }
        properties = properties.setting(imageQueryField, to: ["type": "string"])
        var cards: WireJSON = [
            "type": "array",
            "items": [
                "type": "object",
                "properties": properties,
                "required": .array(fields(for: kinds).map { .string($0) }),
                "additionalProperties": false,
            ],
        ]
        if let count, count > 0 {
            cards = cards.setting("minItems", to: .int(count)).setting("maxItems", to: .int(count))
        }
        return [
            "type": "object",
            "properties": ["cards": cards],
            "required": ["cards"],
            "additionalProperties": false,
        ]
    }

    /// Gemini's `responseSchema` (an OpenAPI 3.0 subset): upper-case types, no `additionalProperties`, and
    /// `propertyOrdering`, without which Gemini orders properties alphabetically (answer before question).
    package static func geminiSchema(count: Int? = nil, kinds: GeneratedKinds = .standard) -> WireJSON {
        var properties: WireJSON = [
            "question": ["type": "STRING"],
            "answer": ["type": "STRING"],
            "explanation": ["type": "STRING"],
            "type": ["type": "STRING", "enum": .array(kinds.kinds.map { .string($0.rawValue) })],
        ]
        if kinds.contains(.mcq) {
            properties = properties.setting("options", to: ["type": "ARRAY", "items": ["type": "STRING"]])
        }
        properties = properties.setting(imageQueryField, to: ["type": "STRING"])
        var cards: WireJSON = [
            "type": "ARRAY",
            "items": [
                "type": "OBJECT",
                "properties": properties,
                // Gemini needs no property in `required`: `options` and `image_query` may be left out of cards
                // with none.
                "required": .array(fields.map { .string($0) }),
                "propertyOrdering": .array(fields(for: kinds).map { .string($0) }),
            ],
        ]
        if let count, count > 0 {
            cards = cards.setting("minItems", to: .int(count)).setting("maxItems", to: .int(count))
        }
        return [
            "type": "OBJECT",
            "properties": ["cards": cards],
            "required": ["cards"],
        ]
    }
}
