/// The JSON schema of a review reply: `{"reviews": [{"index", "action", "question", "answer", "reason"}]}`, one
/// verdict per reviewed card (``ReplyShape/review``).
///
/// `action` is `keep`, `rewrite` or `drop`; `question` and `answer` are the rewritten card (empty strings for the
/// other actions: OpenAI's strict mode wants every property required).
package enum ReviewSchema {
    package static let actions = ["keep", "rewrite", "drop"]
    package static let fields = ["index", "action", "question", "answer", "reason"]

    /// JSON Schema, as OpenAI (strict mode) and llama.cpp read it.
    package static func jsonSchema() -> WireJSON {
        [
            "type": "object",
            "properties": [
                "reviews": [
                    "type": "array",
                    "items": [
                        "type": "object",
                        "properties": [
                            "index": ["type": "integer"],
                            "action": ["type": "string", "enum": .array(actions.map { .string($0) })],
                            "question": ["type": "string"],
                            "answer": ["type": "string"],
                            "reason": ["type": "string"],
                        ],
                        "required": .array(fields.map { .string($0) }),
                        "additionalProperties": false,
                    ],
                ]
            ],
            "required": ["reviews"],
            "additionalProperties": false,
        ]
    }

    /// Gemini's `responseSchema`: upper-case types and `propertyOrdering` (the index and action first).
    package static func geminiSchema() -> WireJSON {
        [
            "type": "OBJECT",
            "properties": [
                "reviews": [
                    "type": "ARRAY",
                    "items": [
                        "type": "OBJECT",
                        "properties": [
                            "index": ["type": "INTEGER"],
                            "action": ["type": "STRING", "enum": .array(actions.map { .string($0) })],
                            "question": ["type": "STRING"],
                            "answer": ["type": "STRING"],
                            "reason": ["type": "STRING"],
                        ],
                        "required": ["index", "action"],
                        "propertyOrdering": .array(fields.map { .string($0) }),
                    ],
                ]
            ],
            "required": ["reviews"],
        ]
    }
}
