import FCCore

extension RequestExecutor {
    /// Runs a request built for the current structured-output mode; when the server rejects that mode, steps down
    /// once, reports it, and sends again with the lower mode. Rejections cost no retry attempts.
    ///
    /// Each pass either returns or lowers the mode, so this ends after at most three downgrades.
    /// - Throws: ``GeneratorError``.
    package func complete(
        structured: StructuredOutputState,
        makeRequest: (StructuredOutputMode) -> LLMHTTPRequest,
        decode: (LLMHTTPResponse) throws(DecodeFailure) -> Completion
    ) async throws(GeneratorError) -> Completion {
        while true {
            let mode = structured.current
            let outcome = try await run(
                makeRequest(mode),
                intercept: { structured.isRejection($0, sentMode: mode) },
                decode: decode
            )
            switch outcome {
            case .decoded(let completion):
                return completion
            case .intercepted(let response):
                let (next, changed) = structured.downgrade(from: mode)
                if changed {
                    let reason = "HTTP \(response.status): " + diagnostics.serverMessage(response.body)
                    events(
                        .structuredOutputDowngraded(
                            provider: diagnostics.provider, from: mode, to: next, reason: reason)
                    )
                }
            }
        }
    }
}
