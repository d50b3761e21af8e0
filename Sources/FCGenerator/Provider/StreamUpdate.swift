/// What a streaming completion reports while its reply arrives, to the handler given to
/// ``LLMProvider/stream(_:updates:)``.
package enum StreamUpdate: Sendable, Equatable {
    /// A request is about to be sent: the first attempt, a retry, or a resend after a structured-output downgrade.
    /// Any text reported before belongs to a reply that will not be used: start over.
    case attemptStarted
    /// The next piece of the model's text, in order.
    case text(String)
}

/// Receives ``StreamUpdate``s; called from the provider's task, one update at a time.
package typealias StreamHandler = @Sendable (StreamUpdate) -> Void
