package import OpenAPIRuntime

/// Reads one provider's server-sent events into text pieces and, at the end, a ``Completion``.
///
/// One decoder reads one attempt's stream; a retry starts a new one.
package protocol StreamDecoder: Sendable {
    /// Reads the next event.
    /// - Returns: the piece of model text the event carries, or `nil` (metadata, a keep-alive).
    /// - Throws: ``DecodeFailure`` for an event that is not what the provider sends (retried once, like an
    ///   unreadable body); ``TransportError`` when the provider reports an error inside the stream (retried like a
    ///   broken connection).
    mutating func read(_ event: ServerSentEvent) throws -> String?
    /// Whether the provider said the reply is complete (`[DONE]`, `message_stop`, a finish reason); reading stops.
    var isFinished: Bool { get }
    /// The completion read so far.
    /// - Throws: ``TransportError/connectionLost(_:)`` when the stream ended before the provider said it was complete.
    func completion(requestedModel: String) throws -> Completion
}

extension StreamDecoder {
    /// The error for a stream that ended early: retried as a whole, like a connection cut mid-body.
    static func endedEarly(_ missing: String) -> TransportError {
        .connectionLost("the stream ended without \(missing)")
    }
}
