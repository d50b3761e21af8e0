package import FCCore
package import Foundation

/// Gemini's `generateContent` wire format (https://ai.google.dev/api/generate-content).
package enum GeminiWire {
    /// The body of `POST {base}/models/{model}:generateContent`.
    package struct GenerateRequest: Sendable {
        package var system: String
        package var user: String
        package var temperature: Double
        package var maxOutputTokens: Int
        package var mode: StructuredOutputMode
        package var count: Int
        /// Cards or an outline: picks the schema.
        package var reply: ReplyShape = .cards
        /// The card kinds the schema's `type` allows (and whether cards carry `options`).
        package var kinds: GeneratedKinds = .standard

        package var json: WireJSON {
            var config: WireJSON = [
                "temperature": .double(temperature),
                "maxOutputTokens": .int(maxOutputTokens),
            ]
            switch mode {
            case _ where reply == .list:
                // A plain list is asked for as text.
                break
            case .jsonSchema, .jsonObjectSchema:
                let schema: WireJSON =
                    switch reply {
                    case .outline: OutlineSchema.geminiSchema()
                    case .review: ReviewSchema.geminiSchema()
                    case .cards, .list: CardSchema.geminiSchema(count: count, kinds: kinds)
                    }
                config = config.setting("responseMimeType", to: "application/json").setting(
                    "responseSchema", to: schema)
            case .jsonObject:
                config = config.setting("responseMimeType", to: "application/json")
            case .none:
                break
            }
            return [
                "systemInstruction": ["parts": [["text": .string(system)]]],
                "contents": [["role": "user", "parts": [["text": .string(user)]]]],
                "generationConfig": config,
            ]
        }
    }

    package struct Response: Decodable, Sendable {
        package struct Candidate: Decodable, Sendable {
            package struct Content: Decodable, Sendable {
                package struct Part: Decodable, Sendable {
                    package var text: String?
                    /// Thinking models may return their reasoning as parts marked `thought`; it is not the answer.
                    package var thought: Bool?
                }

                package var parts: [Part]?
            }

            package var content: Content?
            package var finishReason: String?
        }

        package struct UsageMetadata: Decodable, Sendable {
            package var promptTokenCount: Int?
            package var candidatesTokenCount: Int?
        }

        package var candidates: [Candidate]?
        package var usageMetadata: UsageMetadata?
        package var modelVersion: String?
    }

    /// Reads a `generateContent` body. No candidates (a blocked prompt) is an empty text, not a failure.
    package static func parse(_ body: Data, requestedModel: String) throws(DecodeFailure) -> Completion {
        guard !body.isEmpty else { throw DecodeFailure("empty body") }
        let response: Response
        do {
            response = try JSONDecoder().decode(Response.self, from: body)
        } catch {
            throw DecodeFailure(OpenAIWire.describe(error, byteCount: body.count))
        }
        guard response.candidates != nil || response.usageMetadata != nil else {
            throw DecodeFailure("\(body.count) bytes of JSON without \"candidates\"")
        }
        let candidate = response.candidates?.first
        let text = (candidate?.content?.parts ?? []).filter { $0.thought != true }.compactMap(\.text).joined()
        return Completion(
            text: text,
            truncated: candidate?.finishReason == "MAX_TOKENS",
            usage: TokenUsage(
                input: response.usageMetadata?.promptTokenCount,
                output: response.usageMetadata?.candidatesTokenCount
            ),
            model: response.modelVersion.flatMap { $0.isEmpty ? nil : $0 } ?? requestedModel
        )
    }
}
