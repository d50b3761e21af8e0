package import Foundation

/// Turns a failed HTTP response into a short, key-free message and advice on what to check.
package struct ErrorDiagnostics: Sendable {
    package var provider: String
    package var model: String
    package var baseURL: URL
    /// The environment variable to name when authentication fails.
    package var apiKeyVariable: String?
    /// Redacted from every message: servers sometimes echo what they were sent.
    package var apiKey: String?

    /// The provider's kind as configured, for connection failures: `openai-compatible` for an OpenAI-style server
    /// at a base URL of one's own (Ollama, llama.cpp, vLLM), else the kind (`openai`, `gemini`, `anthropic`).
    package var kindDescription: String

    package static let maxMessageLength = 200

    package init(
        provider: String, model: String, baseURL: URL, apiKeyVariable: String?, apiKey: String?,
        kindDescription: String? = nil
    ) {
        self.provider = provider
        self.kindDescription = kindDescription ?? provider
        self.model = model
        self.baseURL = baseURL
        self.apiKeyVariable = apiKeyVariable
        self.apiKey = apiKey
    }

    /// The server's own explanation, trimmed to one line of at most ``maxMessageLength`` characters, key removed.
    ///
    /// Understands the error envelopes of OpenAI, llama.cpp, Anthropic and Gemini (`{"error":{"message":…}}`),
    /// Ollama (`{"error":"…"}`) and FastAPI (`{"detail":…}`); otherwise takes the body text itself.
    package func serverMessage(_ body: Data) -> String {
        var message = Self.envelopeMessage(body) ?? String(decoding: body, as: UTF8.self)
        message = redact(message)
        let words = message.split(whereSeparator: { $0.isWhitespace || $0.isNewline })
        message = words.joined(separator: " ")
        if message.count > Self.maxMessageLength {
            message = String(message.prefix(Self.maxMessageLength - 1)) + "…"
        }
        return message
    }

    /// The host and port requests go to (`127.0.0.1:11434`, `api.openai.com:443`): what a connection failure names.
    /// Never the path or query, which may carry a key.
    package var endpoint: String {
        let host = baseURL.host ?? "localhost"
        let port = baseURL.port ?? (baseURL.scheme?.lowercased() == "https" ? 443 : 80)
        return (host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host) + ":\(port)"
    }

    /// `text` with every occurrence of the API key replaced.
    package func redact(_ text: String) -> String {
        guard let apiKey, apiKey.count >= 4 else { return text }
        return text.replacingOccurrences(of: apiKey, with: "[redacted]")
    }

    /// What the user should check after a non-retryable status.
    package func hint(status: Int, message: String) -> String {
        let lowered = message.lowercased()
        let keyAdvice = apiKeyVariable.map { "check \($0)" } ?? "check the API key"
        switch status {
        case 401: return "\(keyAdvice) (missing, wrong or revoked key)"
        case 403: return "\(keyAdvice) (the key may lack access to model \(model))"
        case 404: return "check the model name (\(model)) and the base URL (\(baseURL.redactedDescription))"
        case 413: return "the prompt is too large: lower the batch size or the avoid-list"
        case 400, 422:
            if lowered.contains("context") || lowered.contains("too long") || lowered.contains("maximum") {
                return "the prompt plus max output tokens exceed the model's context: lower max output tokens or "
                    + "the batch size"
            }
            if lowered.contains("model") {
                return "check the model name (\(model))"
            }
            return "check the model name (\(model)), max output tokens and temperature in the settings"
        default:
            return "check the base URL (\(baseURL.redactedDescription)) and the provider settings"
        }
    }

    private static func envelopeMessage(_ body: Data) -> String? {
        guard !body.isEmpty, let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else {
            return nil
        }
        if let error = object["error"] as? [String: Any], let message = error["message"] as? String {
            return message
        }
        if let error = object["error"] as? String { return error }
        if let message = object["message"] as? String { return message }
        if let detail = object["detail"] as? String { return detail }
        if let detail = object["detail"] { return String(describing: detail) }
        return nil
    }
}
