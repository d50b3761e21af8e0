/// Something a provider did on the way to a completion that the caller may want to show or log.
///
/// Libraries report, executables print: providers hand these to the `@Sendable` handler given to
/// ``makeProvider(_:transport:clock:random:events:)``. Events carry no API keys and no card text.
package enum GeneratorEvent: Sendable, Equatable, CustomStringConvertible {
    /// A request failed in a way worth retrying; attempt number `attempt` (2 = the first retry) starts after `delay`.
    case retrying(provider: String, attempt: Int, delay: Duration, reason: String)
    /// A request waited `delay` for the provider's rate limiter (requests-per-minute spacing or a Retry-After pause).
    case rateLimited(provider: String, delay: Duration)
    /// The server rejected a structured-output mode; this and later requests of the run use `to`.
    case structuredOutputDowngraded(
        provider: String,
        from: StructuredOutputMode,
        to: StructuredOutputMode,
        reason: String
    )

    package var description: String {
        switch self {
        case .retrying(let provider, let attempt, let delay, let reason):
            "\(provider): \(reason); attempt \(attempt) in \(delay.secondsText)"
        case .rateLimited(let provider, let delay):
            "\(provider): rate limit, waited \(delay.secondsText)"
        case .structuredOutputDowngraded(let provider, let from, let to, let reason):
            "\(provider): structured output \(from.rawValue) rejected (\(reason)); using \(to.rawValue) from now on"
        }
    }
}

extension Duration {
    /// Seconds with millisecond precision, e.g. `1.25 s`.
    package var secondsText: String {
        let milliseconds = components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
        let whole = milliseconds / 1000
        let fraction = milliseconds % 1000
        if fraction == 0 { return "\(whole) s" }
        var digits = String(fraction)
        digits = String(repeating: "0", count: 3 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return "\(whole).\(digits) s"
    }

    /// This duration in whole milliseconds, rounded toward zero.
    package var wholeMilliseconds: Int64 {
        components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
    }
}
