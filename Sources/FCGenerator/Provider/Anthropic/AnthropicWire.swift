package import FCCore
package import Foundation

/// Anthropic's Messages wire format (https://docs.anthropic.com/en/api/messages).
package enum AnthropicWire {
    /// The API version header every request carries.
    package static let version = "2023-06-01"

    /// The body of `POST {base}/messages`.
    package struct MessagesRequest: Sendable {
        package var model: String
        package var system: String
        package var user: String
        package var temperature: Double
        package var maxTokens: Int
        /// Ask for server-sent events (`"stream": true`).
        package var stream = false
        /// `json_schema` and `json_object_schema` send the reply's schema as a tool's `input_schema` and make the
        /// model call it (``tool``); `json_object` and `none` leave the shape to the prompt.
        package var mode: StructuredOutputMode = .none
        /// Cards, an outline or review verdicts: picks the tool and its schema.
        package var reply: ReplyShape = .cards
        /// The card kinds the cards schema's `type` allows (and whether cards carry `options`).
        package var kinds: GeneratedKinds = .standard

        package var json: WireJSON {
            var body: WireJSON = [
                "model": .string(model),
                "max_tokens": .int(maxTokens),
                "system": .string(system),
                "messages": [["role": "user", "content": .string(user)]],
                // Anthropic accepts 0…1, where OpenAI-style settings allow up to 2.
                "temperature": .double(min(max(temperature, 0), 1)),
            ]
            if let tool {
                body = body.setting("tools", to: [tool]).setting(
                    "tool_choice", to: ["type": "tool", "name": tool["name"] ?? .null])
            }
            return stream ? body.setting("stream", to: true) : body
        }

        /// The one tool the model must call, its `input_schema` the reply's JSON schema (Anthropic's documented way
        /// to get JSON of a given shape: https://docs.anthropic.com/en/docs/build-with-claude/tool-use); `nil` when
        /// the mode sends no schema.
        package var tool: WireJSON? {
            guard mode == .jsonSchema || mode == .jsonObjectSchema, reply != .list else { return nil }
            let (name, description, schema): (String, String, WireJSON) =
                switch reply {
                case .outline: ("topic_outline", "Record the topic's outline.", OutlineSchema.jsonSchema())
                case .review: ("card_review", "Record the verdict on each card.", ReviewSchema.jsonSchema())
                case .cards, .list: ("flashcards", "Record the flashcards.", CardSchema.jsonSchema(kinds: kinds))
                }
            return ["name": .string(name), "description": .string(description), "input_schema": schema]
        }
    }

    package struct Response: Decodable, Sendable {
        package struct Block: Decodable, Sendable {
            package var type: String
            package var text: String?
            /// A `tool_use` block's name (its `input` is read apart, see ``AnthropicWire/toolInput(_:)``).
            package var name: String?
        }

        package struct Usage: Decodable, Sendable {
            package var inputTokens: Int?
            package var outputTokens: Int?

            enum CodingKeys: String, CodingKey {
                case inputTokens = "input_tokens"
                case outputTokens = "output_tokens"
            }
        }

        package var model: String?
        package var content: [Block]
        package var stopReason: String?
        package var usage: Usage?

        enum CodingKeys: String, CodingKey {
            case model, content, usage
            case stopReason = "stop_reason"
        }
    }

    /// Reads a Messages body: the first `tool_use` block's `input` as JSON text when the reply has one (the
    /// structured reply a tool's `input_schema` asked for), else the text blocks joined; `stop_reason: max_tokens`
    /// as truncation.
    package static func parse(_ body: Data, requestedModel: String) throws(DecodeFailure) -> Completion {
        guard !body.isEmpty else { throw DecodeFailure("empty body") }
        let response: Response
        do {
            response = try JSONDecoder().decode(Response.self, from: body)
        } catch {
            throw DecodeFailure(OpenAIWire.describe(error, byteCount: body.count))
        }
        let text =
            toolInput(body) ?? response.content.filter { $0.type == "text" }.compactMap(\.text).joined()
        return Completion(
            text: text,
            truncated: response.stopReason == "max_tokens",
            usage: TokenUsage(input: response.usage?.inputTokens, output: response.usage?.outputTokens),
            model: response.model.flatMap { $0.isEmpty ? nil : $0 } ?? requestedModel
        )
    }

    /// The `input` object of the body's first `tool_use` block, as compact JSON text; `nil` when there is none.
    static func toolInput(_ body: Data) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
            let content = object["content"] as? [[String: Any]],
            let input = content.first(where: { $0["type"] as? String == "tool_use" })?["input"],
            input is [String: Any],
            let data = try? JSONSerialization.data(withJSONObject: input, options: [.sortedKeys])
        else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
