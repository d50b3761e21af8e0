import FCCore

/// Why FCGenerator could not produce a completion: FCGenerator's one error type.
///
/// Descriptions name the provider, the HTTP status, a short server message and what to check. They never contain
/// an API key (keys are redacted from server messages too) or card text.
package enum GeneratorError: Error, Sendable, CustomStringConvertible, Equatable {
    /// The prompts folder, or a template file in it, does not exist.
    case promptsMissing(path: String)
    /// A template uses a placeholder fcgen does not know.
    case unknownPlaceholder(file: String, placeholder: String)
    /// A template is malformed in another way (an unclosed `{{`, an unbalanced section).
    case invalidTemplate(file: String, detail: String)
    /// The provider refused the request with a status that retrying won't change (400, 401, 403, 404, 422, …).
    /// `hint` says what to check, such as the API key's environment variable or the model name.
    case rejected(provider: String, status: Int, message: String, hint: String)
    /// The provider kept failing (timeouts, lost connections, 429, 5xx) until the attempts ran out.
    case unavailable(provider: String, attempts: Int, lastError: String)
    /// No connection to the provider could be made, attempt after attempt: `endpoint` is the host and port tried
    /// (`127.0.0.1:11434`), `provider` the kind as configured (`openai-compatible` for a server of one's own),
    /// `seconds` the time from the first attempt to the last, `reason` the last failure in plain words
    /// (`connection refused`, `timed out`, `host not found`, `TLS failure`).
    case unreachable(provider: String, endpoint: String, attempts: Int, seconds: Int, reason: String)
    /// A successful status whose body is not the provider's response format (empty, not JSON, no choices).
    case badResponse(provider: String, detail: String)
    /// The caller's task was cancelled while waiting for the provider.
    case cancelled

    package var description: String {
        switch self {
        case .promptsMissing(let path):
            "prompt templates not found: \(path) does not exist. Point the prompts setting at a folder holding "
                + "system.txt and batch.txt (see prompts/README.md), or leave it unset to use the built-in prompts"
        case .unknownPlaceholder(let file, let placeholder):
            "prompt template \(file) uses the unknown placeholder {{\(placeholder)}}; known placeholders: "
                + PromptTemplates.placeholders.map { "{{\($0)}}" }.joined(separator: ", ")
        case .invalidTemplate(let file, let detail):
            "prompt template \(file) is malformed: \(detail)"
        case .rejected(let provider, let status, let message, let hint):
            Self.sentence("\(provider) rejected the request (HTTP \(status))" + (message.isEmpty ? "" : ": \(message)"))
                + (hint.isEmpty ? "" : " " + hint.prefix(1).uppercased() + hint.dropFirst())
        case .unavailable(let provider, let attempts, let lastError):
            "\(provider) is unavailable after \(Plural.count(attempts, "attempt")); last error: \(lastError)"
        case .unreachable(let provider, let endpoint, let attempts, let seconds, let reason):
            "could not connect to \(endpoint) (\(provider), \(Plural.count(attempts, "attempt")) over \(seconds) s): "
                + reason + (Self.advice(connecting: reason).map { " — \($0)" } ?? "")
        case .badResponse(let provider, let detail):
            "\(provider) sent a response fcgen cannot read: \(detail)"
        case .cancelled:
            "generation cancelled"
        }
    }

    /// What to check after a connection failed for `reason`, when there is something to say.
    private static func advice(connecting reason: String) -> String? {
        switch reason {
        case "connection refused": "is the server running?"
        case "host not found": "check the host in the base URL"
        case "timed out", "host unreachable": "is the host reachable from here (firewall, VPN)?"
        case "network unreachable": "is this machine online?"
        case "TLS failure", "TLS handshake timed out": "does the server speak HTTPS (use http:// for a local server)?"
        default: nil
        }
    }

    /// `text` ending in exactly one sentence mark.
    private static func sentence(_ text: String) -> String {
        guard let last = text.last, !".!?".contains(last) else { return text }
        return text + "."
    }

    /// Whether the same request may succeed later without changing any setting (the worker's retry-later case).
    package var isTransient: Bool {
        switch self {
        case .unavailable, .unreachable, .badResponse: true
        case .rejected(_, let status, _, _): status == 413
        case .promptsMissing, .unknownPlaceholder, .invalidTemplate, .cancelled: false
        }
    }
}
