import FCCore
import Foundation
import OpenAPIRuntime

/// Reads `streamGenerateContent?alt=sse`: every event is a `generateContent` response holding the next piece of the
/// text; the last carries `finishReason`, and `usageMetadata` is cumulative (the last one counts). Gemini sends no
/// end marker, so a stream that closes without a finish reason was cut and is retried.
struct GeminiStreamDecoder: StreamDecoder {
    private var text = ""
    private var model: String?
    private var finishReason: String?
    private var usage: GeminiWire.Response.UsageMetadata?
    private(set) var isFinished = false

    mutating func read(_ event: ServerSentEvent) throws -> String? {
        guard let data = event.data, !data.isEmpty else { return nil }
        let response: GeminiWire.Response
        do {
            response = try JSONDecoder().decode(GeminiWire.Response.self, from: Data(data.utf8))
        } catch {
            throw DecodeFailure("a stream event of " + OpenAIWire.describe(error, byteCount: data.utf8.count))
        }
        if let version = response.modelVersion, !version.isEmpty { model = version }
        if let metadata = response.usageMetadata { usage = metadata }
        let candidate = response.candidates?.first
        let piece = (candidate?.content?.parts ?? []).filter { $0.thought != true }.compactMap(\.text).joined()
        text += piece
        if let reason = candidate?.finishReason {
            finishReason = reason
            // The finishing event carries the final usage too; nothing meaningful follows it.
            isFinished = true
        }
        return piece
    }

    func completion(requestedModel: String) throws -> Completion {
        guard finishReason != nil else { throw Self.endedEarly("a finish reason") }
        return Completion(
            text: text,
            truncated: finishReason == "MAX_TOKENS",
            usage: TokenUsage(input: usage?.promptTokenCount, output: usage?.candidatesTokenCount),
            model: model ?? requestedModel
        )
    }
}
