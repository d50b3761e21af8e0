import FCCore

/// Why a generation stops before its last batch: the process is shutting down (SIGTERM), or a request cancelled it
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

    /// The failure of a generation stopped while it was queued.
    package var beforeStart: GenerationFailure {
        .stopped(detail: "\(cause) before this generation started")
    }

    /// The failure of a running generation stopped after `done` of its `requested` batches were stored.
    package func afterStoring(_ done: Int, of requested: Int) -> GenerationFailure {
        .stopped(
            detail: "\(cause) after \(done) of \(Plural.count(requested, "batch")) \(done == 1 ? "was" : "were") stored"
        )
    }
}
