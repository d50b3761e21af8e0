package import FCCore
package import Foundation

/// The OpenAI chat-completions wire format: the request body we send and the response we read.
///
/// Also spoken by Ollama, llama.cpp, llama-cpp-python, vLLM, LM Studio and OpenRouter, and used for fixtures.
package enum OpenAIWire {
    /// The body of `POST {base}/chat/completions`.
    package struct ChatRequest: Sendable {
        package var model: String
        package var system: String
        package var user: String
        package var temperature: Double
        /// `frequency_penalty`, sent only when set.
        package var frequencyPenalty: Double?
        /// `max_tokens`, which every compatible server accepts (OpenAI's newer `max_completion_tokens` is not).
        package var maxTokens: Int
        package var mode: StructuredOutputMode
        package var count: Int
        /// Cards or an outline: picks the schema.
        package var reply: ReplyShape = .cards
        /// The card kinds the schema's `type` allows (and whether cards carry `options`).
        package var kinds: GeneratedKinds = .standard
        /// Ask for server-sent events (`"stream": true`) with token usage in the last chunk (`stream_options`).
        package var stream = false

        package var json: WireJSON {
            var body: WireJSON = [
                "model": .string(model),
                "messages": [
                    ["role": "system", "content": .string(system)],
                    ["role": "user", "content": .string(user)],
                ],
                "temperature": .double(temperature),
                "max_tokens": .int(maxTokens),
            ]
            if let frequencyPenalty { body = body.setting("frequency_penalty", to: .double(frequencyPenalty)) }
            if let format = responseFormat { body = body.setting("response_format", to: format) }
            if stream {
                body = body.setting("stream", to: true).setting("stream_options", to: ["include_usage": true])
            }
            return body
        }

        /// `response_format` for the mode, `nil` for `.none`.
        package var responseFormat: WireJSON? {
            // A plain list is asked for as text: no JSON mode, which would make a small model wrap it badly.
            guard reply != .list else { return nil }
            return switch mode {
            case .jsonSchema where reply == .outline:
                [
                    "type": "json_schema",
                    "json_schema": ["name": "topic_outline", "strict": true, "schema": OutlineSchema.jsonSchema()],
                ]
            case .jsonSchema where reply == .review:
                [
                    "type": "json_schema",
                    "json_schema": ["name": "card_review", "strict": true, "schema": ReviewSchema.jsonSchema()],
                ]
            case .jsonSchema:
                [
                    "type": "json_schema",
                    "json_schema": [
                        "name": "flashcards", "strict": true, "schema": CardSchema.jsonSchema(kinds: kinds),
                    ],
                ]
            case .jsonObjectSchema where reply == .outline:
                ["type": "json_object", "schema": OutlineSchema.jsonSchema()]
            case .jsonObjectSchema where reply == .review:
                ["type": "json_object", "schema": ReviewSchema.jsonSchema()]
            case .jsonObjectSchema:
                ["type": "json_object", "schema": CardSchema.jsonSchema(count: count, kinds: kinds)]
            case .jsonObject:
                ["type": "json_object"]
            case .none:
                nil
            }
        }
    }

    /// The fields of a chat completion fcgen uses.
    package struct ChatResponse: Decodable, Sendable {
        package struct Choice: Decodable, Sendable {
            package struct Message: Decodable, Sendable {
                package var content: String?
            }

            package var message: Message?
            package var finishReason: String?

            enum CodingKeys: String, CodingKey {
                case message
                case finishReason = "finish_reason"
            }
        }

        package struct Usage: Decodable, Sendable {
            package var promptTokens: Int?
            package var completionTokens: Int?

            enum CodingKeys: String, CodingKey {
                case promptTokens = "prompt_tokens"
                case completionTokens = "completion_tokens"
            }
        }

        package var model: String?
        package var choices: [Choice]
        package var usage: Usage?
    }

    /// Reads a chat-completion body into a ``Completion``.
    ///
    /// A missing or null `content` (a refusal, a tool call) is an empty text, which the sanitizer turns into
    /// flagged fallback cards; only a body that is not a chat completion at all is a failure.
    package static func parse(_ body: Data, requestedModel: String) throws(DecodeFailure) -> Completion {
        guard !body.isEmpty else { throw DecodeFailure("empty body") }
        let response: ChatResponse
        do {
            response = try JSONDecoder().decode(ChatResponse.self, from: body)
        } catch {
            throw DecodeFailure(describe(error, byteCount: body.count))
        }
        guard let choice = response.choices.first else { throw DecodeFailure("a chat completion with no choices") }
        return Completion(
            text: choice.message?.content ?? "",
            truncated: choice.finishReason == "length",
            usage: TokenUsage(input: response.usage?.promptTokens, output: response.usage?.completionTokens),
            model: response.model.flatMap { $0.isEmpty ? nil : $0 } ?? requestedModel
        )
    }

    /// A shape-only description of a decoding error: key paths, never values.
    package static func describe(_ error: any Error, byteCount: Int) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _):
            "\(byteCount) bytes of JSON without \"\(key.stringValue)\""
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "\(byteCount) bytes of JSON with an unexpected type at \(path(context.codingPath))"
        case DecodingError.dataCorrupted:
            "\(byteCount) bytes that are not JSON"
        default:
            "\(byteCount) bytes that could not be read"
        }
    }

    private static func path(_ codingPath: [any CodingKey]) -> String {
        let text = codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        return text.isEmpty ? "the top level" : text
    }
}
