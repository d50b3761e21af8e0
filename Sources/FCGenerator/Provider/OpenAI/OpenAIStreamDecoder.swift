import FCCore
import Foundation
import OpenAPIRuntime

/// Reads a streamed chat completion: `data: {chunk}` events whose `choices[0].delta.content` are the pieces,
/// `finish_reason` on the last content chunk, a usage-only chunk when `stream_options.include_usage` was sent, and
/// `data: [DONE]`.
///
/// Servers that never send `[DONE]` are accepted when a finish reason arrived; a stream that ends with neither was
/// cut and is retried.
struct OpenAIStreamDecoder: StreamDecoder {
    struct Chunk: Decodable {
        struct Choice: Decodable {
            struct Delta: Decodable {
                var content: String?
            }

            var delta: Delta?
            var finishReason: String?

            enum CodingKeys: String, CodingKey {
                case delta
                case finishReason = "finish_reason"
            }
        }

        struct StreamError: Decodable {
            var message: String?
        }

        var model: String?
        var choices: [Choice]?
        var usage: OpenAIWire.ChatResponse.Usage?
        var error: StreamError?
    }

    private var text = ""
    private var model: String?
    private var finishReason: String?
    private var usage: OpenAIWire.ChatResponse.Usage?
    private(set) var isFinished = false

    mutating func read(_ event: ServerSentEvent) throws -> String? {
        guard let data = event.data?.trimmingCharacters(in: .whitespacesAndNewlines), !data.isEmpty else { return nil }
        if data == "[DONE]" {
            isFinished = true
            return nil
        }
        let chunk: Chunk
        do {
            chunk = try JSONDecoder().decode(Chunk.self, from: Data(data.utf8))
        } catch {
            throw DecodeFailure("a stream event of " + OpenAIWire.describe(error, byteCount: data.utf8.count))
        }
        if let error = chunk.error {
            throw TransportError.other("the stream reported an error: \(error.message ?? "no message")")
        }
        if let name = chunk.model, !name.isEmpty { model = name }
        if let usage = chunk.usage { self.usage = usage }
        guard let choice = chunk.choices?.first else { return nil }
        if let reason = choice.finishReason { finishReason = reason }
        let piece = choice.delta?.content ?? ""
        text += piece
        return piece
    }

    func completion(requestedModel: String) throws -> Completion {
        guard isFinished || finishReason != nil else { throw Self.endedEarly("[DONE] or a finish reason") }
        return Completion(
            text: text,
            truncated: finishReason == "length",
            usage: TokenUsage(input: usage?.promptTokens, output: usage?.completionTokens),
            model: model ?? requestedModel
        )
    }
}
