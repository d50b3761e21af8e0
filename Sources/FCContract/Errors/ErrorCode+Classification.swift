import FCDeckFormats
import FCGenerator
import FCPipeline
import FCStore

extension ErrorCode {
    /// The code of an error that ended a command: the one mapping from the libraries' errors to codes (and, through
    /// ``exitStatus``, to exit statuses).
    package init(for error: any Error) {
        switch error {
        case let error as PipelineError: self.init(for: error)
        case let error as GeneratorError: self.init(for: error)
        case let error as TransportError: self = error == .cancelled ? .cancelled : .providerUnavailable
        case let error as StoreError: self.init(for: error)
        case is QuizOverrideRefusal: self = .conflict
        case is BudgetExceeded: self = .budgetExceeded
        case is DeckFormatError: self = .badInput
        case is any UsageFailure: self = .usage
        case is CancellationError: self = .cancelled
        default: self = .internal
        }
    }

    private init(for error: PipelineError) {
        switch error {
        case .config, .environment, .priceMissing: self = .badConfig
        case .setting, .noOfflineRecording, .noOfflineReply: self = .usage
        // A time in the future is no time an answer can have; one before its card or its last review does not fit
        // what is stored.
        case .eventTime(let violation): self = violation.isBadInput ? .badInput : .usage
        case .missingAPIKey, .missingImageKey: self = .missingAPIKey
        case .fallbackRefused: self = .fallbackRefused
        case .input, .study, .importRefused, .importEmpty: self = .badInput
        case .topicNotFound, .boxNotFound: self = .notFound
        // A failed batch fails as its cause would: unavailable, rejected, busy …
        case .batchFailed(_, _, _, let underlying): self.init(for: underlying)
        }
    }

    private init(for error: GeneratorError) {
        switch error {
        case .promptsMissing, .unknownPlaceholder, .invalidTemplate: self = .badConfig
        case .unavailable, .unreachable, .badResponse: self = .providerUnavailable
        case .rejected: self = .providerRejected
        case .cancelled: self = .cancelled
        }
    }

    private init(for error: StoreError) {
        switch error {
        case .cardNotFound, .jobNotFound, .sessionNotFound, .topicNotFound, .tokenNotFound, .userNotFound:
            self = .notFound
        case .duplicateQuestion, .topicNameTaken, .topicHasCards, .jobStateConflict, .sessionConflict,
            .batchNumberTaken, .leaseLost, .idempotencyKeyReused:
            self = .conflict
        case .sessionEnded: self = .sessionEnded
        case .positionOutOfRange, .invalidTopicName, .invalidUserName, .invalidPolicy, .databaseMissing, .notADatabase,
            .nulInText:
            self = .badInput
        case .cannotCreateDirectory, .cannotOpen, .migrationFailed, .schemaTooNew, .corruptRow: self = .databaseError
        case .sqlite, .postgres: self = error.isBusy ? .databaseBusy : .databaseError
        case .busy: self = .databaseBusy
        case .closed, .copyMismatch: self = .databaseError
        case .copyTargetNotEmpty: self = .conflict
        case .injectedFault, .gamificationStateNotEncoded: self = .internal
        }
    }
}

/// An error that means the command line (or request) was used wrongly: its code is ``ErrorCode/usage``. The command
/// line's parser errors conform (FCCommandLine), so this module needs no parser.
package protocol UsageFailure: Error {}
