/// The JSON schema of a batch reply: `{"cards": [{question, answer, explanation, type}, …]}`.
///
/// JSON modes force a top-level object, so the cards sit in a `cards` array rather than being the reply itself.
/// Properties are listed in the order the model should write them.
package enum CardSchema {
    /// The card kinds a model may produce; the others (`math`, `image`) come from elsewhere.
    package static let types = ["question", "definition", "truefalse", "fillblank"]
    package static let fields = ["question", "answer", "explanation", "type"]

    /// JSON Schema, as OpenAI and llama.cpp read it.
    ///
    /// - Parameter count: when given, `minItems`/`maxItems` pin the array length. Only for llama.cpp's grammar
    ///   mode: OpenAI's strict mode has rejected array bounds, and the prompt states the count anyway.
    package static func jsonSchema(count: Int? = nil) -> WireJSON {
        var cards: WireJSON = [
            "type": "array",
            "items": [
                "type": "object",
                "properties": [
                    "question": ["type": "string"],
                    "answer": ["type": "string"],
                    "explanation": ["type": "string"],
                    "type": ["type": "string", "enum": .array(types.map { .string($0) })],
                ],
                "required": .array(fields.map { .string($0) }),
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
    package static func geminiSchema(count: Int? = nil) -> WireJSON {
        var cards: WireJSON = [
            "type": "ARRAY",
            "items": [
                "type": "OBJECT",
                "properties": [
                    "question": ["type": "STRING"],
                    "answer": ["type": "STRING"],
                    "explanation": ["type": "STRING"],
                    "type": ["type": "STRING", "enum": .array(types.map { .string($0) })],
                ],
                "required": .array(fields.map { .string($0) }),
                "propertyOrdering": .array(fields.map { .string($0) }),
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
