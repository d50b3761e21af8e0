import FCCore
import Foundation
import OpenAPIRuntime

/// Reads a streamed Messages reply: `message_start` (model, input tokens), `content_block_delta` with `text_delta`
/// or, for the `tool_use` block of a structured reply, `input_json_delta` (`partial_json`: the pieces of the tool's
/// input, which is the reply's JSON document), `message_delta` (stop reason, output tokens), `message_stop` (the end). `ping` and other events
/// are skipped; an `error` event (`overloaded_error`, say) is retried like a broken connection.
struct AnthropicStreamDecoder: StreamDecoder {
    struct Event: Decodable {
        struct Message: Decodable {
            var model: String?
            var usage: AnthropicWire.Response.Usage?
        }

        struct Delta: Decodable {
            var type: String?
            var text: String?
            var partialJSON: String?
            var stopReason: String?

            enum CodingKeys: String, CodingKey {
                case type, text
                case partialJSON = "partial_json"
                case stopReason = "stop_reason"
            }
        }

        struct StreamError: Decodable {
            var type: String?
            var message: String?
        }

        var type: String
        var message: Message?
        var delta: Delta?
        var usage: AnthropicWire.Response.Usage?
        var error: StreamError?
    }

    private var text = ""
    private var model: String?
    private var stopReason: String?
    private var inputTokens: Int?
    private var outputTokens: Int?
    private(set) var isFinished = false

    mutating func read(_ event: ServerSentEvent) throws -> String? {
        guard let data = event.data, !data.isEmpty else { return nil }
        let decoded: Event
        do {
            decoded = try JSONDecoder().decode(Event.self, from: Data(data.utf8))
        } catch {
            throw DecodeFailure("a stream event of " + OpenAIWire.describe(error, byteCount: data.utf8.count))
        }
        switch decoded.type {
        case "message_start":
            model = decoded.message?.model.flatMap { $0.isEmpty ? nil : $0 }
            inputTokens = decoded.message?.usage?.inputTokens
            outputTokens = decoded.message?.usage?.outputTokens
        case "content_block_delta" where decoded.delta?.type == "input_json_delta":
            // A forced tool call has no text before it, so the pieces are the document as they come.
            let piece = decoded.delta?.partialJSON ?? ""
            text += piece
            return piece
        case "content_block_delta" where decoded.delta?.type == "text_delta":
            let piece = decoded.delta?.text ?? ""
            text += piece
            return piece
        case "message_delta":
            if let reason = decoded.delta?.stopReason { stopReason = reason }
            // The usage here is cumulative: it replaces message_start's placeholder output count.
            if let output = decoded.usage?.outputTokens { outputTokens = output }
            if let input = decoded.usage?.inputTokens { inputTokens = input }
        case "message_stop":
            isFinished = true
        case "error":
            let kind = decoded.error?.type ?? "error"
            throw TransportError.other("the stream reported \(kind): \(decoded.error?.message ?? "no message")")
        default:
            break
        }
        return nil
    }

    func completion(requestedModel: String) throws -> Completion {
        guard isFinished else { throw Self.endedEarly("message_stop") }
        return Completion(
            text: text,
            truncated: stopReason == "max_tokens",
            usage: TokenUsage(input: inputTokens, output: outputTokens),
            model: model ?? requestedModel
        )
    }
}
