/// Why a generation ended `failed`, as the side that runs generations knows it: stopped before its last batch (a
/// cancel, a shutdown), or an error. The layers above turn it into the problem it is stored and shown as (FCContract's
/// `GenerationProblemJSON`: `cancelled` for a stop, the error's code otherwise).
package enum GenerationFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// Stopped before its last batch (``GenerationStop``); `detail` says why and how many batches were stored.
    case stopped(detail: String)
    /// An error ended it: the provider, the budget, the store.
    case error(any Error)

    package var description: String {
        switch self {
        case .stopped(let detail): detail
        case .error(let error): "\(error)"
        }
    }

    package static func == (lhs: GenerationFailure, rhs: GenerationFailure) -> Bool {
        lhs.description == rhs.description
    }
}
