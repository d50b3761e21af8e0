import FCContract
import FCCore

/// Why a generation stops before its last batch: the server is shutting down (SIGTERM), or a request cancelled it
/// (`DELETE /v1/generations/{id}`). Either way it ends `failed` with `cancelled`: a queued one at once, a running
/// one once the batches it has asked for are stored (their replies are paid for), naming how many were.
package enum GenerationStop: Sendable, Equatable {
    case shutdown
    case request

    private var cause: String {
        switch self {
        case .shutdown: "the server shut down"
        case .request: "cancelled by a request"
        }
    }

    /// The problem of a generation stopped while it was queued.
    var beforeStart: Problem {
        Problem(.cancelled, detail: "\(cause) before this generation started")
    }

    /// The problem of a running generation stopped after `done` of its `requested` batches were stored.
    func afterStoring(_ done: Int, of requested: Int) -> Problem {
        Problem(
            .cancelled,
            detail: "\(cause) after \(done) of \(Plural.count(requested, "batch")) \(done == 1 ? "was" : "were") stored"
        )
    }
}

/// What `DELETE /v1/generations/{id}` did.
package enum GenerationCancellation: Sendable {
    /// It was queued: it has failed (`cancelled`) without asking for anything.
    case cancelledQueued(GenerationRecord)
    /// It is running: it asks for no further batch, and fails once the ones asked for are stored. `first` is false
    /// when an earlier request had cancelled it already.
    case stopping(GenerationRecord, first: Bool)
    /// It had ended already: nothing changed.
    case finished(GenerationRecord)
}
