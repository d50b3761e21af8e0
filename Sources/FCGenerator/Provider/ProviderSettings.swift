package import Foundation

/// Everything needed to build a provider; what the CLI's configuration resolves to.
///
/// The API key is held here but never shown: ``description`` and the reflection mirror (used by `dump` and
/// string interpolation of the value) print only whether a key is set.
package struct ProviderSettings: Sendable {
    package var kind: ProviderKind
    /// `nil` = the kind's ``ProviderKind/defaultBaseURL``; point `openai` at Ollama, llama.cpp, vLLM, … here.
    package var baseURL: URL?
    package var model: String
    /// `nil` or empty = send no credentials (local servers need none).
    package var apiKey: String?
    package var temperature: Double
    /// `frequency_penalty` for OpenAI-compatible servers (llama.cpp, vLLM, OpenAI); `nil` sends none. The other
    /// providers ignore it.
    package var frequencyPenalty: Double?
    package var maxOutputTokens: Int
    /// Per-request timeout, whole seconds (an LLM call takes seconds; sub-second timeouts would only fire on a busy machine).
    package var timeoutSeconds: Int
    /// The strongest structured-output mode to try first.
    package var structuredOutput: StructuredOutputMode
    package var retry: RetryPolicy
    /// `nil` = unlimited.
    package var requestsPerMinute: Int?
    /// Where the fixture provider reads replies; `nil` = the replies built into the binary.
    package var fixturesDirectory: URL?
    /// The environment variable the key came from, named in authentication errors; `nil` = the kind's default.
    package var apiKeyVariable: String?

    package init(
        kind: ProviderKind,
        baseURL: URL? = nil,
        model: String,
        apiKey: String? = nil,
        temperature: Double = 0.7,
        maxOutputTokens: Int = 4096,
        timeoutSeconds: Int = 120,
        structuredOutput: StructuredOutputMode = .jsonSchema,
        retry: RetryPolicy = RetryPolicy(),
        requestsPerMinute: Int? = nil,
        fixturesDirectory: URL? = nil,
        apiKeyVariable: String? = nil
    ) {
        self.kind = kind
        self.baseURL = baseURL
        self.model = model
        self.apiKey = apiKey
        self.temperature = temperature
        self.maxOutputTokens = maxOutputTokens
        self.timeoutSeconds = max(1, timeoutSeconds)
        self.structuredOutput = structuredOutput
        self.retry = retry
        self.requestsPerMinute = requestsPerMinute
        self.fixturesDirectory = fixturesDirectory
        self.apiKeyVariable = apiKeyVariable
    }

    /// The base URL requests go to.
    package var resolvedBaseURL: URL? { baseURL ?? kind.defaultBaseURL }

    /// The kind as a person configured it: `openai-compatible` for the OpenAI wire format at a base URL other than
    /// OpenAI's own (Ollama, llama.cpp, vLLM, LM Studio), else the kind's name.
    package var kindDescription: String {
        guard kind == .openai, let baseURL, baseURL.host?.lowercased() != kind.defaultBaseURL?.host else {
            return kind.rawValue
        }
        return "openai-compatible"
    }
}

extension ProviderSettings: CustomStringConvertible, CustomReflectable {
    package var description: String {
        let base = resolvedBaseURL?.redactedDescription ?? "-"
        let key = (apiKey?.isEmpty ?? true) ? "none" : "set"
        return "\(kind.rawValue) model=\(model) base=\(base) key=\(key) structured=\(structuredOutput.rawValue) "
            + "timeout=\(timeoutSeconds)s attempts=\(retry.maxAttempts)"
    }

    package var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "kind": kind, "baseURL": baseURL as Any, "model": model,
                "apiKey": (apiKey?.isEmpty ?? true) ? "none" : "[redacted]",
                "temperature": temperature, "maxOutputTokens": maxOutputTokens, "timeoutSeconds": timeoutSeconds,
                "structuredOutput": structuredOutput, "retry": retry, "requestsPerMinute": requestsPerMinute as Any,
                "fixturesDirectory": fixturesDirectory as Any, "apiKeyVariable": apiKeyVariable as Any,
            ]
        )
    }
}
