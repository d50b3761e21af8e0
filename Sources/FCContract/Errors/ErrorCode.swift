/// The stable name of every way a command can fail: the `code` of a `--json` error document, and the problem type
/// the HTTP API will serve (RFC 9457).
///
/// Each code belongs to exactly one row of the exit-code table (FCCommandLine's `exitStatus`); several codes may share a row,
/// because an exit status is coarse (a shell can only branch on a number) while a script or an app wants to know
/// *what* went wrong. Codes are a contract: a new failure gets a new code, an existing code never changes meaning.
package enum ErrorCode: String, Sendable, CaseIterable, Codable {
    /// Bad command-line use: an unknown command or flag, a bad or missing value.
    case usage
    /// A provider needs an API key and the environment variable that should hold it is empty.
    case missingAPIKey = "missing_api_key"
    /// Input data fcgen cannot use: an unreadable, non-UTF-8 or malformed file, bad import rows, a card or topic
    /// name that breaks the rules, a time out of range.
    case badInput = "bad_input"
    /// A broken config file, `FCGEN_*` variable or prompt template.
    case badConfig = "bad_config"
    /// No topic, card, job, study session or box with that name or id.
    case notFound = "not_found"
    /// The request contradicts what is stored: a duplicate question, a topic name in use, a topic that still has
    /// cards, a job in the wrong state, a session that expects another card or has nothing to undo.
    case conflict
    /// The study session has ended; it refuses every further step.
    case sessionEnded = "session_ended"
    /// `--strict` and the model's reply held nothing usable, so the batch would have been templated cards.
    case fallbackRefused = "fallback_refused"
    /// The LLM provider refused the request (a bad key, an unknown model, another 4xx).
    case providerRejected = "provider_rejected"
    /// The LLM provider stayed unreachable, or kept sending replies fcgen cannot read, after the retries.
    case providerUnavailable = "provider_unavailable"
    /// A budget (`--max-cost`, a daily budget) would be crossed by the next request, so it was not sent.
    case budgetExceeded = "budget_exceeded"
    /// The database stayed locked past the busy timeout; trying again later may work.
    case databaseBusy = "database_busy"
    /// The database cannot be used (it cannot be opened or created, or was written by a newer fcgen).
    case databaseError = "database_error"
    /// The work was cancelled before it finished.
    case cancelled
    /// Anything else: a bug, or a failure fcgen has no better name for.
    case `internal`

    /// The HTTP status the API answers with for this code.
    package var httpStatus: Int {
        switch self {
        case .usage: 400
        case .badInput: 422
        case .notFound: 404
        case .conflict, .sessionEnded: 409
        case .fallbackRefused, .providerRejected: 502
        case .providerUnavailable, .databaseBusy: 503
        case .budgetExceeded: 429
        case .cancelled: 499
        case .missingAPIKey, .badConfig, .databaseError, .internal: 500
        }
    }

    /// A short, fixed summary of the problem type (RFC 9457 `title`); the error's message says the specifics.
    package var title: String {
        switch self {
        case .usage: "Bad command-line use"
        case .missingAPIKey: "The provider's API key is not set"
        case .badInput: "Input data fcgen cannot use"
        case .badConfig: "Broken configuration"
        case .notFound: "Not found"
        case .conflict: "Conflicts with what is stored"
        case .sessionEnded: "The study session has ended"
        case .fallbackRefused: "Nothing usable in the model's reply (--strict)"
        case .providerRejected: "The LLM provider refused the request"
        case .providerUnavailable: "The LLM provider is unavailable"
        case .budgetExceeded: "The budget would be crossed"
        case .databaseBusy: "The database is busy; try again"
        case .databaseError: "The database cannot be used"
        case .cancelled: "Cancelled"
        case .internal: "Unexpected failure"
        }
    }
}
