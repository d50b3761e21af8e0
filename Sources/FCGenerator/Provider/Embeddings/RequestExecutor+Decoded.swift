extension RequestExecutor {
    /// ``run(_:intercept:decode:)`` for a request nothing intercepts: its decoded value.
    func decoded<Value: Sendable>(
        _ request: LLMHTTPRequest, decode: (LLMHTTPResponse) throws(DecodeFailure) -> Value
    ) async throws(GeneratorError) -> Value {
        switch try await run(request, decode: decode) {
        case .decoded(let value): return value
        case .intercepted: throw GeneratorError.badResponse(provider: diagnostics.provider, detail: "intercepted")
        }
    }
}
