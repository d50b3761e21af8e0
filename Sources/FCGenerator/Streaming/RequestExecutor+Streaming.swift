import FCCore
import Foundation
import OpenAPIRuntime

extension RequestExecutor {
    /// The most bytes of a non-2xx streamed body read for its error message and structured-output rejection check.
    static let errorBodyLimit = 1 << 20

    /// Sends `request` as a streaming request, decodes its events with a fresh decoder per attempt and reports each
    /// piece of text to `updates` as it arrives; retries, structured-output downgrades and errors as
    /// ``complete(structured:makeRequest:decode:)``.
    ///
    /// Every attempt, including a resend after a downgrade or a retry after a stream broke halfway, begins with
    /// ``StreamUpdate/attemptStarted``: whatever text came before it is void.
    /// - Throws: ``GeneratorError``.
    package func stream<Reader: StreamDecoder>(
        structured: StructuredOutputState?,
        makeRequest: (StructuredOutputMode) -> LLMHTTPRequest,
        decoder: @escaping () -> Reader,
        requestedModel: String,
        updates: StreamHandler
    ) async throws(GeneratorError) -> Completion {
        while true {
            let mode = structured?.current ?? .none
            let outcome = try await run(
                makeRequest(mode),
                intercept: { structured?.isRejection($0, sentMode: mode) ?? false },
                attempt: { request in
                    try await exchange(request, decoder: decoder(), requestedModel: requestedModel, updates: updates)
                }
            )
            switch outcome {
            case .decoded(let completion):
                return completion
            case .intercepted(let response):
                guard let structured else { return try decodeIntercepted(response) }
                let (next, changed) = structured.downgrade(from: mode)
                if changed {
                    let reason = "HTTP \(response.status): " + diagnostics.serverMessage(response.body)
                    let provider = diagnostics.provider
                    events(.structuredOutputDowngraded(provider: provider, from: mode, to: next, reason: reason))
                }
            }
        }
    }

    /// One attempt: send, then read the events until the decoder says the reply is complete.
    private func exchange<Reader: StreamDecoder>(
        _ request: LLMHTTPRequest,
        decoder: Reader,
        requestedModel: String,
        updates: StreamHandler
    ) async throws -> Received<Completion> {
        updates(.attemptStarted)
        let response = try await transport.stream(request)
        guard (200...299).contains(response.status) else {
            let body = try await response.collectBody(upTo: Self.errorBodyLimit)
            return .status(LLMHTTPResponse(status: response.status, headers: response.headers, body: Data(body)))
        }
        var decoder = decoder
        for try await event in response.events {
            if let piece = try decoder.read(event), !piece.isEmpty { updates(.text(piece)) }
            if decoder.isFinished { break }
        }
        return .value(try decoder.completion(requestedModel: requestedModel))
    }

    /// Never reached: without a structured-output state nothing is intercepted.
    private func decodeIntercepted(_ response: LLMHTTPResponse) throws(GeneratorError) -> Completion {
        throw GeneratorError.badResponse(provider: diagnostics.provider, detail: "unexpected interception")
    }
}
