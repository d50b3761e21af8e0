package import Foundation

/// Which wire format a provider speaks.
package enum ProviderKind: String, Sendable, Codable, CaseIterable {
    /// OpenAI chat completions, and every server that copies them (Ollama, llama.cpp, vLLM, LM Studio, OpenRouter).
    case openai
    /// Google's Gemini `generateContent`.
    case gemini
    /// Anthropic's Messages API.
    case anthropic
    /// Offline replay of `fixtures/<slug>/batch-<NNN>.json`.
    case fixture

    /// Where requests go when the settings give no base URL; `nil` for the fixture provider.
    package var defaultBaseURL: URL? {
        switch self {
        case .openai: URL.constant("https://api.openai.com/v1")
        case .gemini: URL.constant("https://generativelanguage.googleapis.com/v1beta")
        case .anthropic: URL.constant("https://api.anthropic.com/v1")
        case .fixture: nil
        }
    }

    /// The environment variable error messages tell the user to check when the settings name none.
    package var defaultAPIKeyVariable: String? {
        switch self {
        case .openai: "OPENAI_API_KEY"
        case .gemini: "GEMINI_API_KEY"
        case .anthropic: "ANTHROPIC_API_KEY"
        case .fixture: nil
        }
    }
}

/// How strongly a provider is asked to return JSON, from strongest to weakest.
///
/// When a server rejects a mode, the provider steps down the chain once per rejection and keeps the lower mode for
/// the rest of the run (see ``GeneratorEvent/structuredOutputDowngraded(provider:from:to:reason:)``).
package enum StructuredOutputMode: String, Sendable, Codable, CaseIterable, Comparable {
    /// OpenAI's `{"type":"json_schema","json_schema":{"name":…,"strict":true,"schema":…}}`; Gemini's
    /// `responseSchema`.
    case jsonSchema = "json_schema"
    /// llama.cpp / llama-cpp-python's extension `{"type":"json_object","schema":…}`, enforced by a grammar.
    case jsonObjectSchema = "json_object_schema"
    /// Plain JSON mode: any JSON object (`{"type":"json_object"}`; Gemini's `responseMimeType` alone).
    case jsonObject = "json_object"
    /// No constraint: the prompt alone asks for JSON and the sanitizer copes with the rest.
    case none

    /// The next weaker mode, or `nil` for ``none``.
    package var weaker: StructuredOutputMode? {
        switch self {
        case .jsonSchema: .jsonObjectSchema
        case .jsonObjectSchema: .jsonObject
        case .jsonObject: StructuredOutputMode.none
        case .none: nil
        }
    }

    private var strength: Int {
        switch self {
        case .jsonSchema: 3
        case .jsonObjectSchema: 2
        case .jsonObject: 1
        case .none: 0
        }
    }

    /// `a < b` when `a` is the weaker mode.
    package static func < (lhs: StructuredOutputMode, rhs: StructuredOutputMode) -> Bool { lhs.strength < rhs.strength }
}
