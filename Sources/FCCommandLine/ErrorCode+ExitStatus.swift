package import FCContract

extension ErrorCode {
    /// The exit status of a command that failed this way.
    package var exitStatus: ExitStatus {
        switch self {
        case .usage, .missingAPIKey: .usage
        case .badInput, .badConfig, .notFound, .conflict, .sessionEnded, .fallbackRefused: .dataError
        case .providerUnavailable: .unavailable
        case .budgetExceeded: .budgetExceeded
        case .databaseBusy: .temporaryFailure
        case .providerRejected, .databaseError, .cancelled, .internal: .failure
        }
    }
}
