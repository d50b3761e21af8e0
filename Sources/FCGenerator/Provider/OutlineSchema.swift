import FCCore

/// The JSON schema of an outline reply: `{"subtopics": [{"name", "levels": [{"level", "focus"}]}]}`, the shape
/// ``TopicOutline`` encodes to, so a reply that follows it is read as sent.
package enum OutlineSchema {
    static let levels = DepthLevel.allCases.map(\.rawValue)

    /// JSON Schema, as OpenAI (strict mode: every property required, no extra ones) and llama.cpp read it.
    package static func jsonSchema() -> WireJSON {
        [
            "type": "object",
            "properties": [
                "subtopics": [
                    "type": "array",
                    "items": [
                        "type": "object",
                        "properties": [
                            "name": ["type": "string"],
                            "levels": [
                                "type": "array",
                                "items": [
                                    "type": "object",
                                    "properties": [
                                        "level": ["type": "string", "enum": .array(levels.map { .string($0) })],
                                        "focus": ["type": "string"],
                                    ],
                                    "required": ["level", "focus"],
                                    "additionalProperties": false,
                                ],
                            ],
                        ],
                        "required": ["name", "levels"],
                        "additionalProperties": false,
                    ],
                ]
            ],
            "required": ["subtopics"],
            "additionalProperties": false,
        ]
    }

    /// Gemini's `responseSchema`: upper-case types, `propertyOrdering` so the name comes before the levels.
    package static func geminiSchema() -> WireJSON {
        [
            "type": "OBJECT",
            "properties": [
                "subtopics": [
                    "type": "ARRAY",
                    "items": [
                        "type": "OBJECT",
                        "properties": [
                            "name": ["type": "STRING"],
                            "levels": [
                                "type": "ARRAY",
                                "items": [
                                    "type": "OBJECT",
                                    "properties": [
                                        "level": ["type": "STRING", "enum": .array(levels.map { .string($0) })],
                                        "focus": ["type": "STRING"],
                                    ],
                                    "required": ["level", "focus"],
                                    "propertyOrdering": ["level", "focus"],
                                ],
                            ],
                        ],
                        "required": ["name", "levels"],
                        "propertyOrdering": ["name", "levels"],
                    ],
                ]
            ],
            "required": ["subtopics"],
        ]
    }
}
