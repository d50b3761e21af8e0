import FCCore
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

        package var json: WireJSON {
            let body: WireJSON = [
                "model": .string(model),
                "max_tokens": .int(maxTokens),
                "system": .string(system),
                "messages": [["role": "user", "content": .string(user)]],
                // Anthropic accepts 0…1, where OpenAI-style settings allow up to 2.
                "temperature": .double(min(max(temperature, 0), 1)),
            ]
            return stream ? body.setting("stream", to: true) : body
        }
    }

    package struct Response: Decodable, Sendable {
        package struct Block: Decodable, Sendable {
            package var type: String
            package var text: String?
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

    /// Reads a Messages body: the text blocks joined, `stop_reason: max_tokens` as truncation.
    package static func parse(_ body: Data, requestedModel: String) throws(DecodeFailure) -> Completion {
        guard !body.isEmpty else { throw DecodeFailure("empty body") }
        let response: Response
        do {
            response = try JSONDecoder().decode(Response.self, from: body)
        } catch {
            throw DecodeFailure(OpenAIWire.describe(error, byteCount: body.count))
        }
        return Completion(
            text: response.content.filter { $0.type == "text" }.compactMap(\.text).joined(),
            truncated: response.stopReason == "max_tokens",
            usage: TokenUsage(input: response.usage?.inputTokens, output: response.usage?.outputTokens),
            model: response.model.flatMap { $0.isEmpty ? nil : $0 } ?? requestedModel
        )
    }
}
